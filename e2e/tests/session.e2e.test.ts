// The session as a remote's script would see it (kernel 2): no credential that outlives the tab
// is readable in the page (the refresh token is an HttpOnly cookie, the access token the kernel's
// memory), yet a reload stays signed in, tabs stay signed in across refreshes, and a sign-out in
// one tab ends the others. Access tokens live 5 seconds here, so refreshes happen within a test.
import type { BrowserContext, Page, Request } from 'playwright-core';
import { signUp, testSite } from '../src/harness';

const TTL_SECONDS = 5;
const site = testSite({ ACCESS_TOKEN_TTL_SECONDS: String(TTL_SECONDS) });

const JWT = /eyJ[\w-]+\.[\w-]+\.[\w-]+/;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Everything a script of the page can read of storage and cookies. */
function readable(page: Page) {
  return page.evaluate(() => {
    const entries = (store: Storage) => Object.keys(store).map((key) => `${key}=${store.getItem(key)}`);
    return { local: entries(localStorage), session: entries(sessionStorage), cookie: document.cookie };
  });
}

async function refreshCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === 'flashcard_refresh');
}

/** The refresh answers the pages got (status), in order. */
function watchRefreshes(...pages: Page[]): number[] {
  const statuses: number[] = [];
  for (const page of pages) {
    page.on('response', (response) => {
      if (response.url().endsWith('/api/auth/refresh')) statuses.push(response.status());
    });
  }
  return statuses;
}

test('no page script can read a refresh token or an access token; the page itself cannot make the API hand one out', async () => {
  const { page, context, errors } = await site.session();
  const answers: string[] = [];
  const reads: Promise<void>[] = [];
  page.on('response', (response) => {
    // A refresh answered as the test closes its page can no longer be read: that one is ignored
    // (a rejection left unhandled failed the next tests); the ones checked below are awaited.
    if (/\/api\/auth\/(register|login|refresh)$/.test(response.url()))
      reads.push(
        response.text().then(
          (text) => void answers.push(text),
          () => undefined,
        ),
      );
  });
  const email = await signUp(page);
  await page.getByText(/Welcome/).waitFor();

  const cookie = await refreshCookie(context);
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth', secure: false });
  const seen = await readable(page);
  const everything = [...seen.local, ...seen.session, seen.cookie].join('\n');
  expect(everything).not.toContain(cookie!.value);
  expect(everything).not.toContain('flashcard_refresh');
  expect(everything).not.toMatch(JWT);
  // The session's storage: the hint and the profile a page opened offline shows, nothing else;
  // the dashboard's kept load (`flashcard_kept:<id>:dashboard`) may be there once its answer is in,
  // and it too held no token (checked above with everything else).
  const session = seen.local
    .filter((entry) => !/^(flashcard-(theme|language|last-manifest)=|flashcard_kept:\d+:)/.test(entry))
    .sort();
  expect(session.map((entry) => entry.split('=')[0])).toEqual(['flashcard_last_user', 'flashcard_session_hint']);
  expect(session).toContain('flashcard_session_hint=1');
  const profile = JSON.parse(session[0]!.slice('flashcard_last_user='.length));
  expect(Object.keys(profile).sort()).toEqual(['created_at', 'display_name', 'email', 'id', 'role']);
  expect(profile).toMatchObject({ email, role: 'user' });
  expect(seen.session).toEqual([]);
  // No answer the page received carried the refresh token either.
  await Promise.all(reads);
  expect(answers.length).toBeGreaterThan(0);
  for (const answer of answers) expect(JSON.parse(answer).tokens).not.toHaveProperty('refreshToken');

  // A script asking the API itself: without the app's mark it is refused, with it it gets an
  // access token (short-lived, like the one in the kernel's memory) but never the refresh token.
  const asked = await page.evaluate(async () => {
    const plain = await fetch('/api/auth/refresh', { method: 'POST' });
    const marked = await fetch('/api/auth/refresh', {
      method: 'POST',
      headers: { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' },
      body: '{}',
    });
    return { plain: [plain.status, await plain.json()], marked: await marked.json() };
  });
  expect(asked.plain).toEqual([403, { error: 'Cross-site requests cannot use the session cookie' }]);
  expect(Object.keys(asked.marked.tokens)).toEqual(['accessToken']);
  expect(errors).toEqual([]);
  await context.close();
});

test('a reload stays signed in: one refresh through the cookie, then the manifest asked for signed in, no /auth/me', async () => {
  const { page, context, errors } = await site.learner();
  await page.getByText(/Welcome/).waitFor();

  const requests: Request[] = [];
  page.on('request', (request) => void (request.url().includes('/api/') && requests.push(request)));
  await page.reload();
  await page.getByText(/Welcome/).waitFor();
  expect(page.url()).toMatch(/\/dashboard$/);
  const paths = requests.map((request) => new URL(request.url()).pathname);
  expect(paths.filter((path) => path === '/api/auth/refresh')).toHaveLength(1);
  expect(paths).not.toContain('/api/auth/me');
  const manifest = requests.find((request) => request.url().endsWith('/api/platform/manifest'))!;
  expect(paths.indexOf('/api/auth/refresh')).toBeLessThan(paths.indexOf('/api/platform/manifest'));
  expect(await manifest.headerValue('authorization')).toMatch(/^Bearer /);
  expect(errors).toEqual([]);
  await context.close();
});

test('two tabs stay signed in across two refresh cycles; a sign-out in one ends both', async () => {
  const { page: one, context, errors } = await site.learner();
  await one.getByText(/Welcome/).waitFor();
  const two = await context.newPage();
  two.on('pageerror', (error) => errors.push(error));
  const refreshes = watchRefreshes(one, two);
  await two.goto('/dashboard');
  await two.getByText(/Welcome/).waitFor();

  // Each cycle: both access tokens expire, then both tabs call the API at once.
  for (const [link, ready] of [
    ['Progress', (page: Page) => page.getByRole('heading', { name: 'Progress', level: 1 }).waitFor()],
    ['Dashboard', (page: Page) => page.getByText(/Welcome/).waitFor()],
  ] as const) {
    await sleep((TTL_SECONDS + 1) * 1000);
    const before = refreshes.length;
    await Promise.all(
      [one, two].map((page) =>
        page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link }).click(),
      ),
    );
    await Promise.all([one, two].map(ready));
    // The page may show its heading from what it holds before its calls (and the refresh) answer.
    for (let waited = 0; refreshes.length === before && waited < 10_000; waited += 100) await sleep(100);
    expect(refreshes.length).toBeGreaterThan(before);
    await sleep(500); // what a refused refresh would do (go to /login) has had time to happen
    for (const page of [one, two]) expect(new URL(page.url()).pathname).not.toBe('/login');
  }
  expect(refreshes.every((status) => status === 200)).toBe(true);
  // The family was never taken for stolen: a reload still restores the session.
  await two.reload();
  await two.getByText(/Welcome/).waitFor();

  await one.getByRole('button', { name: 'User menu' }).click();
  await one.getByRole('menuitem', { name: 'Sign out' }).click();
  await one.waitForURL('**/login');
  await two.waitForURL('**/login');
  expect(await refreshCookie(context)).toBeUndefined();
  await two.goto('/dashboard');
  await two.waitForURL('**/login');
  expect(errors).toEqual([]);
  await context.close();
});
