// Accessibility (WCAG 2.2 AA) of every screen, in the browser: axe-core's WCAG 2.0-2.2 A/AA rules
// (target-size included) at a desktop and a phone size, in the light and the dark theme, with a
// learner who has cards, reviews, achievements and friends and an admin with deploy tokens; and
// focus never hidden behind the sticky bars (2.4.11) while tabbing through long pages.
import type { Page } from 'playwright-core';
import { audit, SIZES } from '../src/axe';
import { accessToken, testSite, uniqueEmail, type Learner, type Session } from '../src/harness';

const site = testSite();

/** The page settles: the area's heading is there and nothing is loading any more. */
async function settle(page: Page) {
  await page.locator('h1').first().waitFor();
  await page.waitForFunction(() => document.querySelectorAll('.spinner, [aria-busy="true"]').length === 0);
  await page.waitForLoadState('networkidle');
}

async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await settle(page);
}

let learner: Learner;
let admin: Session;
let friendId: number;

beforeAll(async () => {
  // A friend (accepted), and a stranger whose request waits, so /social shows both lists.
  const friend = await site.register({ email: uniqueEmail('friend'), displayName: 'Ada Friend' });
  const stranger = await site.register({ email: uniqueEmail('stranger'), displayName: 'Sam Stranger' });
  friendId = friend.id;

  learner = await site.learner();
  const token = await accessToken(learner.page);

  // Cards of every difficulty in a set, one suspended and one known; two reviewed, so the
  // achievements unlock and progress has numbers.
  const set = await site.call(token, 'POST', '/categories', { name: 'Geography' });
  const cards: { id: number }[] = [];
  for (let i = 1; i <= 12; i += 1) {
    cards.push(
      await site.call(token, 'POST', '/cards', {
        question: `Capital number ${i}?`,
        answer: `City ${i}`,
        difficulty_level: ((i - 1) % 5) + 1,
        tags: i % 2 ? 'europe' : 'asia',
        category_id: i <= 6 ? set.id : null,
      }),
    );
  }
  await site.call(token, 'POST', `/spaced-repetition/cards/${cards[11].id}/suspend`);
  await site.call(token, 'PUT', `/cards/${cards[10].id}/known`);
  for (const card of cards.slice(0, 2)) {
    await site.call(token, 'POST', '/spaced-repetition/review', { cardId: card.id, result: 2, timeSpent: 4000 });
  }
  await site.call(token, 'POST', '/gamification/achievements/check');

  const sent = await site.call(friend.token, 'POST', '/social/friend-request', { email: learner.email });
  await site.call(token, 'POST', `/social/friend-request/${sent.id}/accept`);
  await site.call(stranger.token, 'POST', '/social/friend-request', { email: learner.email });

  const { email: adminEmail } = await site.register({ email: uniqueEmail('admin'), displayName: 'Alex Admin' });
  await site.product.setRole(adminEmail, 'super_admin');
  admin = await site.signedIn(adminEmail);
  // The console's token list with a live and a revoked badge.
  const adminToken = await accessToken(admin.page);
  await site.call(adminToken, 'POST', '/platform/tokens', { label: 'cards ci', remotes: ['mfe_cards'] });
  const revoked = await site.call<{ deployToken: { id: number } }>(adminToken, 'POST', '/platform/tokens', {
    label: 'old ci',
    remotes: ['mfe_study'],
  });
  await site.call(adminToken, 'DELETE', `/platform/tokens/${revoked.deployToken.id}`);
}, 120_000);

test('sign-in and sign-up screens have no serious violations', async () => {
  const { page, context } = await site.session();
  const problems: string[] = [];
  for (const path of ['/login', '/signup', '/forgot-password', '/reset-password?token=x']) {
    await visit(page, path);
    problems.push(...(await audit(page, path)));
  }
  await context.close();
  expect(problems).toEqual([]);
});

const LEARNER_SCREENS = [
  '/dashboard',
  '/settings',
  '/cards',
  '/study',
  '/progress',
  '/social',
  '/achievements',
  '/profile',
];

test.each(LEARNER_SCREENS)('learner screen %s has no serious violations', async (path) => {
  await visit(learner.page, path);
  expect(await audit(learner.page, path)).toEqual([]);
});

test("a friend's public profile has no serious violations", async () => {
  await visit(learner.page, `/profile/${friendId}`);
  await learner.page.getByRole('heading', { name: 'Ada Friend' }).waitFor();
  expect(await audit(learner.page, '/profile/:id')).toEqual([]);
});

test('a study session, question and answer, has no serious violations', async () => {
  const { page } = learner;
  // The two cards reviewed Good are in learning, due within the learn-ahead.
  await visit(page, '/study/review');
  await page.getByRole('article', { name: 'Flashcard' }).waitFor();
  const problems = await audit(page, '/study/review question');
  await page.getByRole('button', { name: 'Show Answer' }).click();
  await page.getByRole('group', { name: 'Rate your answer' }).waitFor();
  problems.push(...(await audit(page, '/study/review answer')));
  expect(problems).toEqual([]);
});

