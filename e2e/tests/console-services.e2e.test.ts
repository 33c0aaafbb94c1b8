// The console's Services section in Chromium against the real gateway registry: a super admin
// registers a service on a tiny HTTP server this test runs and one on a closed port, reads one up
// and one down, is shown the API's reason for a refused registration, and removes one after
// confirming; an admin reads the same, unchanged and unchangeable. axe finds no violation there at
// a desktop and a phone size in the light and the dark theme, and the section is photographed so.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from 'playwright-core';
import { axeViolations, painted, shootElement, sidewaysOverflow, SIZES } from '../src/axe';
import { accessToken, freePort, testSite, uniqueEmail, type Session } from '../src/harness';

// Two failed calls open a circuit, and it stays open while the test looks at it.
const site = testSite({ GATEWAY_BREAKER_FAILURES: '2', GATEWAY_BREAKER_COOLDOWN_MS: '600000' });
const TAKEN = 'A service named quiz is already registered: remove it first to change its address';

let upstream: http.Server;
let upUrl: string;
let downUrl: string;
let superAdminEmail: string;
let adminEmail: string;
/** The upstream's requests (the console's health reads probe it). */
let probes = 0;

jest.setTimeout(180_000);

beforeAll(async () => {
  upstream = http.createServer((_request, response) => {
    probes += 1;
    response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  // A port that was free a moment ago and that nothing listens on: refused at once.
  downUrl = `http://127.0.0.1:${await freePort()}`;

  superAdminEmail = uniqueEmail('operator');
  await site.register({ email: superAdminEmail, displayName: 'Olive Operator' });
  await site.product.setRole(superAdminEmail, 'super_admin');
  adminEmail = uniqueEmail('admin');
  await site.register({ email: adminEmail, displayName: 'Ada Admin' });
  await site.product.setRole(adminEmail, 'admin');
});

afterAll(() => new Promise<void>((resolve) => upstream.close(() => resolve())));

/** Signed in as `email` on the console, its Services section loaded. */
async function openServices(email: string): Promise<Session & { panel: Locator }> {
  const session = await site.signedIn(email);
  await session.page.goto('/admin/platform');
  await session.page.getByRole('heading', { level: 1, name: 'Platform console' }).waitFor();
  const panel = session.page.getByRole('region', { name: 'Services' });
  await panel.waitFor();
  return { ...session, panel };
}

/** The row of the service `name`. */
const rowOf = (panel: Locator, name: string) =>
  panel
    .getByRole('table', { name: 'Registered services' })
    .locator('tbody tr')
    .filter({
      has: panel.page().locator('.platform-service-name', { hasText: new RegExp(`^${name}$`) }),
    });

/** Nothing loading any more: each row has its health. */
async function settled(page: Page) {
  await page.waitForFunction(() => document.querySelectorAll('.spinner, [aria-busy="true"]').length === 0);
}

/** Every axe violation (any impact) on the page as it is, one line per node. */
async function violations(page: Page, label: string): Promise<string[]> {
  return (await axeViolations(page)).map((line) => `${label}: ${line}`);
}

/** axe at both sizes, and a picture of the section at each, in the theme the page shows. */
async function auditAndShoot(page: Page, panel: Locator, theme: 'light' | 'dark'): Promise<string[]> {
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
  const problems: string[] = [];
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await painted(page);
    problems.push(...(await violations(page, `${size.name} ${theme}`)));
    // Nothing of the section is wider than the page (a phone scrolls the page down, never sideways).
    const overflow = await sidewaysOverflow(page);
    expect(`${size.name} ${theme} overflow ${overflow}`).toBe(`${size.name} ${theme} overflow 0`);
    await shootElement(page, panel, `console-services-${size.name}-${theme}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  return problems;
}

test('a super admin registers two services, reads one up and one down, and removes one after confirming', async () => {
  const { page, context, errors, panel } = await openServices(superAdminEmail);
  await panel.getByText('No service is registered yet.').waitFor();
  const form = panel.getByRole('form', { name: 'Register a service' });

  await form.getByLabel('Name').fill('quiz');
  await form.getByLabel('Address').fill(`${upUrl}/`);
  await form.getByRole('checkbox', { name: 'mfe_cards' }).check();
  await form.getByRole('button', { name: 'Register service' }).click();
  await page.getByText('Service "quiz" registered').waitFor();
  const quiz = rowOf(panel, 'quiz');
  await quiz.locator('td .badge:visible', { hasText: 'Up' }).first().waitFor();
  expect(await form.getByLabel('Name').inputValue()).toBe('');

  await form.getByLabel('Name').fill('grades');
  await form.getByLabel('Address').fill(downUrl);
  await form.getByRole('button', { name: 'Register service' }).click();
  const grades = rowOf(panel, 'grades');
  await grades.locator('td .badge:visible', { hasText: 'Down' }).first().waitFor();

  // Two learners' calls through the gateway find nothing listening: its circuit opens.
  const token = await accessToken(page);
  for (let i = 0; i < 2; i += 1) expect((await site.request(token, 'GET', '/services/grades/ping')).status).toBe(502);
  expect((await site.request(token, 'GET', '/services/grades/ping')).status).toBe(503);
  await panel.getByRole('button', { name: 'Check again' }).click();
  await grades.locator('td .badge:visible', { hasText: 'Open' }).first().waitFor();

  // A taken name: the API's reason, in the toast.
  await form.getByLabel('Name').fill('quiz');
  await form.getByLabel('Address').fill('http://127.0.0.1:9/');
  await form.getByRole('button', { name: 'Register service' }).click();
  await page.getByText(`Could not register "quiz": ${TAKEN}`).waitFor();
  expect(await form.getByLabel('Address').inputValue()).toBe('http://127.0.0.1:9/');
  await form.getByLabel('Name').fill('');
  await form.getByLabel('Address').fill('');
  await settled(page);

  // What the desktop table shows: address (its trailing slash dropped by the API), remotes, the probe, the circuit.
  const cellsOf = (row: Locator) =>
    row.evaluate((tr) =>
      Array.from(tr.querySelectorAll('th, td')).map((cell) => {
        const copy = cell.cloneNode(true) as Element;
        copy.querySelectorAll('.platform-row-meta').forEach((meta) => meta.remove());
        return (copy.textContent ?? '').trim();
      }),
    );
  const [quizName, quizUrl, quizRemotes, quizProbe, quizCircuit] = await cellsOf(quiz);
  expect(quizName).toMatch(new RegExp(`^quizRegistered .+ by ${superAdminEmail.replace(/[.]/g, '\\.')}$`));
  expect([quizUrl, quizRemotes]).toEqual([upUrl, 'mfe_cards']);
  // The probe, then this API server's calls of the last minutes (none through the gateway yet).
  expect(quizProbe).toMatch(/^UpHTTP 200 in \d+ msNo calls in the last 5 min$/);
  expect(quizCircuit).toBe('Closed0 failures in a row');
  const [, gradesUrl, gradesRemotes, gradesProbe, gradesCircuit] = await cellsOf(grades);
  expect([gradesUrl, gradesRemotes]).toEqual([downUrl, 'none']);
  // Every call through the gateway failed: the two that opened its circuit, and those it refused then.
  expect(gradesProbe).toMatch(
    /^Downconnection refused after \d+ msLast 5 min: \d+ calls, 100(\.0)?% failed, p95 \d+ ms$/,
  );
  expect(gradesCircuit).toMatch(/^Open2 failures in a rowLast: connection refused, .+$/);
  expect(await grades.locator('td time').first().getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
  expect(probes).toBeGreaterThan(0);

  const changes = panel.getByRole('list', { name: 'Recent changes' }).getByRole('listitem');
  expect(await changes.locator('.row').allTextContents()).toEqual(['gradesRegistered', 'quizRegistered']);
  expect(await changes.first().textContent()).toContain(`by ${superAdminEmail}`);

  // Light, then dark as the account's setting (the shell applies it on load).
  const problems = await auditAndShoot(page, panel, 'light');
  await site.call(token, 'PUT', '/user/settings', { darkMode: true });
  await page.reload();
  await panel.waitFor();
  await rowOf(panel, 'grades').locator('td .badge:visible', { hasText: 'Down' }).first().waitFor();
  await settled(page);
  problems.push(...(await auditAndShoot(page, panel, 'dark')));

  // The confirmation, at a phone's width, in the dark: photographed and checked too.
  await page.setViewportSize({ width: 390, height: 844 });
  await panel.getByRole('button', { name: 'Remove the service grades' }).click();
  const dialog = panel.getByRole('alertdialog', { name: 'Confirm removing' });
  await dialog.waitFor();
  expect(await dialog.getByRole('button', { name: 'Cancel' }).evaluate((el) => el === document.activeElement)).toBe(
    true,
  );
  problems.push(...(await violations(page, 'phone dark confirm')));
  await shootElement(
    page,
    panel.getByRole('table', { name: 'Registered services' }),
    'console-services-phone-dark-confirm',
    {
      keepFocus: true,
    },
  );
  expect(problems).toEqual([]);

  // Cancel by keyboard sends nothing; then confirm for real.
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached' });
  expect((await site.call(token, 'GET', '/platform/services')).services).toHaveLength(2);
  await panel.getByRole('button', { name: 'Remove the service grades' }).click();
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await page.getByText('Service "grades" removed').waitFor();
  await rowOf(panel, 'grades').waitFor({ state: 'detached' });
  await changes.first().filter({ hasText: 'Removed' }).waitFor();
  expect(await changes.first().locator('.row').textContent()).toBe('gradesRemoved');

  const { services } = await site.call(token, 'GET', '/platform/services');
  expect(services.map((service: { name: string }) => service.name)).toEqual(['quiz']);
  expect((await site.request(token, 'GET', '/platform/services/grades')).status).toBe(404);
  await site.call(token, 'PUT', '/user/settings', { darkMode: false });
  expect(errors).toEqual([]);
  await context.close();
});

test('an admin reads the services, addresses included, and can change nothing', async () => {
  const { page, context, errors, panel } = await openServices(adminEmail);
  await rowOf(panel, 'quiz').locator('td .badge:visible', { hasText: 'Up' }).first().waitFor();
  await panel.getByText('Read only: only super admins register or remove services.').waitFor();
  expect(await rowOf(panel, 'quiz').locator('td').first().textContent()).toBe(upUrl);
  expect(await panel.getByRole('form').count()).toBe(0);
  expect(await panel.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
  expect(await panel.getByRole('list', { name: 'Recent changes' }).getByRole('listitem').count()).toBe(3);
  await settled(page);
  expect(await violations(page, 'admin desktop light')).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});
