// A team outside this repository (its own folder, its own package.json and lockfile) builds
// its remote with the packed platform packages and releases it to a running site with the
// documented interface: PLATFORM_URL + PLATFORM_TOKEN and `npm run release`.
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, newSession, ROOT, signUp, startProduct, type Product } from '../src/harness';

jest.setTimeout(600_000);

let product: Product;
let browser: Browser;
let outside: string;

function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${command} ${args.join(' ')} in ${cwd} exited with ${code}:\n${out}`))));
  });
}

beforeAll(async () => {
  product = await startProduct();
  browser = await launchBrowser();
  outside = mkdtempSync(join(tmpdir(), 'flashcards-team-'));
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
  if (outside) rmSync(outside, { recursive: true, force: true });
});

test('a remote in its own repository, built from the packed platform packages, is released and shown', async () => {
  // What the platform hands a team: its packages as tarballs.
  const packs = join(outside, 'packs');
  mkdirSync(packs);
  const packages = ['@flashcard/shared-auth', '@flashcard/shared-ui', '@flashcard/api-contract', '@flashcard/platform-tools'];
  await run('npm', ['pack', '--silent', '--pack-destination', packs, ...packages.flatMap((name) => ['--workspace', name])], ROOT);
  const tarballs = readdirSync(packs);
  expect(tarballs).toHaveLength(4);

  // The team's repository: scaffolded (into a scratch root), then moved into a folder of its
  // own, with its dependencies from the tarballs and the npm registry.
  const scratch = join(outside, 'scratch');
  mkdirSync(scratch);
  writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'scratch', private: true, workspaces: [] }));
  await run(process.execPath, [join(ROOT, 'scripts', 'new-remote.mjs'), 'mfe-trivia', '--route', '/trivia', '--label', 'Trivia', '--root', scratch], ROOT);
  const repo = join(outside, 'trivia-team');
  mkdirSync(repo);
  copyFileSync(join(ROOT, 'tsconfig.base.json'), join(repo, 'tsconfig.base.json'));
  renameSync(join(scratch, 'mfe-trivia'), join(repo, 'mfe-trivia'));
  const remote = join(repo, 'mfe-trivia');
  const pkgFile = join(remote, 'package.json');
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));
  const tarballOf = (name: string) => `file:${packs}/${tarballs.find((file) => file.startsWith(name.replace('@', '').replace('/', '-')))}`;
  for (const section of ['dependencies', 'devDependencies']) {
    for (const name of Object.keys(pkg[section] ?? {})) if (name.startsWith('@flashcard/')) pkg[section][name] = tarballOf(name);
  }
  writeFileSync(pkgFile, JSON.stringify(pkg, null, 2));
  writeFileSync(
    join(remote, 'src', 'App.tsx'),
    'export default function TriviaApp() {\n  return (\n    <div className="page">\n      <h1>Trivia</h1>\n      <p>Built outside the platform repository.</p>\n    </div>\n  );\n}\n',
  );
  await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], remote);
  expect(existsSync(join(remote, 'package-lock.json'))).toBe(true);
  // Its own copies, not links into this repository.
  expect(existsSync(join(remote, 'node_modules', '@flashcard', 'platform-tools', 'webpack.js'))).toBe(true);

  const token = await product.deployToken('trivia-team');
  const output = await run('npm', ['run', 'release'], remote, { PLATFORM_URL: product.url, PLATFORM_TOKEN: token });
  expect(output).toMatch(/Released mfe_trivia 0\.1\.0\+[0-9a-f]{8} \(active\)/);

  const { page, context, errors } = await newSession(browser, product.url);
  await signUp(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trivia' }).click();
  await page.getByText('Built outside the platform repository.').waitFor();
  expect(errors).toEqual([]);
  await context.close();
});
