// Card markup that tries to take over the page: a CSV whose answer is a full-screen
// `position:fixed` overlay with an off-site link (sanitised on import), the same text typed
// through the API (stored as typed: the renderer is the last line) and a formula kerned far
// outside its card (held by its own scroller and by the card text's clip). Checked with real geometry on My Cards, the editor's preview and a study
// session: what the browser hits at any point of the page is never card text outside its box.
import type { Page } from 'playwright-core';
import { testSite } from '../src/harness';

const site = testSite();

const OVERLAY =
  '<div style="position:fixed;inset:0;z-index:2147483647;background:#c00;color:#fff;font-size:40px" class="modal-overlay" id="root">' +
  'Session expired. <a href="https://evil.example/login" style="position:fixed;inset:0">Sign in again</a></div>';
const csvField = (text: string) => `"${text.replace(/"/g, '""')}"`;

interface Stray {
  x: number;
  y: number;
  hit: string;
}

/**
 * Hit-tests the whole viewport on a grid (and its corners and centre): every point whose
 * topmost element is card text (`.rich-text`) must lie inside that card text's own box, and
 * no corner may be card text at all.
 */
async function strayCardText(page: Page): Promise<Stray[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const height = window.innerHeight;
    const corners = [
      [0, 0],
      [width - 1, 0],
      [0, height - 1],
      [width - 1, height - 1],
    ];
    const points = [...corners, [Math.floor(width / 2), Math.floor(height / 2)]];
    for (let x = 5; x < width; x += 25) for (let y = 5; y < height; y += 25) points.push([x, y]);
    const stray: Stray[] = [];
    points.forEach(([x, y], index) => {
      const hit = document.elementFromPoint(x!, y!);
      const text = hit?.closest('.rich-text');
      if (!hit || !text) return;
      const box = text.getBoundingClientRect();
      const outside = x! < box.left - 1 || x! > box.right + 1 || y! < box.top - 1 || y! > box.bottom + 1;
      if (outside || index < corners.length)
        stray.push({ x: x!, y: y!, hit: `${hit.tagName} ${hit.textContent?.slice(0, 40)}` });
    });
    return stray;
  });
}

/** The overlay's words are shown in place: in the flow, its link opening elsewhere, safely. */
async function expectDefused(page: Page, scope: ReturnType<Page['locator']>) {
  const words = scope.getByText('Session expired.').first();
  await words.waitFor();
  expect(await words.evaluate((element) => getComputedStyle(element).position)).toBe('static');
  const link = scope.getByRole('link', { name: 'Sign in again' }).first();
  expect(await link.getAttribute('href')).toBe('https://evil.example/login');
  expect(await link.getAttribute('target')).toBe('_blank');
  expect((await link.getAttribute('rel'))?.split(' ')).toEqual(expect.arrayContaining(['noopener', 'noreferrer']));
  expect(await link.evaluate((element) => getComputedStyle(element).position)).toBe('static');
  expect(await strayCardText(page)).toEqual([]);
}

test('markup: an imported overlay, the same text typed, and a kerned formula stay inside their cards', async () => {
  const { page, context, errors } = await site.learner();

  // Typed through the API: stored as sent, so only the renderer stands between it and the page.
  await site.createCards(page, [
    { question: 'Typed overlay', answer: OVERLAY },
    { question: 'Kerned formula', answer: 'far $\\kern-24em\\colorbox{red}{\\rule{20em}{20em}}$ away' },
  ]);

  // Imported from a CSV through the import screen.
  await page.goto('/cards');
  await page.getByRole('heading', { name: 'My Flashcards' }).waitFor();
  await page.getByRole('button', { name: 'Import' }).click();
  await page
    .getByLabel('Paste CSV or tab-separated text')
    .fill(`question,answer\nImported overlay,${csvField(OVERLAY)}`);
  await page.getByRole('button', { name: 'Preview' }).click();
  await page.getByRole('button', { name: 'Import 1 card' }).click();
  await page.getByText('Showing 3 card(s)', { exact: true }).waitFor();

  // My Cards: both overlays are words in their tiles; the formula is painted inside its card.
  const tiles = page.getByRole('list', { name: 'Cards' });
  await tiles.locator('.katex').first().waitFor({ state: 'attached' });
  expect(await tiles.getByRole('link', { name: 'Sign in again' }).count()).toBe(2);
  await expectDefused(page, tiles);
  // The server kept none of the overlay's attributes; the typed card still has them, unrendered.
  const stored = await site.callAs<Array<{ question: string; answer: string }>>(page, 'GET', '/cards');
  expect(stored.find((card) => card.question === 'Imported overlay')?.answer).toBe(
    '<div>Session expired. <a href="https://evil.example/login">Sign in again</a></div>',
  );
  expect(stored.find((card) => card.question === 'Typed overlay')?.answer).toBe(OVERLAY);
  // The check bites: the overlay put back by hand into a card's text covers the corners.
  await page.evaluate(() => {
    const text = document.querySelector<HTMLElement>('.rich-text')!;
    const overlay = document.createElement('div');
    overlay.id = 'planted';
    overlay.style.cssText = 'position:fixed;inset:0;z-index:2147483647';
    overlay.textContent = 'planted';
    text.append(overlay);
  });
  expect((await strayCardText(page)).length).toBeGreaterThan(4);
  await page.evaluate(() => document.getElementById('planted')!.remove());

  // The editor's live preview of the typed card.
  await page.getByRole('button', { name: 'Edit card: Typed overlay' }).click();
  const dialog = page.getByRole('dialog');
  await expectDefused(page, dialog.getByRole('group', { name: /^Card 1/ }));
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });

  // A study session: each card's answer revealed, checked, rated.
  await page.goto('/study');
  await page.getByRole('region', { name: 'New Cards' }).getByRole('button', { name: 'Learn New Cards' }).click();
  await page.waitForURL('**/study/new');
  for (let card = 1; card <= 3; card++) {
    await page.getByText(`New Card ${card} of 3`, { exact: true }).waitFor();
    const flashcard = page.getByRole('article', { name: 'Flashcard' });
    const asked = (await flashcard.innerText()).trim();
    await page.getByRole('button', { name: 'Reveal Answer' }).click();
    const answer = page.getByRole('region', { name: 'Answer' });
    if (/overlay/.test(asked)) await expectDefused(page, answer);
    else {
      await answer.locator('.katex').waitFor({ state: 'attached' });
      expect(await strayCardText(page)).toEqual([]);
      // What keeps the kerned box in: the formula's own scroller (a long formula scrolls in its
      // card), and the card text's clip behind it. Without either alone it stays in; without
      // both it is hit outside.
      const unclip = (selector: string, overflow: string) =>
        answer
          .locator(selector)
          .evaluate((element, value) => ((element as HTMLElement).style.overflow = value), overflow);
      await unclip('.rich-text', 'visible');
      expect(await strayCardText(page)).toEqual([]);
      await unclip('.katex', 'visible');
      expect(await strayCardText(page)).not.toEqual([]);
      await unclip('.rich-text', '');
      expect(await strayCardText(page)).toEqual([]);
      await unclip('.katex', '');
    }
    await page.keyboard.press('3');
  }
  await page.getByRole('heading', { name: 'New Cards Learned!' }).waitFor();

  expect(errors).toEqual([]);
  await context.close();
});
