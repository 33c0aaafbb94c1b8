// The Workload section of Progress in Chromium against the real simulator: a learner with
// reviewed cards sees the next year's reviews at their desired retention, moves the retention and
// the numbers change, applies it and the settings page shows it. axe finds no violation in the
// section at a desktop and a phone size in the light and the dark theme, nothing is wider than the
// page, and the section is photographed so (/tmp/shots/workload-*.png).
import type { Locator, Page } from 'playwright-core';
import { audit, setTheme, shootElement, sidewaysOverflow } from '../src/axe';
import { testSite } from '../src/harness';

const site = testSite();

jest.setTimeout(180_000);

/** The figure under a term of the section's list ('Minutes per day' -> '4.2'). */
const figure = (section: Locator, term: string | RegExp) =>
  section
    .locator('.workload-figures > div')
    .filter({ has: section.page().getByText(term) })
    .locator('dd');

test('a learner sees the year ahead, moves the retention, and makes it theirs', async () => {
  const { page, context, errors } = await site.learner();
  // 24 cards studied once (Easy for a third: straight into review; Good: learning), 10 new ones.
  for (let i = 0; i < 24; i++) {
    const card = await site.callAs<{ id: number }>(page, 'POST', '/cards', {
      question: `Capital ${i}?`,
      answer: `City ${i}`,
    });
    await site.callAs(page, 'POST', '/spaced-repetition/review', {
      cardId: card.id,
      result: i % 3 === 0 ? 3 : 2,
      timeSpent: 6_000,
    });
  }
  await site.createCards(
    page,
    Array.from({ length: 10 }, (_, i) => ({ question: `New word ${i}`, answer: `Meaning ${i}` })),
  );

  await page.goto('/progress');
  const section = page.getByRole('region', { name: 'Workload' });
  const slider = section.getByRole('slider', { name: 'Desired retention' });
  await slider.waitFor();
  expect(await slider.inputValue()).toBe('90');
  await section.getByText('Cards studied: 24. New cards waiting: 10, 20 a day.').waitFor();
  const dailyChart = section.getByRole('img', {
    name: /^At 90%, about [\d.]+ reviews and [\d.]+ minutes a day over the next 365 days; the busiest day is .+ with \d+ reviews\.$/,
  });
  await dailyChart.waitFor();
  await section
    .getByRole('img', {
      name: /^Minutes per day rise from [\d.]+ at 70% to [\d.]+ at 97%\. Your desired retention is 90%\./,
    })
    .waitFor();
  await section.getByText('Your desired retention: 90%').waitFor();
  const at90 = Number(await figure(section, 'Reviews per day at 90%').textContent());
  const minutes90 = Number(await figure(section, 'Minutes per day').textContent());
  expect(at90).toBeGreaterThan(0);
  await expectNoProblems(page, section, 'at-target');

  // A higher retention: more reviews and more minutes a day.
  await section.getByRole('spinbutton', { name: 'Desired retention, percent' }).fill('97');
  await figure(section, 'Reviews per day at 97%').waitFor();
  expect(await slider.inputValue()).toBe('97');
  await section.getByText('Chosen: 97%').waitFor();
  await page.waitForFunction(() => document.querySelectorAll('section.workload[aria-busy="true"]').length === 0);
  const at97 = Number(await figure(section, 'Reviews per day at 97%').textContent());
  expect(at97).toBeGreaterThan(at90);
  expect(Number(await figure(section, 'Minutes per day').textContent())).toBeGreaterThan(minutes90);
  await expectNoProblems(page, section, 'chosen');

  // Back down with the keyboard on the slider: fewer reviews than at 97%.
  await slider.focus();
  for (let i = 0; i < 12; i++) await page.keyboard.press('ArrowLeft');
  expect(await section.getByRole('spinbutton', { name: 'Desired retention, percent' }).inputValue()).toBe('85');
  await figure(section, 'Reviews per day at 85%').waitFor();
  expect(Number(await figure(section, 'Reviews per day at 85%').textContent())).toBeLessThan(at97);

  // Made the learner's: said in the section, marked on the curve, and the settings page shows it.
  await section.getByRole('button', { name: 'Use 85% as my desired retention' }).click();
  await section.getByRole('status').filter({ hasText: 'Your desired retention is now 85%.' }).waitFor();
  await section.getByText('Your desired retention: 85%').waitFor();
  expect(await section.getByRole('button', { name: 'Use 85% as my desired retention' }).isDisabled()).toBe(true);
  await page.goto('/settings');
  const setting = page.getByRole('slider', { name: 'Desired retention' });
  await setting.waitFor();
  expect(await setting.inputValue()).toBe('85');

  expect(errors).toEqual([]);
  await context.close();
});

/** axe in the section (every violation) and no sideways overflow at both sizes in both themes, with a picture of each. */
async function expectNoProblems(page: Page, section: Locator, name: string): Promise<void> {
  const problems = await audit(page, name, {
    include: 'section.workload',
    minImpact: 'minor',
    each: async (size, theme) => {
      const overflow = await sidewaysOverflow(page);
      expect(`${size.name} ${theme} overflow ${overflow}`).toBe(`${size.name} ${theme} overflow 0`);
      await shootElement(page, section, `workload-${name}-${size.name}-${theme}`);
    },
  });
  await setTheme(page, 'light');
  expect(problems).toEqual([]);
}
