// Defects a learner hit, each checked in the browser: the bell stops offering
// the daily bonus once it is claimed and the dashboard shows what it paid and the token balance;
// the social page's feed is its main column; search results and the leaderboard link to
// profiles, which are styled, focus their heading and link back; the admin overview links no retired page and the users
// table shows every action on a phone; the top bar's search finds a card, a set and a learner;
// /favicon.ico is an image. axe (WCAG 2.0-2.2 A/AA, target-size) finds no serious or critical
// violation on each screen changed, at 1280x800 and 390x844 in both themes; pictures of each in
// /tmp/shots/learner-defects-*.png.
import type { Page } from 'playwright-core';
import { audit, painted, setTheme, SHOTS, sidewaysOverflow } from '../src/axe';
import { signIn, signOut, testSite } from '../src/harness';

const site = testSite();

async function settle(page: Page) {
  await page.locator('h1').first().waitFor();
  await page.waitForFunction(() => document.querySelectorAll('.spinner, [aria-busy="true"]').length === 0);
  await page.waitForLoadState('networkidle');
}

/**
 * axe at both sizes in both themes on the page as it is (serious and critical violations, as
 * lines), no sideways scroll, and a picture of each: /tmp/shots/learner-defects-<name>-<size>-<theme>.png.
 */
async function auditAndShoot(page: Page, name: string, { fullPage = true } = {}): Promise<string[]> {
  const problems = await audit(page, name, {
    each: async (size, theme) => {
      expect(`${name} ${size.name} overflow ${await sidewaysOverflow(page)}`).toBe(`${name} ${size.name} overflow 0`);
      await page.screenshot({ path: `${SHOTS}/learner-defects-${name}-${size.name}-${theme}.png`, fullPage });
    },
  });
  await setTheme(page, 'light');
  return problems;
}

test('the bell offers the daily bonus until it is claimed, and the dashboard and profile show the tokens it paid', async () => {
  const { page, context, errors } = await site.learner();
  const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  await page.getByRole('banner').getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();
  await bell.click();
  const dialog = page.getByRole('dialog', { name: 'Notifications' });
  await dialog.getByText('Daily bonus available').waitFor();
  await page.keyboard.press('Escape');

  const tile = page.getByRole('region', { name: 'Daily Bonus' });
  await tile.getByText("Claim today's bonus to receive 10 tokens and 5 XP.").waitFor();
  await tile.getByText('Tokens: 0').waitFor();
  await page.waitForLoadState('networkidle');
  const problems = await auditAndShoot(page, 'dashboard-before-claim');

  await tile.getByRole('button', { name: 'Claim bonus' }).click();
  await tile.getByText('Received today: 10 tokens and 5 XP.').waitFor();
  await tile.getByText('Tokens: 10').waitFor();
  await expect(tile.textContent()).resolves.not.toContain('to receive');
  // The bell asked again at once: no unread offer, and no offer in its list at all.
  await page.getByRole('banner').getByRole('button', { name: 'Notifications', exact: true }).waitFor();
  await bell.click();
  await dialog.getByText('No notifications yet.').waitFor();
  await expect(dialog.getByText('Daily bonus available').count()).resolves.toBe(0);
  await page.keyboard.press('Escape');

  await tile.getByText('Token history').click();
  await tile.getByText(/^\+10 · Daily bonus · /).waitFor();
  await page.mouse.move(0, 0);
  problems.push(...(await auditAndShoot(page, 'dashboard-claimed')));

  // A reload reads the same from the server: still nothing offered.
  await page.reload();
  await tile.getByText('Received today: 10 tokens and 5 XP.').waitFor();
  await page.getByRole('banner').getByRole('button', { name: 'Notifications', exact: true }).waitFor();

  await page.goto('/profile');
  await settle(page);
  await expect(page.getByRole('group', { name: 'Tokens' }).textContent()).resolves.toBe('Tokens10');
  problems.push(...(await auditAndShoot(page, 'profile')));

  expect(problems).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
}, 240_000);

