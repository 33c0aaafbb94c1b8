import { join } from 'node:path';
import { ROOT, serveFolder, signIn, signOut, signUp, startRemoteDevServer, testSite } from '../src/harness';

const site = testSite();

const AREAS: { link: string; path: string; heading: string | RegExp }[] = [
  { link: 'Dashboard', path: '/dashboard', heading: /Welcome/ },
  { link: 'Study', path: '/study', heading: 'Study' },
  { link: 'My Cards', path: '/cards', heading: 'My Flashcards' },
  { link: 'Progress', path: '/progress', heading: 'Progress' },
  { link: 'Social', path: '/social', heading: 'Social' },
  { link: 'Achievements', path: '/achievements', heading: 'Achievements' },
];

test('every navigation entry opens its area, each remote from its own build', async () => {
  const { page, context, errors } = await site.session();
  const remoteEntries = new Set<string>();
  page.on('request', (request) => {
    // Each remote is served from its release: /remotes/<name>/<version>/remoteEntry.js.
    const match = /\/remotes\/(mfe_[a-z]+)\/[^/]+\/remoteEntry\.js/.exec(request.url());
    if (match) remoteEntries.add(match[1]);
  });
  await signUp(page);
  expect(remoteEntries.size).toBe(0); // remotes load lazily, not at start-up
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const area of AREAS) {
    await nav.getByRole('link', { name: area.link, exact: true }).click();
    await page.waitForURL(`**${area.path}`);
    await page.getByRole('heading', { name: area.heading, level: 1 }).first().waitFor();
  }
  expect([...remoteEntries].sort()).toEqual(['mfe_cards', 'mfe_progress', 'mfe_social', 'mfe_study']);
  // A plain user sees no Admin entry, and /admin says Access Denied.
  expect(await nav.getByRole('link', { name: 'Admin' }).count()).toBe(0);
  await page.goto('/admin');
  await page.getByText('Access Denied').waitFor();
  await page.getByText('You need administrator privileges to access this page.').waitFor();
  expect(errors).toEqual([]);
  await context.close();
});

test('the login page paints without waiting for the registry, which is asked at once', async () => {
  const { page, context } = await site.session();
  let requested = false;
  let answered = false;
  await page.route('**/api/platform/manifest', async (route) => {
    requested = true;
    await new Promise((resolve) => setTimeout(resolve, 3000));
    answered = true;
    await route.continue();
  });
  await page.goto('/login');
  await page.getByLabel('Email').waitFor();
  expect(requested).toBe(true);
  expect(answered).toBe(false);
  await context.close();
});

test("an area's first calls start beside its code and reach the server once; opened again, it shows at once", async () => {
  const { page, context, errors } = await site.learner();
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && request.method() === 'GET') calls.push(`${url.pathname}${url.search}`);
  });
  const nav = page.getByRole('navigation', { name: 'Main' });
  await page.getByText(/Welcome/).waitFor();
  await page.waitForTimeout(1000);
  calls.length = 0; // the dashboard's own calls (it asks for /dashboard/dashboard too)
  await nav.getByRole('link', { name: 'Progress' }).click();
  await page.getByRole('heading', { name: 'Personal scheduling' }).waitFor();
  await page.waitForTimeout(1000);
  // Each of the page's first calls reached the server once: the one started beside the code
  // (prefetch) served the screen's own.
  const once = () => {
    const counts = new Map<string, number>();
    for (const call of calls) counts.set(call, (counts.get(call) ?? 0) + 1);
    return [...counts].filter(([, n]) => n > 1);
  };
  expect(once()).toEqual([]);
  expect(calls).toEqual(expect.arrayContaining(['/api/dashboard/dashboard', '/api/gamification/profile']));

  // Back to the dashboard, then Progress again: its module is kept, so no "Loading section...";
  // hovering its entry started its calls, which the screen takes.
  await nav.getByRole('link', { name: 'Dashboard' }).click();
  await page.getByText(/Welcome/).waitFor();
  await page.waitForTimeout(1000);
  calls.length = 0;
  let sawLoading = false;
  void page
    .getByText('Loading section...')
    .waitFor({ timeout: 5000 })
    .then(
      () => (sawLoading = true),
      () => undefined,
    );
  await nav.getByRole('link', { name: 'Progress' }).click();
  await page.getByRole('heading', { name: 'Personal scheduling' }).waitFor();
  await page.waitForTimeout(1000);
  expect(sawLoading).toBe(false);
  expect(once()).toEqual([]);
  expect(calls).toEqual(expect.arrayContaining(['/api/dashboard/dashboard']));
  expect(errors).toEqual([]);
  await context.close();
});

