// Anki's math in a real browser: a Category Theory deck (11 notes in Anki's `[$]...[/$]`, `[$$]`,
// `[latex]` and MathJax delimiters, with review history) imported as an .apkg, and notes typed
// with the same delimiters, render as KaTeX on My Cards and in a review session, no delimiter
// left in the text; a long formula scrolls inside its tile on a 390 px phone (the tile inside
// the viewport, the page no wider). Screenshots of both screens at both sizes in both themes.
import { categoryApkg } from '@flashcard/api/src/test/anki-math-deck';
import type { Locator, Page } from 'playwright-core';
import { axeViolations } from '../src/axe';
import { testSite } from '../src/harness';

const site = testSite();

/**
 * Each screen at 1280x800 and 390x844, light and dark, `target` in view, formulas scrolled back
 * to their start: /tmp/shots/anki-math-<name>-<size>-<theme>.png.
 */
async function shots(page: Page, name: string, target: Locator) {
  for (const [size, width, height] of [
    ['desktop', 1280, 800],
    ['phone', 390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    // The sidebar's slide to its phone place ends first.
    await page.waitForTimeout(600);
    await target.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await page.evaluate(() => document.querySelectorAll('.katex-display').forEach((formula) => formula.scrollTo(0, 0)));
    for (const theme of ['light', 'dark']) {
      await page.evaluate((value) => (document.documentElement.dataset.theme = value), theme);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      await page.screenshot({ path: `/tmp/shots/anki-math-${name}-${size}-${theme}.png` });
    }
  }
  await page.evaluate(() => delete document.documentElement.dataset.theme);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The text a reader sees, KaTeX's MathML copy (for screen readers) and code spans (shown as typed) left out. */
const visibleText = (scope: Locator) =>
  scope.evaluate((element) => {
    const copy = element.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('.katex-mathml, code').forEach((math) => math.remove());
    return copy.textContent ?? '';
  });
const DELIMITER = /\[\/?\$\$?\]|\[\/?latex\]|\\[()[\]]/i;

/** At a 390 px phone: the long formula's scroller overflows inside its box, which stays in the viewport. */
async function scrollsInside(page: Page, scope: Locator) {
  await page.setViewportSize({ width: 390, height: 844 });
  const formula = scope.locator('.katex-display').first();
  await formula.waitFor();
  const geometry = await formula.evaluate((element) => {
    const text = element.closest('.rich-text')!.getBoundingClientRect();
    const box = element.getBoundingClientRect();
    return {
      scrolls: element.scrollWidth > element.clientWidth,
      overflowX: getComputedStyle(element).overflowX,
      right: box.right,
      textRight: text.right,
      viewport: window.innerWidth,
      page: document.documentElement.scrollWidth,
    };
  });
  expect(geometry.scrolls).toBe(true);
  expect(geometry.overflowX).toBe('auto');
  expect(geometry.right).toBeLessThanOrEqual(geometry.textRight + 1);
  expect(geometry.textRight).toBeLessThanOrEqual(geometry.viewport);
  expect(geometry.page).toBeLessThanOrEqual(geometry.viewport);
  // It does scroll: the end of the formula can be brought into view.
  await formula.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
  expect(await formula.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('anki math: an imported Category Theory deck and typed Anki/MathJax delimiters render as KaTeX, long formulas scroll in their card', async () => {
  const { page, context, errors } = await site.learner();
  // Notes of our own making, typed with Anki's and MathJax's delimiters.
  await site.createCards(page, [
    {
      question: 'Pythagoras \\(a^2 + b^2 = c^2\\)',
      answer: '[latex]\\begin{align}a &= b\\\\ c &= d\\end{align}[/latex]',
    },
    { question: 'Display [$$]\\int_0^1 x\\,dx[/$$]', answer: 'A price: $5 and $6, a \\$ sign, `\\(code\\)`' },
  ]);

  await page.goto('/cards');
  await page.getByRole('heading', { name: 'My Flashcards' }).waitFor();
  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import cards' });
  await dialog.getByLabel('Upload a .csv or .txt file').setInputFiles({
    name: 'Category Theory.apkg',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(categoryApkg('anki21b')),
  });
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await dialog.getByRole('button', { name: 'Import 11 cards' }).click();
  await page.getByText('Imported 11 cards').waitFor();
  await page.getByText('Showing 13 card(s)', { exact: true }).waitFor();

  // My Cards: every tile's math typeset, no delimiter left; the prose dollars stay prose.
  const tiles = page.getByRole('list', { name: 'Cards' });
  const tile = (text: string) => page.locator('.cards-tile', { hasText: text });
  await tile('Pythagoras').locator('.katex').first().waitFor();
  await tile('A long formula').locator('.katex-display').waitFor();
  expect(await visibleText(tiles)).not.toMatch(DELIMITER);
  expect(await tiles.locator('.katex-error').count()).toBe(0);
  for (const text of ['What is a category', 'Naturality square', 'Yoneda lemma', 'Hom-set notation', 'Pythagoras'])
    expect(await tile(text).locator('.katex').count()).toBeGreaterThan(0);
  // KaTeX's SVG is kept: the product's two stretchy arrows are drawn.
  expect(await tile('Product of').locator('.katex svg path').count()).toBe(2);
  const prose = tile('A price');
  expect(await prose.locator('.rich-text').last().innerText()).toContain('A price: $5 and $6, a $ sign, \\(code\\)');
  // Anki's render cache did not come along.
  expect(
    (await site.callAs<{ files: Array<{ name: string }> }>(page, 'GET', '/media')).files.map((f) => f.name),
  ).toEqual(['diagram.png']);
  // An inline formula (a scroller, whose baseline is its bottom edge) sits on the text's baseline:
  // where it would be as KaTeX's plain inline box, within a pixel.
  const offBaseline = await tile('An adjunction')
    .locator('.katex')
    .first()
    .evaluate((katex) => {
      const letter = katex.querySelector('.mord')!;
      const words = document.createRange();
      words.selectNodeContents(katex.previousSibling!);
      const drop = () => letter.getBoundingClientRect().bottom - words.getBoundingClientRect().bottom;
      const scroller = drop();
      (katex as HTMLElement).style.cssText = 'display: inline; overflow: visible; vertical-align: baseline';
      const inline = drop();
      (katex as HTMLElement).style.cssText = '';
      return Math.abs(scroller - inline);
    });
  expect(offBaseline).toBeLessThanOrEqual(1);
  await scrollsInside(page, tile('A long formula'));
  // The phone layout with a scrolling formula has no serious accessibility problem.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await axeViolations(page, { include: '.cards-tile', minImpact: 'serious' })).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await shots(page, 'cards', tile('A long formula'));

  // A review session: the imported history made them review cards, due long ago.
  await page.goto('/study');
  await page
    .getByRole('region', { name: 'Due for Review' })
    .getByRole('button', { name: 'Start Review Session' })
    .click();
  await page.waitForURL('**/study/review');
  for (let card = 1; card <= 11; card++) {
    await page.getByText(`Card ${card} of 11`, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Show Answer' }).click();
    const answer = page.getByRole('region', { name: 'Answer' });
    await answer.locator('.katex').first().waitFor();
    const flashcard = page.getByRole('article', { name: 'Flashcard' });
    expect(await visibleText(flashcard)).not.toMatch(DELIMITER);
    if ((await flashcard.innerText()).includes('A long formula')) {
      await scrollsInside(page, answer);
      await shots(page, 'session', flashcard);
    }
    await page.keyboard.press('3');
  }
  expect(errors).toEqual([]);
  await context.close();
});
