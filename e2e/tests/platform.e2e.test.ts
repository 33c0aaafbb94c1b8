// A team ships a sixth area with the shell untouched: scaffold, release, promote, roll back,
// canary, a role-restricted route, and a broken release seen in the admin console.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { newRemote, releasedVersion, ROOT, scratchWorkspace, signIn, testSite, uniqueEmail } from '../src/harness';

const site = testSite();
let work: string;
let token: string;
let quizDir: string;

jest.setTimeout(240_000);

const release = (...flags: string[]) => site.release(quizDir, token, ...flags);

function writeApp(text: string) {
  writeFileSync(
    join(quizDir, 'src', 'App.tsx'),
    `export default function QuizApp() {\n  return (\n    <div className="page">\n      <h1>Quiz</h1>\n      <p data-testid="quiz-build">${text}</p>\n    </div>\n  );\n}\n`,
  );
}

/** The registry's API with the team's deploy token: a POST of `body`, or a GET. */
const registry = (path: string, body?: object) => site.call(token, body ? 'POST' : 'GET', `/platform${path}`, body);

/** A hash of the built shell: it must not change while areas ship. */
function shellFingerprint(): string {
  const dir = join(ROOT, 'shell', 'dist');
  const hash = createHash('sha256');
  for (const file of readdirSync(dir).sort()) hash.update(file).update(String(statSync(join(dir, file)).mtimeMs));
  return hash.digest('hex');
}

async function quizBuildText(page: Page): Promise<string> {
  await page.goto('/quiz');
  return (await page.getByTestId('quiz-build').textContent()) ?? '';
}

let shellBefore: string;
let v1: string;
let v2: string;

beforeAll(async () => {
  token = await site.product.deployToken('e2e-team', ['mfe_quiz']);
  work = scratchWorkspace();
  shellBefore = shellFingerprint();
});
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

test('a scaffolded remote, released over HTTP, appears in the navigation and owns its route after a reload', async () => {
  const { page, context, errors } = await site.learner();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Study' }).waitFor();
  expect(await nav.getByRole('link', { name: 'Quiz' }).count()).toBe(0);

  await newRemote('mfe-quiz', '/quiz', 'Quiz', '--root', work);
  quizDir = join(work, 'mfe-quiz');
  expect(JSON.parse(readFileSync(join(quizDir, 'package.json'), 'utf8')).flashcardRemote.routes).toEqual([
    { path: '/quiz/*', module: './App' },
  ]);
  writeApp('build one');
  const output = await release();
  expect(output).toMatch(/Released mfe_quiz 0\.1\.0\+[0-9a-f]{8} \(active\)/);
  v1 = releasedVersion(output);

  await page.reload();
  await nav.getByRole('link', { name: 'Quiz' }).click();
  await page.waitForURL('**/quiz');
  await page.getByRole('heading', { name: 'Quiz', level: 1 }).waitFor();
  expect(await page.getByTestId('quiz-build').textContent()).toBe('build one');
  expect(errors).toEqual([]);
  expect(shellFingerprint()).toBe(shellBefore);
  await context.close();
});

test('a later release waits for a promote; promote and roll back take effect on the next load', async () => {
  const { page, context } = await site.learner();
  writeApp('build two');
  const output = await release();
  expect(output).toContain('(waiting for promote)');
  v2 = releasedVersion(output);
  expect(await quizBuildText(page)).toBe('build one');

  await registry('/remotes/mfe_quiz/promote', { version: v2 });
  expect(await quizBuildText(page)).toBe('build two');
  await registry('/remotes/mfe_quiz/promote', { version: v1 });
  expect(await quizBuildText(page)).toBe('build one');
  expect(shellFingerprint()).toBe(shellBefore);
  await context.close();
});

