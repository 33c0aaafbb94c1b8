// A team outside this repository ships an area with a server of its own: `new-remote --service
// --standalone` writes both, the team installs the packed platform packages, runs its service's
// own test, starts the service as its own process (PLATFORM_URL = the site, whose keys it
// verifies the gateway's tokens with), an operator registers it with the platform CLI, and the
// team releases and promotes its remote. A learner's page then shows what the service computed
// from the gateway's token, the service never sees the learner's credentials, and once the
// service stops the area shows its error state while the rest of the site works.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  newRemote,
  packPlatform,
  releasedVersion,
  ROOT,
  run,
  startTeamService,
  testSite,
  type TeamService,
} from '../src/harness';

jest.setTimeout(300_000);

const REMOTE = 'mfe_greet';
const SERVICE = 'greet';

const site = testSite();
let outside: string;
let team: string;
let service: TeamService;
/** What the scaffold printed, the service's own test run, the release. */
const output = { scaffold: '', serviceTest: '', released: '' };

/** The payload of a JWT, unverified (the service verified it: it answered). */
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
const headerOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString());

beforeAll(async () => {
  outside = mkdtempSync(join(tmpdir(), 'flashcards-service-team-'));
  const packs = join(outside, 'packs');
  mkdirSync(packs);
  await packPlatform(packs);
  team = join(outside, 'greet');
  output.scaffold = await newRemote(
    'mfe-greet',
    '/greet',
    'Greet',
    '--service',
    SERVICE,
    '--standalone',
    team,
    '--packages',
    packs,
  );
  // One install for the remote and its service (a workspace); npm's cache has what the platform fetched.
  await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: team });

  /** The service as its own process, registered by an operator (a super_admin's token, the platform's CLI). */
  const serve = async () => {
    service = await startTeamService(join(team, 'service'), 'src/server.ts', { PLATFORM_URL: site.url });
    const operator = await site.register();
    await site.product.setRole(operator.email, 'super_admin');
    const registered = await run(
      process.execPath,
      [join(ROOT, 'platform-tools', 'bin', 'platform.mjs'), 'service', 'add', SERVICE, service.url, '--remote', REMOTE],
      { env: { PLATFORM_URL: site.url, PLATFORM_TOKEN: await site.logIn(operator.email) } },
    );
    expect(registered).toContain(`${SERVICE}: /api/services/${SERVICE}/* goes to ${service.url}`);
  };
  // At once, each mostly waiting on another process: the service's own test; the release (its
  // build), by the team's deploy token for its remote only, promoted; the service started.
  [output.serviceTest, output.released] = await Promise.all([
    run('npm', ['test', '--workspace', 'service'], { cwd: team }),
    site.product.deployToken('greet-team', [REMOTE]).then((token) => site.release(team, token, '--promote')),
    serve(),
  ]);
});
afterAll(async () => {
  await service?.stop();
  if (outside) rmSync(outside, { recursive: true, force: true });
});

test("the scaffold tells the operator's next step, and the service's own test passes on tokens it signs", () => {
  expect(output.scaffold).toContain(
    `npm run platform -- service add ${SERVICE} http://127.0.0.1:4100 --remote ${REMOTE}`,
  );
  expect(output.serviceTest).toMatch(/PASS\s+src\/server\.test\.ts/);
  expect(output.serviceTest).toMatch(/Tests:\s+6 passed, 6 total/);
  expect(output.released).toMatch(/webpack compiled successfully/);
  expect(releasedVersion(output.released)).toMatch(/^0\.1\.0\+[0-9a-f]{8}$/);
  // The shared contract is the remote's file, imported by the service.
  expect(readFileSync(join(team, 'service', 'src', 'server.ts'), 'utf8')).toContain(
    "from '../../src/service-contract'",
  );
});

test("a learner's area shows what the service computed from the gateway's token, which is all the service gets of them; a stopped service leaves the rest of the site working", async () => {
  const { page, context, errors } = await site.learner();
  const { user } = await site.callAs(page, 'GET', '/auth/me');
  const before = service.received().length;

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Greet' }).click();
  await page.getByRole('heading', { level: 1, name: 'Greet' }).waitFor();
  await page.getByText(`Hello, learner ${user.id}, from the ${SERVICE} service (visit 1).`).waitFor();

  // What reached the service: the gateway's own token for it, no cookie, no learner token.
  const calls = service.received().slice(before);
  expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['GET /greeting']);
  const [call] = calls;
  expect(call.headers.cookie).toBeUndefined();
  const token = String(call.headers.authorization).replace(/^Bearer /, '');
  expect(headerOf(token)).toMatchObject({ alg: 'ES256' });
  const claims = claimsOf(token);
  expect(claims).toMatchObject({
    iss: 'flashcard-platform',
    aud: `service:${SERVICE}`,
    sub: String(user.id),
    roles: ['user'],
  });
  expect(claims.exp - claims.iat).toBeLessThanOrEqual(60);
  // The browser's cookies hold the session; none of them reached the service in any header.
  const cookies = await context.cookies();
  expect(cookies.length).toBeGreaterThan(0);
  for (const { value } of cookies) expect(JSON.stringify(call.headers)).not.toContain(value);

  // The service stops: the gateway says it cannot reach it, the area says so in its own words
  // (its alert and one toast) and offers Retry; the shell and the other areas carry on.
  await service.stop();
  const failed = `The ${SERVICE} service is not answering right now.`;
  const isGreeting = (response: { url(): string }) => response.url().endsWith(`/api/services/${SERVICE}/greeting`);
  const reloaded = page.waitForResponse(isGreeting);
  await page.reload();
  expect((await reloaded).status()).toBe(502);
  expect(await (await reloaded).json()).toEqual({ error: `The ${SERVICE} service could not be reached (refused)` });
  await page.getByRole('alert').filter({ hasText: failed }).waitFor();
  await page.getByRole('status').filter({ hasText: failed }).waitFor();
  const retried = page.waitForResponse(isGreeting);
  await page.getByRole('button', { name: 'Retry' }).click();
  expect((await retried).status()).toBe(502);
  await page.getByRole('alert').filter({ hasText: failed }).waitFor();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await page.getByText(/Welcome/).waitFor();
  expect(errors).toEqual([]);
  await context.close();
});