test('the feed is the social page main column, search results open profiles that link back, and the top bar finds a card, a set and a learner', async () => {
  const stamp = Date.now().toString(36);
  const twin = `Zeta ${stamp} Twin`;
  const first = await site.register({ displayName: twin });
  const second = await site.register({ displayName: twin });
  const { page, context, errors } = await site.learner();
  await site.createCards(page, [{ question: `Zeta ${stamp} card question`, answer: 'An answer' }]);
  const set = await site.callAs<{ id: number }>(page, 'POST', '/categories', { name: `Zeta ${stamp} set` });

  await page.goto('/social');
  await settle(page);
  const feed = page.locator('.social-feed');
  const width = (await feed.boundingBox())!.width;
  expect(width).toBeGreaterThanOrEqual(480);

  await page.getByLabel('Search learners by name').fill(twin);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const results = page.getByRole('list', { name: 'Search results' });
  await results.getByRole('link').first().waitFor();
  const links = await results.getByRole('link').evaluateAll((all) => all.map((a) => a.getAttribute('href')));
  expect(links).toEqual([`/profile/${first.id}`, `/profile/${second.id}`]);
  // One name, told apart by the public id.
  await results.getByText(`Learner #${first.id}`).waitFor();
  await results.getByText(`Learner #${second.id}`).waitFor();
  const problems = await auditAndShoot(page, 'social');

  await results.getByRole('link').nth(1).click();
  await page.waitForURL(`**/profile/${second.id}`);
  const heading = page.getByRole('heading', { level: 1, name: twin });
  await heading.waitFor();
  await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
  await page.getByRole('region', { name: 'Public profile' }).getByText('Level').waitFor();
  problems.push(...(await auditAndShoot(page, 'public-profile')));
  await page.getByRole('link', { name: 'Back' }).click();
  await page.waitForURL('**/social');
  await page.getByRole('heading', { level: 1, name: 'Social' }).waitFor();

  // The top bar's search: a card, a set and a learner, each opening where it belongs.
  await page.goto('/dashboard');
  await settle(page);
  const box = page.getByRole('combobox', { name: 'Search' });
  const list = page.getByRole('listbox', { name: 'Search results' });
  const search = async () => {
    await box.fill(`Zeta ${stamp}`);
    await list.getByRole('option', { name: twin }).first().waitFor();
  };
  await search();
  await expect(list.getByRole('group', { name: 'Cards' }).getByRole('option').allTextContents()).resolves.toEqual([
    `Zeta ${stamp} card question`,
  ]);
  await expect(list.getByRole('group', { name: 'Sets' }).getByRole('option').allTextContents()).resolves.toEqual([
    `Zeta ${stamp} set`,
  ]);
  // One name twice, told apart by the public id beside it.
  await expect(list.getByRole('group', { name: 'Learners' }).getByRole('option').allTextContents()).resolves.toEqual([
    `${twin}Learner #${first.id}`,
    `${twin}Learner #${second.id}`,
  ]);
  problems.push(...(await auditAndShoot(page, 'top-search', { fullPage: false })));
  expect(await box.getAttribute('aria-expanded')).toBe('true');

  // The card, by keyboard: My Cards searching for it.
  await box.press('ArrowDown');
  await box.press('Enter');
  await page.waitForURL('**/cards**');
  await page.getByRole('searchbox', { name: 'Search cards' }).waitFor();
  await expect(page.getByRole('searchbox', { name: 'Search cards' }).inputValue()).resolves.toBe(`Zeta ${stamp}`);
  await page.getByText(`Zeta ${stamp} card question`).first().waitFor();

  // The set: My Cards on that set.
  await search();
  await list.getByRole('option', { name: `Zeta ${stamp} set` }).click();
  await page.waitForFunction(() => !window.location.search);
  await expect(page.getByLabel('Set', { exact: true }).inputValue()).resolves.toBe(String(set.id));

  // A learner, at a phone's size: their profile.
  await page.setViewportSize({ width: 390, height: 844 });
  await search();
  const option = list.getByRole('option', { name: twin }).first();
  const box390 = (await option.boundingBox())!;
  expect(box390.x).toBeGreaterThanOrEqual(0);
  expect(box390.x + box390.width).toBeLessThanOrEqual(390);
  await option.click();
  await page.waitForURL(`**/profile/${first.id}`);
  await page.getByRole('heading', { level: 1, name: twin }).waitFor();
  await page.setViewportSize({ width: 1280, height: 800 });

  expect(problems).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
}, 300_000);

