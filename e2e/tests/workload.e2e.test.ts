// The Workload section of Progress in Chromium against the real simulator: a learner with
// reviewed cards sees the next year's reviews at their desired retention, moves the retention and
// the numbers change, applies it and the settings page shows it. axe finds no violation in the
// section at a desktop and a phone size in the light and the dark theme, nothing is wider than the
// page, and the section is photographed so (/tmp/shots/workload-*.png).
import { mkdirSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { testSite } from '../src/harness';

const site = testSite();

const SHOTS = '/tmp/shots';
const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const THEMES = ['light', 'dark'] as const;
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

jest.setTimeout(180_000);
beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

/** Every axe violation (any impact) in the section, one line per node. */
async function violations(page: Page, label: string): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .include('section.workload')
    .withTags(WCAG_TAGS)
    .options({ rules: { 'target-size': { enabled: true } } })
    .analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${label}: ${violation.id} (${node.impact}) at ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ').trim()}`,
    ),
  );
}

/** The section as laid out, without the sticky top bar over it: a full-page picture clipped to it. */
async function shoot(page: Page, section: Locator, name: string): Promise<void> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  const box = await section.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return { x: rect.left + window.scrollX, y: rect.top + window.scrollY, width: rect.width, height: rect.height };
  });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true, clip: box });
}

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

/** axe in the section and no sideways overflow at both sizes in both themes, with a picture of each. */
async function expectNoProblems(page: Page, section: Locator, name: string): Promise<void> {
  const problems: string[] = [];
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const theme of THEMES) {
      await page.evaluate((value) => (document.documentElement.dataset.theme = value), theme);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      problems.push(...(await violations(page, `${name} ${size.name} ${theme}`)));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(`${size.name} ${theme} overflow ${overflow}`).toBe(`${size.name} ${theme} overflow 0`);
      await shoot(page, section, `workload-${name}-${size.name}-${theme}`);
    }
  }
  await page.evaluate(() => (document.documentElement.dataset.theme = 'light'));
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(problems).toEqual([]);
}
