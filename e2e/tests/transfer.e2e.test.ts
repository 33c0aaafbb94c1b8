// Anki packages both ways in Chromium: a learner exports an .apkg from My Cards (a real
// download), a second account imports it and sees the same cards; the first account's re-import
// of the same file previews 0 new and every note unchanged, with Anki's choice for notes already
// here. axe finds no violation on that preview at a desktop and a phone size in the light and the
// dark theme, and it is photographed so (/tmp/shots/transfer-*.png).
import { mkdirSync, readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { axeViolations, painted, SHOTS, sidewaysOverflow, SIZES } from '../src/axe';
import { accessToken, testSite } from '../src/harness';

const site = testSite();

/** Every axe violation in the import dialog (the page behind it is the cards screen's and the shell's own checks'). */
const violations = async (page: Page, label: string): Promise<string[]> =>
  (await axeViolations(page, { include: '[role="dialog"]' })).map((line) => `${label}: ${line}`);

/** Opens the import dialog, uploads the package and previews it. */
async function previewPackage(page: Page, file: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import cards' });
  await dialog.getByLabel('Upload a .csv or .txt file').setInputFiles(file);
  await dialog.getByText(/^Anki package: /).waitFor();
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await dialog.getByText(/^Notes: /).waitFor();
  return dialog;
}

/** axe and a picture of the dialog at both sizes, in the theme the page shows. */
async function auditAndShoot(page: Page, dialog: Locator, theme: 'light' | 'dark'): Promise<string[]> {
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
  const problems: string[] = [];
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await painted(page);
    problems.push(...(await violations(page, `${size.name} ${theme}`)));
    const overflow = await sidewaysOverflow(page);
    expect(`${size.name} ${theme} overflow ${overflow}`).toBe(`${size.name} ${theme} overflow 0`);
    await dialog.getByRole('group', { name: 'Notes already here' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/transfer-${size.name}-${theme}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  return problems;
}

test('an .apkg exported from My Cards imports into another account, and its re-import finds every note unchanged', async () => {
  mkdirSync(SHOTS, { recursive: true });
  const author = await site.learner();
  const token = await accessToken(author.page);
  const set = await site.call(token, 'POST', '/categories', { name: 'German' });
  for (const card of [
    { kind: 'reversed', question: 'Hund', answer: 'dog', category_id: set.id },
    { question: 'Katze', answer: 'cat', tags: 'animals, a1', category_id: set.id },
    { kind: 'cloze', question: '{{c1::Berlin}} is the capital of {{c2::Germany}}', answer: '' },
  ])
    await site.call(token, 'POST', '/cards', card);

  const { page } = author;
  await page.goto('/cards');
  await page.getByText('Showing 5 card(s)', { exact: true }).waitFor();
  // The new action beside the CSV export, photographed at both sizes.
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    // The sidebar slides away as the width falls to a phone's: the picture after it has gone.
    await page.waitForTimeout(600);
    await page.getByRole('button', { name: 'Export Anki package (.apkg)' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/transfer-cards-${size.name}-light.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Anki package (.apkg)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('flashcards.apkg');
  const file = `${SHOTS}/../transfer-flashcards.apkg`;
  await download.saveAs(file);
  // A zip holding the legacy collection.
  expect(readFileSync(file).subarray(0, 2).toString()).toBe('PK');

  // A second account: every note new, then the same cards on its screen.
  const reader = await site.learner();
  await reader.page.goto('/cards');
  await reader.page.getByText('No cards yet').waitFor();
  const first = await previewPackage(reader.page, file);
  await first.getByText('Notes: 3 new, 0 updated, 0 unchanged').waitFor();
  expect(await first.getByRole('group', { name: 'Notes already here' }).count()).toBe(0);
  await first.getByRole('button', { name: 'Import 3 cards' }).click();
  await reader.page.getByText('Showing 5 card(s)', { exact: true }).waitFor();
  for (const text of ['Hund', 'Katze']) await reader.page.getByText(text, { exact: true }).first().waitFor();
  const readerToken = await accessToken(reader.page);
  const sets = await site.call(readerToken, 'GET', '/categories');
  expect(sets.map((row: { name: string; card_count: number }) => [row.name, row.card_count])).toEqual([['German', 3]]);

  // The first account again: nothing new, everything unchanged, the choice offered.
  const again = await previewPackage(page, file);
  await again.getByText('Notes: 0 new, 0 updated, 3 unchanged').waitFor();
  const choice = again.getByRole('group', { name: 'Notes already here' });
  expect(await choice.getByRole('radio', { name: /^Update them/ }).isChecked()).toBe(true);
  expect(await again.getByRole('button', { name: 'Import 0 cards' }).isDisabled()).toBe(true);
  const problems = await auditAndShoot(page, again, 'light');

  await site.call(token, 'PUT', '/user/settings', { darkMode: true });
  await page.reload();
  await page.getByText('Showing 5 card(s)', { exact: true }).waitFor();
  const dark = await previewPackage(page, file);
  problems.push(...(await auditAndShoot(page, dark, 'dark')));
  expect(problems).toEqual([]);

  // Import anyway: three more notes, five more cards.
  await dark.getByRole('radio', { name: 'Import them anyway as new notes' }).check();
  await dark.getByRole('button', { name: 'Import 3 cards' }).click();
  await page.getByText('Showing 10 card(s)', { exact: true }).waitFor();
  expect(author.errors).toEqual([]);
  expect(reader.errors).toEqual([]);
});
