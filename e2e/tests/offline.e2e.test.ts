// The installable, offline-first site (issue "Study anywhere"), first part: the app manifest
// Chromium accepts, and the service worker that keeps the shell so the site opens offline.
import type { Page } from 'playwright-core';
import { launchProfile, testSite } from '../src/harness';

const site = testSite();

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}

/** Waits until the service worker is active and controls `page` (a reload after its first install). */
async function controlledByWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
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
