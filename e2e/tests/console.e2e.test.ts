// The platform console in Chromium against the real registry API: a super admin makes a deploy
// token (shown once), uses and revokes it; the active and canary versions' health, measured from
// real served manifests and health reports, renders side by side; a failing canary halts itself
// and the console says so; a waiting release gets a preview link that opens its area.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT, testSite, uniqueEmail, type Session } from '../src/harness';

interface ReleaseTools {
  readRemotePackage(dir: string): object;
  readBuild(dir: string): { name: string; files: Array<{ path: string; content: Buffer }> };
  buildReleaseBody(options: { name: string; pkg: object; files: Array<{ path: string; content: Buffer }> }): object;
}
// The release command's own collection of a build (what `npm run release` would send).
const release: ReleaseTools = require(join(ROOT, 'platform-tools', 'release.js'));

// Two failing users are enough for a canary to halt itself here (10 by default).
const site = testSite({ CANARY_HALT_MIN_USERS: '2' });
let adminEmail: string;
let adminToken: string;

jest.setTimeout(180_000);

/** A learner's account, made through the API. */
const register = () => site.register({ email: uniqueEmail('console') });

/**
 * A new release of a built-in remote: its build plus a note file, so its content hash (and so
 * its version) differs from the one the server released at start-up. Waits for a promote.
 */
async function publishVariant(folder: string, note: string): Promise<string> {
  const dir = join(ROOT, folder);
  const { name, files } = release.readBuild(dir);
  const releaseBody = release.buildReleaseBody({
    name,
    pkg: release.readRemotePackage(dir),
    files: [...files, { path: 'NOTICE.txt', content: Buffer.from(note) }],
  });
  const { status, body } = await site.request<{ release: { version: string }; active: boolean }>(
    adminToken,
    'POST',
    '/platform/releases',
    releaseBody,
  );
  if (status !== 201 || body.active) throw new Error(`publish ${folder}: ${status} ${JSON.stringify(body)}`);
  return body.release.version;
}

/** Each user loads the manifest (which records the version served to them); returns that version. */
async function servedVersion(token: string, remote: string): Promise<string> {
  const { remotes } = await site.call<{ remotes: Array<{ name: string; version: string }> }>(
    token,
    'GET',
    '/platform/manifest',
  );
  return remotes.find((entry) => entry.name === remote)!.version;
}

const report = (token: string, body: object) => site.request(token, 'POST', '/platform/reports', body);

let progressActive: string;
let progressCanary: string;
let progressWaiting: string;
let socialCanary: string;
/** Per version of mfe_progress: users served it, and how many of them reported a failure. */
const served = new Map<string, { users: number; failed: number }>();

beforeAll(async () => {
  const admin = await register();
  adminEmail = admin.email;
  await site.product.setRole(adminEmail, 'super_admin');
  // A role change ends the session: sign in again for a token that carries the new role.
  adminToken = await site.logIn(adminEmail);

  const overview = await site.call<{ remotes: Array<{ name: string; activeVersion: string }> }>(
    adminToken,
    'GET',
    '/platform/remotes',
  );
  progressActive = overview.remotes.find((remote) => remote.name === 'mfe_progress')!.activeVersion;
  progressCanary = await publishVariant('mfe-progress', 'canary build');
  progressWaiting = await publishVariant('mfe-progress', 'waiting build');
  socialCanary = await publishVariant('mfe-social', 'failing build');
  expect(
    (
      await site.request(adminToken, 'POST', '/platform/remotes/mfe_progress/canary', {
        version: progressCanary,
        percent: 50,
        roles: ['admin'],
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await site.request(adminToken, 'POST', '/platform/remotes/mfe_social/canary', {
        version: socialCanary,
        percent: 100,
      })
    ).status,
  ).toBe(200);

  // Learners load the site: about half get the progress canary; each reports its Web Vitals, and
  // the first learner of each version a load failure. Every social learner's canary fails to render.
  for (let i = 0; i < 6; i += 1) {
    const learner = await register();
    const version = await servedVersion(learner.token, 'mfe_progress');
    const counts = served.get(version) ?? { users: 0, failed: 0 };
    expect(
      (
        await report(learner.token, {
          remote: 'mfe_progress',
          version,
          kind: 'vitals',
          lcp: 1200 + i * 100,
          inp: 80 + i * 10,
          cls: 0.01 * i,
        })
      ).status,
    ).toBe(204);
    if (counts.users === 0) {
      expect(
        (
          await report(learner.token, {
            remote: 'mfe_progress',
            version,
            kind: 'load-failure',
            message: `ChunkLoadError: chunk ${i} failed`,
          })
        ).status,
      ).toBe(204);
      counts.failed += 1;
    }
    counts.users += 1;
    served.set(version, counts);
    if (i < 2) {
      const socialVersion = await servedVersion(learner.token, 'mfe_social');
      expect(socialVersion).toBe(socialCanary);
      await report(learner.token, {
        remote: 'mfe_social',
        version: socialVersion,
        kind: 'render-error',
        message: 'TypeError: feed is undefined',
      });
    }
  }
});

/** The super admin, signed in in a browser of their own, on the platform console. */
async function openConsole(): Promise<Session> {
  const session = await site.signedIn(adminEmail);
  await session.page.goto('/admin/platform');
  await session.page.getByRole('heading', { level: 1, name: 'Platform console' }).waitFor();
  return session;
}

/** A table's body rows as cell texts. */
async function rowsOf(page: Page, name: string | RegExp): Promise<string[][]> {
  const table = page.getByRole('table', { name });
  await table.waitFor();
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => (cell.textContent ?? '').trim())),
    );
}