test('hovering a navigation entry preloads its remote', async () => {
  const { page, context } = await site.learner();
  const preload = page.waitForRequest(/\/remotes\/mfe_progress\/[^/]+\/remoteEntry\.js/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Progress' }).hover();
  await preload;
  expect(page.url()).toContain('/dashboard');
  await context.close();
});

test('one React, one store: singletons are shared and a sign-out in a remote is seen by the shell', async () => {
  const { page, context, email } = await site.learner();
  await page.goto('/profile');
  await page.getByTestId('profile-email').filter({ hasText: email }).waitFor();

  // The federation runtime's share scope: one loaded instance of each singleton.
  const shared = await page.evaluate(() => {
    // The parts of the runtime's share scope read here: host -> scope -> package -> version -> entry.
    type Entry = { loaded?: unknown; lib?: unknown; from: string; version: string };
    type Scopes = Record<string, { default?: Record<string, Record<string, Entry>> } | undefined>;
    const scopes = (globalThis as unknown as { __FEDERATION__: { __SHARE__: Scopes } }).__FEDERATION__.__SHARE__;
    const result: Record<string, { versions: number; loaded: number; from: string[] }> = {};
    for (const name of [
      'react',
      'react-dom',
      'react-router-dom',
      'zustand',
      'axios',
      'react-hot-toast',
      '@flashcard/shared-auth',
    ]) {
      const versions: Entry[] = [];
      for (const host of Object.values(scopes)) {
        const entries = host?.default?.[name];
        if (entries) versions.push(...Object.values(entries));
      }
      const loaded = versions.filter((v) => v.loaded || v.lib);
      result[name] = {
        versions: versions.length,
        loaded: new Set(loaded.map((v) => `${v.from}@${v.version}`)).size,
        from: loaded.map((v) => v.from),
      };
    }
    return result;
  });
  for (const [name, info] of Object.entries(shared)) {
    expect({ name, loaded: info.loaded }).toEqual({ name, loaded: 1 });
  }

  // The remote's Sign out button writes the shared store; the shell's guard reacts.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL('**/login');
  expect(await page.evaluate(() => localStorage.getItem('flashcard_session_hint'))).toBeNull();
  await context.close();
});

/**
 * A learner whose page runs without the service worker: it keeps every release the registry names
 * and answers them from its cache, so a remote down for the server is not down for a learner
 * who has it (offline.e2e.test.ts); these tests are about the page's own fallback and Retry.
 */
async function learnerWithoutWorker() {
  const session = await site.session({ serviceWorkers: 'block' });
  await signUp(session.page);
  return session;
}

test('a remote that is down shows its fallback with Retry while the rest keeps working', async () => {
  const { page, context } = await learnerWithoutWorker();
  // The network to one remote's files fails, as when its host is down.
  const down = '**/remotes/mfe_progress/**';
  await page.route(down, (route) => route.abort());
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Progress' }).click();
  await page.getByText('This section is unavailable right now').waitFor();
  await expect(page.getByRole('button', { name: 'Retry' }).isVisible()).resolves.toBe(true);

  // Other areas still work.
  await nav.getByRole('link', { name: 'My Cards' }).click();
  await page.getByRole('heading', { name: 'My Flashcards' }).waitFor();

  // The remote comes back (same page, no reload): Retry reads the manifest again and loads it.
  await nav.getByRole('link', { name: 'Progress' }).click();
  await page.getByText('This section is unavailable right now').waitFor();
  await page.unroute(down);
  await page.getByRole('button', { name: 'Retry' }).click();
  await page.getByRole('heading', { name: 'Progress', level: 1 }).waitFor();

  // Sign-out still works from a page whose remote failed.
  await page.route(down, (route) => route.abort());
  await page.reload();
  await page.getByText('This section is unavailable right now').waitFor();
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL('**/login');
  await context.close();
});

test('Retry fetches the same remote again after a transient failure of its entry or manifest, without a reload', async () => {
  // The entry failing on a sidebar click (the hover preload fails too), the manifest on a direct load
  // (the page's own preload hints fail too).
  for (const [file, open] of [
    ['remoteEntry.js', 'click'],
    ['mf-manifest.json', 'goto'],
  ] as const) {
    const { page, context, errors } = await learnerWithoutWorker();
    let reachable = false;
    let fetchedAfter = 0;
    await page.route(new RegExp(`/remotes/mfe_progress/[^/]+/${file.replace('.', '\\.')}$`), (route) => {
      if (!reachable) return route.abort();
      fetchedAfter += 1;
      return route.continue();
    });
    if (open === 'click')
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Progress' }).click();
    else await page.goto('/progress');
    await page.getByText('This section is unavailable right now').waitFor();
    // A reload would lose this mark.
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    reachable = true;
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { name: 'Progress', level: 1 }).waitFor();
    expect({ file, fetchedAfter }).toEqual({ file, fetchedAfter: 1 });
    expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  }
});

