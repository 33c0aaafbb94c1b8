// A new release of the shell reaches an open page through its service worker: installed in the
// background, offered as "Update available — Reload" on the shell's own pages only (never inside
// an area, where a study session may be running), and taken only when the learner chooses it.
// The product is served from a copy of the build (its own web root), so the test can publish a
// new worker without touching the build the other test files use.
import { appendFileSync, cpSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { controlledByWorker, ROOT, testSite } from '../src/harness';

const webRoot = mkdtempSync(join(tmpdir(), 'flashcards-webroot-'));
cpSync(join(ROOT, 'package.json'), join(webRoot, 'package.json'));
cpSync(join(ROOT, 'shell', 'dist'), join(webRoot, 'shell', 'dist'), { recursive: true });
for (const folder of readdirSync(ROOT).filter((name) => name.startsWith('mfe-')))
  symlinkSync(join(ROOT, folder), join(webRoot, folder));
afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

const site = testSite({ WEB_ROOT: webRoot });

test('a new shell release is offered between sessions, on the dashboard, and taken only on Reload', async () => {
  const { page, context, errors } = await site.learner();
  await controlledByWorker(page);

  // The next release: another worker (its precache list would differ the same way).
  appendFileSync(join(webRoot, 'shell', 'dist', 'sw.js'), '\n// the next release\n');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Cards' }).click();
  await page.getByRole('heading', { name: 'My Flashcards' }).waitFor();
  await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.update()));
  await page.waitForFunction(() =>
    navigator.serviceWorker.getRegistration().then((registration) => Boolean(registration?.waiting)),
  );
  // Inside an area: nothing is offered, the page goes on with its release.
  await page.waitForTimeout(300);
  expect(await page.getByRole('button', { name: 'Reload' }).count()).toBe(0);

  // On the shell's own page: offered; nothing changes until the learner chooses it.
  await page.evaluate(() => Object.assign(window, { samePage: true }));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('status').filter({ hasText: 'Update available' }).waitFor();
  expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
  await page.getByRole('button', { name: 'Reload' }).click();
  await page.waitForFunction(() => !(window as { samePage?: boolean }).samePage);
  await page.getByText(/Welcome/).waitFor();
  // The new worker controls the reloaded page and nothing waits any more.
  expect(
    await page.evaluate(() =>
      navigator.serviceWorker.getRegistration().then((registration) => ({
        waiting: Boolean(registration?.waiting),
        controlled: navigator.serviceWorker.controller !== null,
      })),
    ),
  ).toEqual({ waiting: false, controlled: true });
  expect(await page.getByRole('button', { name: 'Reload' }).count()).toBe(0);
  expect(errors).toEqual([]);
  await context.close();
});
