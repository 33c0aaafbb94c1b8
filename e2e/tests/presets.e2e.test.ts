// Set options (presets): a learner gives a set its own preset of 3 new cards a day in My Cards'
// set options dialog, and the study hub and the new-card session for that set then offer 3,
// while all cards still offer the default's. The settings page edits the default preset's review
// limit, and Manage sets names each set's preset. axe (WCAG 2.2 A/AA) on the dialogs and the
// settings page at 1280x800 and 390x844 in the light and dark themes; pictures in
// /tmp/shots/presets-*.png.
import type { Page } from 'playwright-core';
import { audit, setTheme, shootElement, sidewaysOverflow, SHOTS } from '../src/axe';
import { testSite } from '../src/harness';

const site = testSite();

/** axe's serious and critical findings in the dialog at both sizes in both themes, with a picture of each. */
async function auditAndShoot(page: Page, name: string): Promise<string[]> {
  const problems = await audit(page, name, {
    include: '[role="dialog"]',
    each: async (size, theme) => {
      await page.screenshot({ path: `${SHOTS}/presets-${name}-${size.name}-${theme}.png` });
      if (size.width < 500 && (await sidewaysOverflow(page)) > 0)
        problems.push(`${name} ${size.name}: scrolls sideways`);
    },
  });
  await setTheme(page, 'light');
  return problems;
}

test('a set on a preset of 3 new cards a day offers 3 in its hub and session; the dialog is accessible', async () => {
  const { page, context, errors } = await site.learner();
  const set = await site.callAs<{ id: number }>(page, 'POST', '/categories', { name: 'Verbs' });
  for (let i = 1; i <= 6; i++) {
    await site.callAs(page, 'POST', '/cards', { question: `verb ${i}`, answer: `answer ${i}`, category_id: set.id });
  }

  await page.goto('/cards');
  await page.getByRole('button', { name: 'Manage sets' }).click();
  await page.getByRole('button', { name: 'Options for set: Verbs' }).click();
  const dialog = page.getByRole('dialog', { name: 'Options for Verbs' });
  const choice = dialog.getByLabel('Preset used by this set');
  await choice.waitFor();
  expect(await choice.evaluate((element) => element === document.activeElement)).toBe(true);
  const problems = await auditAndShoot(page, 'default');

  // Clone the default by keyboard into a preset of its own, 3 new cards a day.
  await dialog.getByRole('button', { name: 'Clone preset' }).click();
  const name = dialog.getByLabel('Name of the new preset');
  await name.fill('Three a day');
  await name.press('Enter');
  await page.getByText('Preset "Three a day" created').waitFor();
  expect(await choice.locator('option:checked').textContent()).toBe('Three a day');
  const perDay = dialog.getByLabel('New cards per day', { exact: true });
  await perDay.fill('3');
  // A steps text the parser refuses is explained beside its field.
  const steps = dialog.getByLabel('Learning steps', { exact: true });
  await steps.fill('30s');
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect(await steps.getAttribute('aria-invalid')).toBe('true');
  await dialog.getByText(/Enter 1 to 10 delays such as 1m 10m/).waitFor();
  problems.push(...(await auditAndShoot(page, 'invalid')));
  await steps.fill('1m 10m');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText('"Verbs" now uses the preset "Three a day"').waitFor();
  await page.getByRole('dialog', { name: 'Manage sets' }).waitFor();

  const presets = await site.callAs<Array<{ name: string; newCardsPerDay: number; sets: { id: number }[] }>>(
    page,
    'GET',
    '/spaced-repetition/presets',
  );
  expect(presets.find((preset) => preset.name === 'Three a day')).toMatchObject({
    newCardsPerDay: 3,
    sets: [{ id: set.id }],
  });

  // The set's hub: 3 new today of the 6 waiting, and its new-card session holds 3.
  await page.goto(`/study?set=${set.id}`);
  const newCards = page.getByRole('region', { name: 'New Cards' });
  await newCards.locator('.stat-value', { hasText: /^3$/ }).waitFor();
  await newCards.getByText('6 waiting, up to 3 new a day', { exact: true }).waitFor();
  await newCards.getByRole('button', { name: 'Learn New Cards' }).click();
  await page.waitForURL('**/study/new**');
  await page.getByText('New Card 1 of 3', { exact: true }).waitFor();

  expect(problems).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});

test("the settings page sets the default preset's review limit; Manage sets names each set's preset", async () => {
  const { page, context, errors } = await site.learner();
  await site.callAs(page, 'POST', '/categories', { name: 'Verbs' });
  const nouns = await site.callAs<{ id: number }>(page, 'POST', '/categories', { name: 'Nouns' });
  const languages = await site.callAs<{ id: number }>(page, 'POST', '/spaced-repetition/presets', {
    name: 'Languages',
  });
  await site.callAs(page, 'PUT', `/categories/${nouns.id}/preset`, { presetId: languages.id });

  // The default preset's review limit, beside its new cards, saved with the settings.
  await page.goto('/settings');
  const reviews = page.getByLabel('Maximum reviews per day', { exact: true });
  expect(await reviews.inputValue()).toBe('200');
  await reviews.fill('150');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByText('Settings saved').first().waitFor();
  const presets = await site.callAs<Array<{ id: number; maximumReviewsPerDay: number }>>(
    page,
    'GET',
    '/spaced-repetition/presets',
  );
  expect(presets.find((preset) => preset.id === 0)?.maximumReviewsPerDay).toBe(150);
  const scheduler = page.getByRole('region', { name: 'Scheduler' });
  const problems = await audit(page, 'settings', {
    each: async (size, theme) => {
      await shootElement(page, scheduler, `presets-settings-${size.name}-${theme}`);
      if (size.width < 500 && (await sidewaysOverflow(page)) > 0)
        problems.push(`settings ${size.name}: scrolls sideways`);
    },
  });

  // Manage sets: each set's preset before its Options button.
  await page.goto('/cards');
  await page.getByRole('button', { name: 'Manage sets' }).click();
  const sets = page.getByRole('dialog', { name: 'Manage sets' });
  const nounsRow = sets.getByRole('listitem').filter({ hasText: 'Nouns' });
  const verbsRow = sets.getByRole('listitem').filter({ hasText: 'Verbs' });
  await nounsRow.locator('.cards-set-preset', { hasText: 'Languages' }).waitFor();
  await verbsRow.locator('.cards-set-preset', { hasText: 'Default' }).waitFor();
  problems.push(...(await auditAndShoot(page, 'sets')));

  expect(problems).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});