test('a super admin creates a deploy token, sees it once, uses it, and revokes it', async () => {
  const { page, context, errors } = await openConsole();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const panel = page.getByRole('region', { name: 'Deploy tokens' });
  await panel.getByText('No deploy tokens yet.').waitFor();

  const form = panel.getByRole('form', { name: 'New deploy token' });
  // Nothing chosen: refused in the page, nothing sent.
  await form.getByRole('button', { name: 'Create token' }).click();
  await form.getByText('Choose or type at least one remote.').waitFor();
  await form.getByLabel('Label').fill('progress-team ci');
  await form.getByRole('checkbox', { name: 'mfe_progress' }).check();
  await form.getByLabel('Expires after (days)').fill('30');
  await form.getByRole('button', { name: 'Create token' }).click();

  const shown = panel.getByRole('region', { name: 'Token for progress-team ci' });
  await shown.getByText('Shown once: copy it now.', { exact: false }).waitFor();
  const token = await shown.getByRole('textbox', { name: 'Deploy token', exact: true }).inputValue();
  expect(token).toMatch(/^fcd_/);
  await shown.getByRole('button', { name: 'Copy Deploy token' }).click();
  await shown.getByRole('button', { name: 'Copy Deploy token' }).getByText('Copied').waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

  // The token works for its remote, and only for it.
  expect((await site.request(token, 'GET', '/platform/remotes/mfe_progress')).status).toBe(200);
  expect((await site.request(token, 'GET', '/platform/remotes/mfe_cards')).status).toBe(403);

  const item = panel.getByRole('listitem').filter({ hasText: 'progress-team ci' });
  await item.getByText('Live').waitFor();
  expect(await item.locator('dd').first().textContent()).toBe('mfe_progress');

  await shown.getByRole('button', { name: 'Done, I copied it' }).click();
  await shown.waitFor({ state: 'detached' });
  expect(await page.locator('body').textContent()).not.toContain(token);
  // Nor after a reload: the list never carries it.
  await page.reload();
  await panel.getByRole('listitem').filter({ hasText: 'progress-team ci' }).waitFor();
  expect(await page.locator('body').textContent()).not.toContain(token);
  expect(
    await page
      .locator('input')
      .evaluateAll((inputs, secret) => inputs.some((input) => (input as HTMLInputElement).value === secret), token),
  ).toBe(false);

  // Revoke, by keyboard: Enter on Revoke, then the confirmation's Revoke.
  await panel.getByRole('button', { name: 'Revoke the token progress-team ci' }).focus();
  await page.keyboard.press('Enter');
  const dialog = panel.getByRole('alertdialog', { name: 'Confirm revoking' });
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await panel
    .getByRole('listitem')
    .filter({ hasText: 'progress-team ci' })
    .getByText('Revoked', { exact: true })
    .first()
    .waitFor();
  expect(await panel.getByRole('button', { name: 'Revoke the token progress-team ci' }).count()).toBe(0);
  expect((await site.request(token, 'GET', '/platform/remotes/mfe_progress')).status).toBe(401);
  expect(errors).toEqual([]);
  await context.close();
});