test('a 50% canary gives two users different versions, each the same on every load', async () => {
  await registry('/remotes/mfe_quiz/canary', { version: v2, percent: 50 });
  const bucket = (id: number) => createHash('sha256').update(`mfe_quiz:${id}`).digest().readUInt32BE(0) % 100;
  // Accounts on both sides of the 50% line.
  const accounts: Array<{ email: string; id: number }> = [];
  while (!accounts.some((a) => bucket(a.id) < 50) || !accounts.some((a) => bucket(a.id) >= 50)) {
    const { email, id } = await site.register({ email: uniqueEmail('canary') });
    accounts.push({ email, id });
  }
  for (const [account, expected] of [
    [accounts.find((a) => bucket(a.id) < 50)!, 'build two'],
    [accounts.find((a) => bucket(a.id) >= 50)!, 'build one'],
  ] as const) {
    const { page, context } = await site.signedIn(account.email);
    for (let load = 0; load < 3; load += 1) expect(await quizBuildText(page)).toBe(expected);
    await context.close();
  }
  await registry('/remotes/mfe_quiz/canary', { percent: 0 });
});

test('a route restricted to admins is hidden from a learner and answers Access Denied', async () => {
  const pkgFile = join(quizDir, 'package.json');
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));
  pkg.flashcardRemote.routes[0].roles = ['admin', 'super_admin'];
  pkg.flashcardRemote.navigation[0].roles = ['admin', 'super_admin'];
  writeFileSync(pkgFile, JSON.stringify(pkg, null, 2));
  expect(await release('--promote', '--no-build')).toContain('(active)');

  const { page, context, email } = await site.learner();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Study' }).waitFor();
  expect(await nav.getByRole('link', { name: 'Quiz' }).count()).toBe(0);
  await page.goto('/quiz');
  await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
  expect(await page.getByTestId('quiz-build').count()).toBe(0);

  await site.product.setRole(email, 'admin');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await signIn(page, email);
  // Signed in again as an admin: on the dashboard, or back on /quiz when the role change had
  // already ended the old session there (sign-in returns to the page that asked for it).
  await page.waitForURL(/\/(dashboard|quiz)$/);
  await nav.getByRole('link', { name: 'Quiz' }).click();
  await page.getByTestId('quiz-build').waitFor();
  await context.close();
});

test('a broken release shows the area fallback, and the console counts its failure', async () => {
  // A build whose exposed module throws when it is evaluated.
  const dist = join(quizDir, 'dist');
  // The exposed module's own chunk (the standalone bootstrap has another copy of App).
  const manifest = JSON.parse(readFileSync(join(dist, 'mf-manifest.json'), 'utf8'));
  const syncChunks: string[] = manifest.exposes[0].assets.js.sync;
  const chunk = syncChunks.find((file) => readFileSync(join(dist, file), 'utf8').includes('quiz-build'));
  if (!chunk) throw new Error('no chunk holds the exposed App module');
  writeFileSync(
    join(dist, chunk),
    `throw new Error('quiz build is broken');\n${readFileSync(join(dist, chunk), 'utf8')}`,
  );
  const broken = releasedVersion(await release('--promote', '--no-build'));

  const { page, context, email } = await site.learner();
  await site.product.setRole(email, 'super_admin');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await signIn(page, email);
  await page.waitForURL('**/dashboard');
  await page.goto('/quiz');
  await page.getByText('This section is unavailable right now').waitFor();

  await page.goto('/admin/platform');
  const quiz = page.getByRole('region', { name: 'mfe_quiz', exact: true });
  await quiz.waitFor();
  await quiz.getByText(broken).first().waitFor();
  await quiz
    .getByText(/quiz build is broken|ScriptExecutionError|Error/)
    .first()
    .waitFor();

  // Roll back from the console: the area works again on the next load.
  await quiz.getByRole('button', { name: `Roll back mfe_quiz to ${v1}` }).click();
  await page
    .getByText(/Rolled back|Promoted/)
    .first()
    .waitFor();
  expect(await quizBuildText(page)).toBe('build one');
  expect(shellFingerprint()).toBe(shellBefore);
  await context.close();
});