test("the leaderboard links each learner's profile, twins told apart, oneself to one's own", async () => {
  const stamp = Date.now().toString(36);
  const twin = `Kappa ${stamp} Twin`;
  const first = await site.register({ displayName: twin });
  const second = await site.register({ displayName: twin });
  // Experience points put them on the board whoever else this server holds.
  for (const account of [first, second]) await site.call(account.token, 'POST', '/daily-bonus/claim');
  const { page, context, errors } = await site.learner();

  await page.goto('/social');
  await settle(page);
  const board = page.getByRole('list', { name: 'Leaderboard' });
  await board.getByRole('link').first().waitFor();
  const hrefOf = async (name: string) =>
    board.getByRole('link', { name, exact: true }).evaluateAll((all) => all.map((a) => a.getAttribute('href')));
  expect(await hrefOf(twin)).toEqual([`/profile/${first.id}`, `/profile/${second.id}`]);
  await board.getByText(`Learner #${first.id}`).waitFor();
  await board.getByText(`Learner #${second.id}`).waitFor();
  const mine = board.locator('li[aria-current="true"]');
  await expect(mine.getByRole('link').getAttribute('href')).resolves.toBe('/profile');
  await expect(mine.getByRole('link').textContent()).resolves.toMatch(/ \(you\)$/);
  const problems = await auditAndShoot(page, 'leaderboard');

  await board.getByRole('link', { name: twin, exact: true }).nth(1).click();
  await page.waitForURL(`**/profile/${second.id}`);
  await page.getByRole('heading', { level: 1, name: twin }).waitFor();
  await page.getByRole('link', { name: 'Back' }).click();
  await page.waitForURL('**/social');
  await board.waitFor();

  expect(problems).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
}, 240_000);

test('the admin overview links no retired page, and the users table shows every action on a phone', async () => {
  const { page, context, errors, email } = await site.learner();
  await site.product.setRole(email, 'admin');
  await signOut(page);
  await signIn(page, email);
  await page.waitForURL('**/dashboard');

  await page.goto('/admin');
  await settle(page);
  await page.getByRole('heading', { name: 'Quick Actions' }).waitFor();
  await expect(page.locator('a[href="/legacy-admin"], a[href="/super-admin"]').count()).resolves.toBe(0);
  await expect(page.getByText(/Legacy Admin|Super Admin Panel/).count()).resolves.toBe(0);
  const problems = await auditAndShoot(page, 'admin');

  await page.goto('/admin/users');
  await settle(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await painted(page);
  const actions = page.getByRole('table').getByRole('button', { name: /^(Disable|Enable) / });
  const count = await actions.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i += 1) {
    const button = actions.nth(i);
    await button.scrollIntoViewIfNeeded();
    expect(await button.isVisible()).toBe(true);
    const rect = (await button.boundingBox())!;
    expect(rect.x).toBeGreaterThanOrEqual(0);
    expect(rect.x + rect.width).toBeLessThanOrEqual(390);
  }
  // Each cell says its column.
  const label = await page
    .getByRole('table')
    .locator('td[data-label]')
    .first()
    .evaluate((td) => getComputedStyle(td, '::before').content);
  expect(label).toBe('"Role"');
  await page.setViewportSize({ width: 1280, height: 800 });
  problems.push(...(await auditAndShoot(page, 'admin-users')));

  expect(problems).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
}, 240_000);

test('/favicon.ico is an image, and every page links it', async () => {
  const response = await fetch(`${site.url}/favicon.ico`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^image\//);
  const bytes = Buffer.from(await response.arrayBuffer());
  expect([...bytes.subarray(0, 4)]).toEqual([0, 0, 1, 0]);

  const { page, context } = await site.session();
  await page.goto('/login');
  await expect(page.locator('link[rel="icon"][href="/favicon.ico"]').count()).resolves.toBe(1);
  // The browser's own request for it succeeds too.
  const icon = await page.request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  await context.close();
});