test('the active and canary versions render side by side from the reported health, and a halted canary is named', async () => {
  const { page, context, errors } = await openConsole();
  const progress = page.getByRole('region', { name: 'mfe_progress', exact: true });
  await progress.waitFor();

  const head = await progress
    .getByRole('table', { name: /^Health of mfe_progress/ })
    .locator('thead th')
    .allTextContents();
  expect(head).toEqual(['Measure', `Active${progressActive}`, `Canary${progressCanary}`]);
  const rows = await rowsOf(page, /^Health of mfe_progress/);
  const active = served.get(progressActive) ?? { users: 0, failed: 0 };
  const canary = served.get(progressCanary) ?? { users: 0, failed: 0 };
  expect(rows[0][0]).toBe('Served users');
  // The six learners, plus the super admin, whose page loaded the manifest too (either version).
  const [activeUsers, canaryUsers] = [Number(rows[0][1]), Number(rows[0][2])];
  expect(activeUsers + canaryUsers).toBe(7);
  expect(activeUsers - active.users).toBeGreaterThanOrEqual(0);
  expect(canaryUsers - canary.users).toBeGreaterThanOrEqual(0);
  expect(rows[1][0]).toBe('Failure rate');
  // A version nobody was served has no rate ("—" and, for a screen reader, "No data").
  expect(rows[1][1]).toEqual(
    activeUsers ? expect.stringContaining(`${active.failed} of ${activeUsers} users`) : '—No data',
  );
  expect(rows[1][2]).toEqual(
    canaryUsers ? expect.stringContaining(`${canary.failed} of ${canaryUsers} users`) : '—No data',
  );
  expect(rows[2]).toEqual(['Load failures', String(active.failed), String(canary.failed)]);
  expect(rows[3]).toEqual(['Render errors', '0', '0']);
  for (const [index, name] of [
    [4, 'LCP (p75)'],
    [5, 'INP (p75)'],
  ] as const) {
    expect(rows[index][0]).toBe(name);
    for (const cell of rows[index].slice(1)) expect(cell).toMatch(/^(\d[\d,]* ms|—No data)$/);
  }
  expect(rows[6][0]).toBe('CLS (p75)');
  expect(rows[7][0]).toBe('Last error');
  if (active.failed) expect(rows[7][1]).toMatch(/^ChunkLoadError: chunk \d failed/);

  const social = page.getByRole('region', { name: 'mfe_social', exact: true });
  await social.getByText('Canary halted automatically').waitFor();
  const halt = social.locator('.platform-halt');
  expect(await halt.textContent()).toContain(socialCanary);
  expect(await halt.textContent()).toMatch(/2 of 2 users served .* failed \(100%\)/);
  // The canary is over: no canary column, and the audit names the halt.
  expect(
    await social
      .getByRole('table', { name: /^Health of mfe_social/ })
      .locator('thead th')
      .count(),
  ).toBe(2);
  await page
    .getByRole('list', { name: 'Audit log' })
    .getByRole('listitem')
    .filter({ hasText: 'Canary halted' })
    .first()
    .waitFor();
  expect(errors).toEqual([]);
  await context.close();
});

test('a waiting release gets a preview link, absolute, that opens its area', async () => {
  const { page, context, errors } = await openConsole();
  const progress = page.getByRole('region', { name: 'mfe_progress', exact: true });
  // Only the waiting release offers one.
  expect(
    await progress.getByRole('button', { name: `Create a preview link of mfe_progress ${progressCanary}` }).count(),
  ).toBe(0);
  await progress.getByRole('button', { name: `Create a preview link of mfe_progress ${progressWaiting}` }).click();

  const link = progress
    .getByRole('region', { name: 'Preview links' })
    .getByRole('textbox', { name: `Preview link of ${progressWaiting}`, exact: true });
  await link.waitFor();
  const url = await link.inputValue();
  expect(url).toMatch(new RegExp(`^${site.url.replace(/[.]/g, '\\.')}/api/platform/previews/\\S+$`));
  await progress
    .getByRole('region', { name: 'Preview links' })
    .getByText(/^Expires/)
    .waitFor();

  await page.goto(url);
  await page.waitForURL('**/progress');
  expect(errors).toEqual([]);
  await context.close();
});
