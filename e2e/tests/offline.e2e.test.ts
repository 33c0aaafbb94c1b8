// The installable, offline-first site: the app manifest Chromium accepts, the service worker
// that keeps the shell so the site opens offline, and a signed-in learner's second visit with the
// network off (the kernel's offline session, the kept registry manifest, the remotes' releases
// the worker keeps).
import { controlledByWorker, launchProfile, releasesKept, testSite, uniqueEmail, waitUntil } from '../src/harness';

const site = testSite();

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}

test('the site is installable: its app manifest, icons and theme colours, with no installability error from Chromium', async () => {
  const profile = await launchProfile(site.url);
  const { context } = profile;
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in' }).waitFor();

  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const answer = await page.request.get(href!);
  expect(answer.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await answer.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
  expect(manifest).toMatchObject({
    name: 'Flashcards',
    short_name: 'Flashcards',
    display: 'standalone',
    start_url: '/dashboard',
    scope: '/',
  });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of manifest.icons) {
    const png = await (await page.request.get(icon.src)).body();
    // A PNG's IHDR: width and height, big-endian, at bytes 16 and 20.
    expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(icon.sizes);
  }
  // The page as served names the bar's colour for each system theme (the account's theme then
  // sets both: settings/theme.test.ts).
  const html = await (await page.request.get('/login', { headers: { accept: 'text/html' } })).text();
  const themeColors = await page.evaluate((source) => {
    const served = new DOMParser().parseFromString(source, 'text/html');
    return Array.from(served.querySelectorAll('meta[name="theme-color"]')).map(
      (meta) => `${meta.getAttribute('media')} ${meta.getAttribute('content')}`,
    );
  }, html);
  expect(themeColors).toEqual(['(prefers-color-scheme: light) #ffffff', '(prefers-color-scheme: dark) #1b1f2a']);

  await controlledByWorker(page);
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);
  expect(errors).toEqual([]);
  await profile.close();
});

test('the worker registers only after the page has loaded, then the site opens offline', async () => {
  const { page, context, errors } = await site.session();
  // When the page asks for its worker, against when its load ended (both on the page's clock).
  await page.addInitScript(() => {
    const register = navigator.serviceWorker.register.bind(navigator.serviceWorker);
    navigator.serviceWorker.register = (...args: Parameters<typeof register>) => {
      (window as unknown as { registeredAt: number }).registeredAt = performance.now();
      return register(...args);
    };
  });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const { registeredAt, loadEnded } = await page.evaluate(() => ({
    registeredAt: (window as unknown as { registeredAt?: number }).registeredAt,
    loadEnded: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
  }));
  expect(loadEnded).toBeGreaterThan(0);
  expect(registeredAt).toBeGreaterThanOrEqual(loadEnded);
  await controlledByWorker(page);

  await context.setOffline(true);
  const offline = await page.reload();
  expect(offline?.fromServiceWorker()).toBe(true);
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  // A deep link too: the shell's page, then its own route guard (signed out: the sign-in form).
  await page.goto('/dashboard');
  await page.waitForURL('**/login');
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await context.setOffline(false);
  expect(errors).toEqual([]);
  await context.close();
});

test('a learner who opened the site once opens it again offline: signed in, the areas there, My Cards from the worker; online again the session is normal', async () => {
  const email = uniqueEmail('offline');
  await site.register({ email, displayName: 'Ada Offline' });
  const { page, context, errors } = await site.signedIn(email);
  await controlledByWorker(page);
  await page.getByRole('heading', { name: /Welcome.*Ada Offline/ }).waitFor();

  // The page told the worker the releases its manifest names; the worker keeps each one whole,
  // though this learner has opened no area.
  const { remotes } = await site.callAs<{ remotes: Array<{ entry: string }> }>(page, 'GET', '/platform/manifest');
  const named = remotes.map((remote) => remote.entry.replace(/mf-manifest\.json$/, '')).sort();
  expect(named).toHaveLength(5);
  await waitUntil(
    async () => JSON.stringify(await releasesKept(page)) === JSON.stringify(named),
    60_000,
    'the worker to keep every release the registry names',
  );
  const cardsRelease = named.find((folder) => folder.startsWith('/remotes/mfe_cards/'))!;
  const visited = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
  expect(visited.filter((url) => url.includes(cardsRelease))).toEqual([]);

  await context.setOffline(true);
  const offline = await page.reload();
  expect(offline?.fromServiceWorker()).toBe(true);
  // The worker's own requests are offline too (a file it never kept gets no answer, not a 404):
  // what loads below comes from its cache.
  const unkept = (folder: string) =>
    fetch(`${folder}never-kept.js`).then(
      (r) => `HTTP ${r.status}`,
      () => 'no answer',
    );
  expect(await page.evaluate(unkept, cardsRelease)).toBe('no answer');
  // Still signed in (the kept profile), not sent to /login.
  await page.getByRole('heading', { name: /Welcome.*Ada Offline/ }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/dashboard');
  // The sidebar has the areas of the kept manifest.
  const sidebar = page.getByRole('navigation', { name: 'Main' });
  for (const area of ['My Cards', 'Study', 'Progress', 'Social'])
    await sidebar.getByRole('link', { name: area, exact: true }).waitFor();

  // My Cards' code comes from the worker's cache: its screen shows (its data calls fail offline).
  await sidebar.getByRole('link', { name: 'My Cards', exact: true }).click();
  await page.getByRole('heading', { name: 'My Flashcards' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/cards');
  expect(await page.getByText('This section is unavailable right now').count()).toBe(0);

  // Online again: the kernel refreshes through the cookie and the calls succeed, no new sign-in.
  const refreshed = page.waitForResponse((response) => response.url().endsWith('/api/auth/refresh'));
  await context.setOffline(false);
  expect((await refreshed).status()).toBe(200);
  const dashboard = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/dashboard/dashboard');
  await sidebar.getByRole('link', { name: 'Dashboard', exact: true }).click();
  expect((await dashboard).status()).toBe(200);
  expect((await dashboard).request().headers().authorization).toMatch(/^Bearer /);
  await page.getByRole('heading', { name: /Welcome.*Ada Offline/ }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/dashboard');
  expect(errors).toEqual([]);
  await context.close();
});
