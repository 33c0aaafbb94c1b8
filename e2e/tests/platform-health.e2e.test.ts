// What the shell does with the registry's preview links and health reports, in Chromium against
// the real API: a preview link shows a waiting version to one browser only (with its badge, until
// "Leave preview"), the area's Web Vitals are reported when it is left, and a canary that throws
// while rendering is reported by learners' browsers until the registry halts it by itself.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Request } from 'playwright-core';
import { newRemote, releasedVersion, scratchWorkspace, testSite, uniqueEmail, waitUntil } from '../src/harness';

const REMOTE = 'mfe_pulse';
const MIN_USERS = 3;

const site = testSite({ CANARY_HALT_MIN_USERS: String(MIN_USERS) });
let work: string;
let pulseDir: string;
let token: string;
let v1: string;

jest.setTimeout(240_000);

/** Publishes the folder's dist with the release CLI and the remote's deploy token; the version. */
const release = async (...flags: string[]) => releasedVersion(await site.release(pulseDir, token, ...flags));

/**
 * Rewrites the built area's text ("build one", "build two") in every chunk that has it as
 * JavaScript (and drops those chunks' precompressed copies, which would still hold the old text),
 * so a release differs from v1 without a second webpack build.
 */
function rewriteBuild(replacement: string) {
  const dist = join(pulseDir, 'dist');
  const built = /(["'])build (one|two)\1/g;
  let rewritten = 0;
  for (const file of readdirSync(dist).filter((name) => name.endsWith('.js'))) {
    const path = join(dist, file);
    const text = readFileSync(path, 'utf8');
    if (text.search(built) < 0) continue;
    writeFileSync(path, text.replace(built, replacement));
    for (const copy of [`${path}.br`, `${path}.gz`]) if (existsSync(copy)) rmSync(copy);
    rewritten += 1;
  }
  if (!rewritten) throw new Error('no chunk holds the area text');
}

/** The registry's API (with the team's deploy token unless `bearer`): a POST of `body`, or a GET. */
const registry = (path: string, body?: object, bearer = token) =>
  site.call(bearer, body ? 'POST' : 'GET', `/platform${path}`, body);

const pulseText = (page: Page) => page.getByTestId('pulse-build').textContent();
const isReport = (kind: string) => (request: Request) =>
  request.method() === 'POST' &&
  request.url().endsWith('/api/platform/reports') &&
  JSON.parse(request.postData() ?? '{}').kind === kind;

beforeAll(async () => {
  token = await site.product.deployToken('pulse-team', [REMOTE]);
  work = scratchWorkspace();
  await newRemote('mfe-pulse', '/pulse', 'Pulse', '--root', work);
  pulseDir = join(work, 'mfe-pulse');
  // The text is the area's largest paint (its LCP element), and "build one" is a string of its own
  // inside the render function, for rewriteBuild.
  writeFileSync(
    join(pulseDir, 'src', 'App.tsx'),
    `export default function PulseApp() {\n  return (\n    <div className="page">\n      <h1>Pulse</h1>\n      <p data-testid="pulse-build" style={{ fontSize: '3rem' }}>{'build one'}</p>\n      <p>${'The pulse of the platform, measured in real browsers. '.repeat(6)}</p>\n    </div>\n  );\n}\n`,
  );
  v1 = await release(); // the first release of a remote is active at once
});
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

test('a preview link shows the waiting version with its badge to that browser only, until Leave preview', async () => {
  rewriteBuild('"build two"');
  const v2 = await release();
  expect(v2).not.toBe(v1);
  const link = await registry(`/remotes/${REMOTE}/previews`, { version: v2 });
  expect(link).toMatchObject({ remote: REMOTE, version: v2 });

  const reviewer = await site.learner();
  const { page } = reviewer;
  // The shell's first load does not carry web-vitals: it is fetched once an area has rendered.
  const vitalsChunk: string[] = [];
  page.on('response', async (response) => {
    const url = response.url();
    if (!url.endsWith('.js') || url.includes('/remotes/')) return;
    if ((await response.text().catch(() => '')).includes('largest-contentful-paint')) vitalsChunk.push(url);
  });
  const html = await (await fetch(`${site.url}/pulse`)).text();
  await page.goto(new URL(link.url, site.url).href);
  await page.waitForURL('**/pulse');
  await page.getByTestId('pulse-build').waitFor();
  expect(await pulseText(page)).toBe('build two');
  const badge = page.getByRole('status', { name: 'Preview' });
  expect(await badge.textContent()).toContain(`Preview: ${REMOTE} ${v2}`);

  // Another learner gets the active version and no badge.
  const other = await site.learner();
  await other.page.goto('/pulse');
  await other.page.getByTestId('pulse-build').waitFor();
  expect(await pulseText(other.page)).toBe('build one');
  expect(await other.page.getByRole('status', { name: 'Preview' }).count()).toBe(0);
  await other.context.close();

  // Leaving the area sends its vitals, once, with the version this browser was served.
  await waitUntil(() => vitalsChunk.length > 0, 10_000, 'the web-vitals chunk');
  expect(vitalsChunk).toHaveLength(1);
  expect(html).not.toContain(new URL(vitalsChunk[0]).pathname); // not among the page's preloads
  await page.waitForTimeout(500); // web-vitals' buffered observers deliver what was painted
  const vitals = page.waitForRequest(isReport('vitals'));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  const sent = JSON.parse((await vitals).postData()!);
  expect(sent).toMatchObject({ remote: REMOTE, version: v2, kind: 'vitals' });
  expect(sent.lcp).toBeGreaterThan(0);
  expect(sent.cls).toBeGreaterThanOrEqual(0);
  expect((await (await vitals).response())?.status()).toBe(204);
  const status = await registry(`/remotes/${REMOTE}`);
  expect(status.health.find((entry: { version: string }) => entry.version === v2)).toMatchObject({
    servedUsers: 1,
    lcpP75: sent.lcp,
  });

  // The badge is on every page while the preview lasts; Leave preview (then a reload) returns to v1.
  await page.waitForURL('**/dashboard');
  expect(await badge.textContent()).toContain(`Preview: ${REMOTE} ${v2}`);
  await page.getByRole('button', { name: 'Leave preview' }).click();
  await badge.waitFor({ state: 'detached' });
  await page.goto('/pulse');
  await page.getByTestId('pulse-build').waitFor();
  expect(await pulseText(page)).toBe('build one');
  expect(await page.getByRole('status', { name: 'Preview' }).count()).toBe(0);
  expect(reviewer.errors).toEqual([]);
  await reviewer.context.close();
});

test('a canary that throws while rendering is reported by learners and halted by the registry', async () => {
  // The area's module evaluates fine; its component throws when it renders.
  rewriteBuild('(()=>{throw new Error("pulse cannot render")})()');
  const broken = await release();
  await registry(`/remotes/${REMOTE}/canary`, { version: broken, percent: 100 });

  const learners = [];
  for (let n = 0; n < MIN_USERS; n += 1) {
    const session = await site.learner();
    const reported = session.page.waitForRequest(isReport('render-error'));
    await session.page.goto('/pulse');
    await session.page.getByText('This section is unavailable right now').waitFor();
    const body = JSON.parse((await reported).postData()!);
    expect(body).toMatchObject({ remote: REMOTE, version: broken, kind: 'render-error' });
    expect(body.message).toContain('pulse cannot render');
    expect((await (await reported).response())?.status()).toBe(204);
    learners.push(session);
  }

  // The registry ended the canary by itself, as a super_admin sees it.
  const { email: adminEmail } = await site.register({ email: uniqueEmail('admin') });
  await site.product.setRole(adminEmail, 'super_admin');
  const adminToken = await site.logIn(adminEmail);
  const status = await registry(`/remotes/${REMOTE}`, undefined, adminToken);
  expect(status.canary).toBeNull();
  expect(status.halted).toMatchObject({ version: broken });
  expect(status.halted.message).toContain(`${MIN_USERS} of ${MIN_USERS} users served ${broken} failed`);
  expect(status.health.find((entry: { version: string }) => entry.version === broken)).toMatchObject({
    renderErrors: MIN_USERS,
    failedUsers: MIN_USERS,
  });
  expect(status.events[0]).toMatchObject({ action: 'halt', fromVersion: broken });

  // A learner's reload gets the working version.
  const { page } = learners[0];
  await page.reload();
  await page.getByTestId('pulse-build').waitFor();
  expect(await pulseText(page)).toBe('build one');
  for (const session of learners) await session.context.close();

  // The console says so.
  const admin = await site.signedIn(adminEmail);
  await admin.page.goto('/admin/platform');
  await admin.page.getByText('Canary halted automatically').first().waitFor({ timeout: 15_000 });
  await admin.context.close();
});
