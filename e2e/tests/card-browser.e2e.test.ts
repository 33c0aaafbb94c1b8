// The card browser in Chromium: queries in the search syntax narrow the list, an unreadable one
// is explained beside the box; ticked cards are tagged, suspended and deleted from the bulk bar;
// deleting one card of a reversed note takes both its tiles off. axe finds no violation with the
// bar open at a desktop and a phone size in the light and the dark theme, photographed so.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { axeViolations, painted, SHOTS, sidewaysOverflow, SIZES } from '../src/axe';
import { testSite } from '../src/harness';

const site = testSite();

const tiles = (page: Page) => page.getByRole('list', { name: 'Cards' }).getByRole('listitem');
const questions = async (page: Page) =>
  (await tiles(page).locator('.cards-tile-question').allTextContents()).map((text) => text.trim()).sort();

/** Waits until the tiles show exactly these questions (a search's answer replaced the list). */
async function showing(page: Page, expected: string[]) {
  const want = [...expected].sort();
  for (let tries = 0; tries < 100; tries++) {
    if (JSON.stringify(await questions(page)) === JSON.stringify(want)) return;
    await page.waitForTimeout(100);
  }
  expect(await questions(page)).toEqual(want);
}

/** Types a query and submits it (the caller waits for the count it expects). */
async function search(page: Page, query: string) {
  const box = page.getByRole('searchbox', { name: 'Search cards' });
  await box.fill(query);
  await box.press('Enter');
}

/** Every axe violation on the page as it is, one line per node. */
const violations = async (page: Page, label: string): Promise<string[]> =>
  (await axeViolations(page)).map((line) => `${label}: ${line}`);

/** axe at both sizes and a full-page picture at each, in the theme the page shows. */
async function auditAndShoot(page: Page, theme: 'light' | 'dark'): Promise<string[]> {
  expect(await page.evaluate(() => document.documentElement.dataset.theme ?? 'light')).toBe(theme);
  const problems: string[] = [];
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await painted(page);
    problems.push(...(await violations(page, `${size.name} ${theme}`)));
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/card-browser-${size.name}-${theme}.png`, fullPage: true });
    const overflow = await sidewaysOverflow(page);
    expect(`${size.name} ${theme} overflow ${overflow}`).toBe(`${size.name} ${theme} overflow 0`);
    // Every control of the bar is inside the page's width (nothing clipped on a phone).
    const clipped = await page.getByRole('region', { name: 'Selected cards' }).evaluate((bar) =>
      Array.from(bar.querySelectorAll('button, input, select'))
        .filter((control) => control.getBoundingClientRect().right > window.innerWidth)
        .map((control) => control.outerHTML.slice(0, 80)),
    );
    expect(clipped).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  return problems;
}

test('searches in the syntax, explains a bad query, and tags, suspends and deletes ticked cards', async () => {
  mkdirSync(SHOTS, { recursive: true });
  const { page, context, errors } = await site.learner();
  for (const card of [
    { question: 'Mitosis', answer: 'Cell division', tags: 'bio::cell' },
    { question: 'Meiosis', answer: 'Cell division twice', tags: 'bio' },
    { question: 'Photosynthesis', answer: 'Light to sugar', tags: 'botany' },
    { question: 'Capital of France', answer: 'Paris', tags: 'geo' },
    { kind: 'reversed', question: 'Hund', answer: 'dog', tags: 'german' },
  ]) {
    await site.callAs(page, 'POST', '/cards', card);
  }
  await page.goto('/cards');
  await page.getByText('Showing 6 card(s)', { exact: true }).waitFor();

  // Queries: a tag with its children; or, negation and a phrase.
  await search(page, 'tag:bio');
  await showing(page, ['Meiosis', 'Mitosis']);
  await page.getByText('Showing 2 card(s) (filtered)').waitFor();
  await search(page, '(tag:bio or tag:botany) -meiosis');
  await showing(page, ['Mitosis', 'Photosynthesis']);
  await search(page, '"division twice"');
  await showing(page, ['Meiosis']);

  // An unreadable query: the API's reason with its position, beside the box, no toast.
  await search(page, 'tag:bio )');
  const error = page.getByText('This search cannot be read: Unexpected ")" at position 9');
  await error.waitFor();
  const box = page.getByRole('searchbox', { name: 'Search cards' });
  expect(await box.getAttribute('aria-invalid')).toBe('true');
  expect(await page.getByText('Search failed').count()).toBe(0);
  expect(await page.getByText('The search could not be completed.').count()).toBe(0);

  // Tick three cards, tag them from the bar (keyboard only: type, Enter).
  await search(page, 'tag:bio or tag:botany');
  await showing(page, ['Meiosis', 'Mitosis', 'Photosynthesis']);
  expect(await error.count()).toBe(0);
  await page.getByRole('button', { name: 'Select all shown' }).click();
  const bar = page.getByRole('region', { name: 'Selected cards' });
  await bar.getByText('3 selected').waitFor();
  await bar.getByRole('textbox', { name: 'Tags' }).fill('exam');
  await bar.getByRole('textbox', { name: 'Tags' }).press('Enter');
  await page.getByText('Tags added to 3 cards').waitFor();
  await search(page, 'tag:exam');
  await showing(page, ['Meiosis', 'Mitosis', 'Photosynthesis']);

  // The bar open: axe and pictures in both themes at both sizes.
  await page.getByRole('button', { name: 'Select all shown' }).click();
  await bar.getByText('3 selected').waitFor();
  const problems = await auditAndShoot(page, 'light');
  await site.callAs(page, 'PUT', '/user/settings', { darkMode: true });
  await page.reload();
  await page.getByText('Showing 6 card(s)', { exact: true }).waitFor();
  await search(page, 'tag:exam');
  await showing(page, ['Meiosis', 'Mitosis', 'Photosynthesis']);
  await page.getByRole('button', { name: 'Select all shown' }).click();
  problems.push(...(await auditAndShoot(page, 'dark')));
  expect(problems).toEqual([]);

  // Suspend them; is:suspended finds them.
  await bar.getByRole('button', { name: 'Suspend', exact: true }).click();
  await page.getByText('3 cards suspended').waitFor();
  await search(page, 'is:suspended');
  await showing(page, ['Meiosis', 'Mitosis', 'Photosynthesis']);

  // Delete them, after a question that says how many.
  await page.getByRole('button', { name: 'Select all shown' }).click();
  let asked = '';
  page.once('dialog', (dialog) => {
    asked = dialog.message();
    void dialog.accept();
  });
  await bar.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByText('3 cards deleted').waitFor();
  expect(asked).toMatch(/^Delete 3 selected cards\?/);
  await page.getByText('No cards match your filters').waitFor();

  // One card of a reversed note: the question says both go, and both tiles leave the screen.
  await page.getByRole('button', { name: 'Clear search' }).click();
  await page.getByText('Showing 3 card(s)', { exact: true }).waitFor();
  expect(await tiles(page).filter({ hasText: 'Hund' }).count()).toBe(2);
  page.once('dialog', (dialog) => {
    asked = dialog.message();
    void dialog.accept();
  });
  await tiles(page)
    .filter({ hasText: 'Hund' })
    .first()
    .getByRole('button', { name: /^Delete card:/ })
    .click();
  await page.getByText('Showing 1 card(s)', { exact: true }).waitFor();
  expect(asked).toContain('Both cards of its reversed note will be deleted');
  expect(await tiles(page).filter({ hasText: 'Hund' }).count()).toBe(0);
  expect(await questions(page)).toEqual(['Capital of France']);

  expect(errors).toEqual([]);
  await context.close();
});
