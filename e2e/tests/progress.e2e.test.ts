import type { Page } from 'playwright-core';
import { testSite } from '../src/harness';

const site = testSite();

const stat = (page: Page, label: string) => page.getByRole('group', { name: label }).locator('.stat-value');

async function expectStat(page: Page, label: string, value: string | RegExp) {
  await stat(page, label).filter({ hasText: value }).waitFor();
}

/** Cards with these questions, made through the API. */
const createCards = (page: Page, questions: string[]) =>
  site.createCards(
    page,
    questions.map((question) => ({ question, answer: `Answer to ${question}` })),
  );

test('studying cards moves Progress, the dashboard and the bell', async () => {
  const { page, context, errors } = await site.learner();

  // A new learner: zeros everywhere, an empty week.
  await page.goto('/progress');
  await page.getByRole('heading', { name: 'Progress', exact: true }).waitFor();
  await expectStat(page, 'Cards Studied', /^0$/);
  await expectStat(page, 'XP Points', /^0$/);
  await page.getByText('No reviews in the last 7 days.').waitFor();

  // Learn two new cards with the keyboard (new-card session: 1 Hard, 2 Good, 3 Easy). Good keeps
  // the first in its learning steps, back in this session, where Easy graduates it: three ratings
  // of two cards.
  await createCards(page, ['Boiling point of water at sea level?', 'Chemical symbol of gold?']);
  await page.goto('/study/new');
  await page.getByText('New Card 1 of 2', { exact: true }).waitFor();
  await page.keyboard.press('Space');
  await page.keyboard.press('2');
  await page.getByText('New Card 2 of 2', { exact: true }).waitFor();
  await page.keyboard.press('Space');
  await page.keyboard.press('3');
  await page.getByText('Again: back for another try').waitFor();
  await page.keyboard.press('Space');
  const ended = page.waitForResponse((response) => response.url().includes('/api/dashboard/session/end'));
  await page.keyboard.press('3');
  await page.getByText('New Cards Learned!').waitFor();
  expect((await ended).status()).toBe(200);

  // Progress: the numbers, the week's chart and the session all come from what was just studied;
  // Cards Studied counts cards, as the dashboard's goal does, the chart counts reviews.
  await page.goto('/progress');
  await expectStat(page, 'Cards Studied', /^2$/);
  await expectStat(page, 'Success Rate', /^100%$/);
  await expectStat(page, 'Study Streak', /^1 day$/);
  const xp = Number(
    await stat(page, 'XP Points')
      .filter({ hasText: /^[1-9]\d*$/ })
      .textContent(),
  );
  // Three reviews (10 XP each) and the finished session (20 XP), plus any achievement unlocked.
  expect(xp).toBeGreaterThanOrEqual(50);
  await page.getByText(/^3 reviews · 100(\.0)?% success rate$/).waitFor();
  await page.getByText('Completed practice session').first().waitFor();
  await page.getByText(/^2 cards · 100(\.0)?% accuracy$/).waitFor();

  // The achievements unlocked by that session reached the bell.
  const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await bell.waitFor();
  await bell.click();
  await page
    .getByRole('dialog')
    .getByText(/achievement/i)
    .first()
    .waitFor();
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();

  // The dashboard counts the same day.
  await page.goto('/dashboard');
  await page.getByRole('progressbar', { name: 'Daily goal progress' }).waitFor();
  await page.getByText('2/15', { exact: true }).waitFor();
  await page.getByRole('region', { name: 'Study Streak' }).getByText('1 day', { exact: true }).waitFor();

  expect(errors).toEqual([]);
  await context.close();
});