test("a developer's override loads one remote from a localhost dev server, for that browser only, with a badge", async () => {
  const devServer = await serveFolder(join(ROOT, 'mfe-cards', 'dist'));
  try {
    const { page, context, errors } = await site.learner();
    await page.evaluate(
      (entry) => localStorage.setItem('flashcard-remote-overrides', JSON.stringify({ mfe_cards: entry })),
      `${devServer.origin}/mf-manifest.json`,
    );
    await page.goto('/cards');
    await page.getByRole('heading', { name: 'My Flashcards' }).waitFor();
    expect(devServer.requests).toContain('/mf-manifest.json');
    expect(devServer.requests).toContain('/remoteEntry.js');
    await page.getByRole('status').filter({ hasText: 'Dev override: mfe_cards' }).waitFor();

    // Another browser (no override) loads the released version.
    const other = await site.learner();
    const before = devServer.requests.length;
    await other.page.goto('/cards');
    await other.page.getByRole('heading', { name: 'My Flashcards' }).waitFor();
    expect(devServer.requests.length).toBe(before);
    expect(await other.page.getByText('Dev override').count()).toBe(0);
    await other.context.close();

    // A URL that is not this machine is ignored; Clear overrides ends it.
    await page.getByRole('button', { name: 'Clear overrides' }).click();
    await page.getByRole('heading', { name: 'My Flashcards' }).waitFor();
    expect(await page.getByText('Dev override').count()).toBe(0);
    await page.evaluate(() =>
      localStorage.setItem(
        'flashcard-remote-overrides',
        JSON.stringify({ mfe_cards: 'https://cdn.example.com/mf-manifest.json' }),
      ),
    );
    await page.reload();
    await page.getByRole('heading', { name: 'My Flashcards' }).waitFor();
    expect(await page.getByText('Dev override').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  } finally {
    await devServer.close();
  }
});

test("a remote's real dev server overrides its area on the site, under the site's CSP, and its release is not fetched", async () => {
  const devServer = await startRemoteDevServer('mfe-progress');
  try {
    const { page, context, errors } = await site.session();
    const violations: string[] = [];
    await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (event) =>
        (window as unknown as { reportViolation(text: string): void }).reportViolation(
          `${event.violatedDirective} ${event.blockedURI}`,
        ),
      ),
    );
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    const released: string[] = [];
    const fromDevServer: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/remotes/mfe_progress/')) released.push(request.url());
      if (request.url().startsWith(devServer.origin)) fromDevServer.push(new URL(request.url()).pathname);
    });
    await signUp(page);
    // The pointer left where the sign-up button was could rest on a dashboard link to Progress,
    // whose hover rightly loads the release while no override is set yet.
    await page.mouse.move(1, 1);
    // docs/PLATFORM.md: the override, and the cookie that keeps the release out of the page's preloads.
    await page.evaluate((entry) => {
      localStorage.setItem('flashcard-remote-overrides', JSON.stringify({ mfe_progress: entry }));
      document.cookie = 'flashcard-remote-overrides=mfe_progress; path=/; SameSite=Lax';
    }, `${devServer.origin}/mf-manifest.json`);
    // From here on the override holds: nothing of the release may be asked for.
    released.length = 0;
    const response = await page.goto('/progress');
    const csp = response!.headers()['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    await page.getByRole('heading', { name: 'Progress', level: 1 }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Dev override: mfe_progress' }).waitFor();
    expect(fromDevServer).toEqual(expect.arrayContaining(['/mf-manifest.json', '/remoteEntry.js']));
    // Hovering its entry preloads nothing of the release either.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Progress' }).hover();
    await page.waitForTimeout(500);
    expect(released).toEqual([]);
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);

    // The shell keeps the cookie in step: Clear overrides ends it, and the release loads (and is hinted) again.
    await page.getByRole('button', { name: 'Clear overrides' }).click();
    expect(await page.evaluate(() => document.cookie)).not.toContain('flashcard-remote-overrides');
    await page.goto('/progress');
    await page.getByRole('heading', { name: 'Progress', level: 1 }).waitFor();
    expect(released.some((url) => url.endsWith('/remoteEntry.js'))).toBe(true);
    await context.close();
  } finally {
    await devServer.close();
  }
}, 180_000);

test('an administrator (set with npm run set-role) sees the Admin entry and the admin overview', async () => {
  const { page, context, email } = await site.learner();
  await site.product.setRole(email, 'admin');
  await signOut(page);
  await signIn(page, email);
  await page.waitForURL('**/dashboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
  await page.waitForURL('**/admin');
  await expect(page.getByText('Access Denied').count()).resolves.toBe(0);
  const table = page.getByRole('table');
  await table.waitFor();
  // The newest users from the database (at most 10), the new administrator among them.
  const rows = await table.locator('tbody tr').count();
  expect(rows).toBeGreaterThan(0);
  expect(rows).toBeLessThanOrEqual(10);
  await table.getByText(email).first().waitFor();
  // The retired server consoles are linked no more.
  await expect(page.locator('a[href="/legacy-admin"], a[href="/super-admin"]').count()).resolves.toBe(0);
  await context.close();
});