test('the open menus (phone navigation, notifications, user menu) have no serious violations', async () => {
  const { page } = learner;
  await visit(page, '/dashboard');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  // Slid in (0.2 s) before colours are read.
  await page.waitForFunction(() => getComputedStyle(document.querySelector('.shell-sidebar')!).transform === 'none');
  const problems = await audit(page, 'phone navigation', { sizes: [SIZES[1]] });
  await visit(page, '/dashboard');

  await page.getByRole('button', { name: /^Notifications/ }).click();
  await page.getByRole('dialog').getByRole('listitem').first().waitFor();
  problems.push(...(await audit(page, 'notifications')));
  expect(await page.getByRole('dialog').isVisible()).toBe(true); // open for every size and theme
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menu').waitFor();
  problems.push(...(await audit(page, 'user menu')));
  expect(await page.getByRole('menu').isVisible()).toBe(true);
  await page.keyboard.press('Escape');
  expect(problems).toEqual([]);
});

test.each(['Add New Card', 'Import', 'Manage sets'])(
  'the My Cards dialog "%s" has no serious violations',
  async (opener) => {
    const { page } = learner;
    await visit(page, '/cards');
    await page.getByRole('button', { name: opener, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const problems = await audit(page, `/cards dialog ${opener}`);
    expect(await dialog.isVisible()).toBe(true); // open for every size and theme
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
  },
);

test.each(['/admin', '/admin/users', '/admin/audit', '/admin/platform'])(
  'admin screen %s has no serious violations',
  async (path) => {
    await visit(admin.page, path);
    expect(await audit(admin.page, path)).toEqual([]);
  },
);

/**
 * Tabs through a freshly loaded page to its end and back again and, at each stop, asks the
 * browser what is painted over the focused element: a point of it that shows another element
 * (not inside it, not around it) is covered, as by a sticky bar. Forward, what scrolls in comes
 * from below (the settings' sticky buttons); backward, from above (the top bar). WCAG 2.4.11
 * (Focus Not Obscured) allows part of it covered; this asks for none.
 */
async function obscuredFocusStops(page: Page, maxStops: number): Promise<string[]> {
  const problems: string[] = [];
  for (const key of ['Tab', 'Shift+Tab']) {
    let stops = 0;
    for (; stops < maxStops; stops += 1) {
      await page.keyboard.press(key);
      const found = await page.evaluate((first) => {
        // The pass ends where it began: Chromium wraps from the page's last stop to its first.
        const state = window as unknown as { focusPassStart?: Element | null };
        const element = document.activeElement as HTMLElement | null;
        if (first) state.focusPassStart = element;
        else if (element === state.focusPassStart) return { done: true, problem: null };
        if (!element || element === document.body) return { done: true, problem: null };
        const rect = element.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0) return { done: false, problem: null };
        // The middle of each edge (a rounded corner is not hit) and the centre.
        const inset = Math.min(2, rect.width / 4, rect.height / 4);
        const [x, y] = [rect.left + rect.width / 2, rect.top + rect.height / 2];
        const points = [
          [x, rect.top + inset],
          [x, rect.bottom - inset],
          [rect.left + inset, y],
          [rect.right - inset, y],
          [x, y],
        ];
        const label = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40);
        const name = `${element.tagName.toLowerCase()} "${label}"`;
        for (const [px, py] of points) {
          const top = document.elementFromPoint(px, py);
          const at = `(${Math.round(px)}, ${Math.round(py)})`;
          if (!top) return { done: false, problem: `${name} is outside the viewport at ${at}` };
          if (!element.contains(top) && !top.contains(element)) {
            return {
              done: false,
              problem: `${name} is under ${top.tagName.toLowerCase()}.${Array.from(top.classList).join('.')} at ${at}`,
            };
          }
        }
        return { done: false, problem: null };
      }, stops === 0);
      if (found.done) break;
      if (found.problem) problems.push(`${key}: ${found.problem}`);
    }
    // A page whose stops were not all seen would prove nothing.
    expect(stops).toBeGreaterThan(10);
    expect(stops).toBeLessThan(maxStops);
  }
  return problems;
}

test('focus is never hidden behind the sticky bars on long pages', async () => {
  const { page } = learner;
  const problems: string[] = [];
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const path of ['/settings', '/cards']) {
      await visit(page, path);
      // Long enough that tabbing scrolls under the top bar (and the settings' sticky buttons).
      expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight * 1.5)).toBe(true);
      problems.push(...(await obscuredFocusStops(page, 150)).map((problem) => `${path} ${size.name} ${problem}`));
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(problems).toEqual([]);
});

afterAll(() => {
  expect(learner?.errors ?? []).toEqual([]);
  expect(admin?.errors ?? []).toEqual([]);
});
