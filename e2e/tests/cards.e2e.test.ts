import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { testSite } from '../src/harness';

const site = testSite();

async function fillCard(page: Page, fields: { question: string; answer: string; tags?: string }) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Question').fill(fields.question);
  await dialog.getByLabel('Answer').fill(fields.answer);
  if (fields.tags !== undefined) await dialog.getByLabel('Tags').fill(fields.tags);
}

const countLine = (page: Page) => page.getByText(/^Showing \d+ card\(s\)/);

test('cards: create, edit, sets, move, filter, search, delete, import and export', async () => {
  const { page, context, errors } = await site.learner();
  await page.goto('/cards');
  await page.getByRole('heading', { name: 'My Flashcards' }).waitFor();
  await page.getByText('No cards yet').waitFor();

  // Create: the first from the empty state, the second from the toolbar.
  await page.getByRole('button', { name: 'Create First Card' }).click();
  await fillCard(page, {
    question: 'What is the powerhouse of the cell?',
    answer: 'The nucleus',
    tags: 'biology, cells',
  });
  await page.getByRole('button', { name: 'Create Card' }).click();
  await page.getByText('Card created successfully').waitFor();
  await page.getByRole('button', { name: 'Add New Card' }).click();
  await fillCard(page, { question: 'Capital of France?', answer: 'Paris', tags: 'geography' });
  await page.getByRole('button', { name: 'Create Card' }).click();
  await page.getByText('Showing 2 card(s)', { exact: true }).waitFor();

  // Validation happens before any call.
  await page.getByRole('button', { name: 'Add New Card' }).click();
  await fillCard(page, { question: '   ', answer: 'x' });
  await page.getByRole('button', { name: 'Create Card' }).click();
  await page.getByText('Question and answer are required').waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });

  // Edit replaces in place.
  await page.getByRole('button', { name: 'Edit card: What is the powerhouse of the cell?' }).click();
  await page.getByRole('dialog').getByLabel('Answer').fill('The mitochondria');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByText('Card updated successfully').waitFor();
  await page.getByText('The mitochondria').first().waitFor();

  // A set, and a card moved into it.
  await page.getByRole('button', { name: 'Manage sets' }).click();
  await page.getByLabel('New set name').fill('Biology');
  await page.getByRole('button', { name: 'Create set' }).click();
  await page.getByRole('dialog').getByText('Biology').first().waitFor();
  await page.keyboard.press('Escape');
  await page.getByLabel('Select card: What is the powerhouse of the cell?').check();
  await page.getByLabel('Destination set').selectOption({ label: 'Biology' });
  await page.getByRole('button', { name: 'Move to set' }).click();
  await page.getByText('Biology').first().waitFor();

  // Filter by set: the list reloads, the count says it is filtered.
  const filters = page.getByRole('region', { name: 'Filters' });
  await filters.getByLabel('Set').selectOption({ label: 'Biology' });
  await page.getByText('Showing 1 card(s) (filtered)').waitFor();
  await filters.getByLabel('Set').selectOption({ index: 0 });
  await page.getByText('Showing 2 card(s)', { exact: true }).waitFor();

  // Search matches answers case-insensitively; clearing it brings the full list back.
  await page.getByLabel('Search cards').fill('MITOCHONDRIA');
  await page.getByText('Showing 1 card(s) (filtered)').waitFor();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await page.getByText('Showing 2 card(s)', { exact: true }).waitFor();

  // Delete asks first, then removes the card without a reload.
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe('Are you sure you want to delete this card? This action cannot be undone.');
    void dialog.accept();
  });
  await page.getByRole('button', { name: 'Delete card: Capital of France?' }).click();
  await page.getByText('Card deleted successfully').waitFor();
  await page.getByText('Showing 1 card(s)', { exact: true }).waitFor();

  // Import: tricky CSV plus one bad row; the preview reports it, the good rows are imported.
  const csv = [
    'question,answer,tags',
    '"Say ""hello"", world","Line one',
    'line two",quotes',
    'Ünïcödé — 日本語?,✓ yes 🎉,unicode',
    ',missing question,bad',
  ].join('\n');
  await page.getByRole('button', { name: 'Import' }).click();
  await page.getByLabel('Paste CSV or tab-separated text').fill(csv);
  await page.getByRole('button', { name: 'Preview' }).click();
  await page
    .getByRole('dialog')
    .getByText(/Question is required/)
    .waitFor();
  await page.getByRole('button', { name: 'Import 2 cards' }).click();
  await page.getByText('Showing 3 card(s)', { exact: true }).waitFor();

  // Export: the file holds every card, with quotes, newlines and unicode intact.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  const exported = readFileSync((await download.path())!, 'utf8');
  expect(exported.split(/\r?\n/)[0]).toBe('question,answer,tags,notetype,set');
  expect(exported).toContain('"Say ""hello"", world","Line one\nline two",quotes');
  expect(exported).toContain('Ünïcödé — 日本語?,✓ yes 🎉,unicode');
  expect(exported).toContain('The mitochondria');
  expect(await countLine(page).count()).toBe(1);

  // Search folds case beyond ASCII.
  await page.getByRole('searchbox', { name: 'Search cards' }).fill('ÜNÏCÖDÉ');
  await page.getByText('Showing 1 card(s) (filtered)').waitFor();
  await page.getByRole('searchbox', { name: 'Search cards' }).fill('');
  await page.getByText('Showing 3 card(s)', { exact: true }).waitFor();

  // Many cards come a page at a time: the count is the total, "Show more" loads the rest.
  const many = Array.from({ length: 60 }, (_, n) => `Bulk question ${n},Bulk answer ${n}`).join('\n');
  await page.getByRole('button', { name: 'Import' }).click();
  await page.getByLabel('Paste CSV or tab-separated text').fill(many);
  await page.getByRole('button', { name: 'Preview' }).click();
  await page.getByRole('button', { name: 'Import 60 cards' }).click();
  await page.getByText('Showing 63 card(s)', { exact: true }).waitFor();
  const tiles = page.getByRole('list', { name: 'Cards' }).getByRole('listitem');
  expect(await tiles.count()).toBe(50);
  await page.getByText('50 of 63 shown').waitFor();
  await page.getByRole('button', { name: 'Show more' }).click();
  await page.getByRole('checkbox', { name: 'Select card: Bulk question 9' }).waitFor();
  expect(await tiles.count()).toBe(63);
  expect(await page.getByRole('button', { name: 'Show more' }).count()).toBe(0);

  expect(errors).toEqual([]);
  await context.close();
});
