// Teams outside this repository (each its own folder, package.json and lockfile, one on webpack,
// one on Rspack) build their remotes against the packed platform packages (the kernel with its
// built JS, types, share map and mock) and release them to a running site with the documented
// interface: PLATFORM_URL + PLATFORM_TOKEN and `npm run release`.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import type { Browser } from 'playwright-core';
import { launchBrowser, newSession, ROOT, signUp, startProduct, type Product } from '../src/harness';

jest.setTimeout(600_000);

let product: Product;
let browser: Browser;
let outside: string;
let packs: string;

function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    // Without colours (a bundler colours its output when CI asks for colour).
    child.on('exit', (code) => (code === 0 ? resolve(stripVTControlCharacters(out)) : reject(new Error(`${command} ${args.join(' ')} in ${cwd} exited with ${code}:\n${out}`))));
  });
}

beforeAll(async () => {
  product = await startProduct();
  browser = await launchBrowser();
  outside = mkdtempSync(join(tmpdir(), 'flashcards-team-'));
  // What the platform hands a team: its packages as tarballs (the kernel's is built by its prepack).
  packs = join(outside, 'packs');
  mkdirSync(packs);
  const packages = ['@flashcard/shared-auth', '@flashcard/shared-ui', '@flashcard/api-contract', '@flashcard/platform-tools'];
  await run('npm', ['pack', '--silent', '--pack-destination', packs, ...packages.flatMap((name) => ['--workspace', name])], ROOT);
  expect(readdirSync(packs)).toHaveLength(4);
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
  if (outside) rmSync(outside, { recursive: true, force: true });
});

/** The area each team ships: the kernel's store, the shell's router and React state, in one screen. */
const appSource = (label: string, bundler: string) => `import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useAuthStore } from '@flashcard/shared-auth';

export default function TeamApp() {
  const user = useAuthStore((state) => state.user);
  const { pathname } = useLocation();
  const [clicks, setClicks] = useState(0);
  return (
    <div className="page">
      <h1>${label}</h1>
      <p>Built outside the platform repository with ${bundler}.</p>
      <p>Signed in as {user?.email} at {pathname}.</p>
      <button type="button" onClick={() => setClicks((count) => count + 1)}>Clicked {clicks} times</button>
    </div>
  );
}
`;

/** A team's repository: scaffolded (into a scratch root), then moved into a folder of its own, with its dependencies from the tarballs and the npm registry. */
async function teamRemote(folder: string, route: string, label: string, bundler: 'webpack' | 'rspack'): Promise<string> {
  const scratch = join(outside, `scratch-${bundler}`);
  mkdirSync(scratch);
  writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'scratch', private: true, workspaces: [] }));
  await run(process.execPath, [join(ROOT, 'scripts', 'new-remote.mjs'), folder, '--route', route, '--label', label, '--bundler', bundler, '--root', scratch], ROOT);
  const repo = join(outside, `${bundler}-team`);
  mkdirSync(repo);
  // The team's compiler options: this repository's, without its "resolve the sources" condition.
  const base = JSON.parse(readFileSync(join(ROOT, 'tsconfig.base.json'), 'utf8').replace(/^\s*\/\/.*$/gm, ''));
  delete base.compilerOptions.customConditions;
  base.compilerOptions.types = [];
  writeFileSync(join(repo, 'tsconfig.base.json'), JSON.stringify(base, null, 2));
  renameSync(join(scratch, folder), join(repo, folder));
  const remote = join(repo, folder);
  const pkgFile = join(remote, 'package.json');
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));
  const tarballs = readdirSync(packs);
  const tarballOf = (name: string) => `file:${packs}/${tarballs.find((file) => file.startsWith(name.replace('@', '').replace('/', '-')))}`;
  for (const section of ['dependencies', 'devDependencies']) {
    for (const name of Object.keys(pkg[section] ?? {})) if (name.startsWith('@flashcard/')) pkg[section][name] = tarballOf(name);
  }
  const rootDev = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).devDependencies;
  for (const types of ['@types/react', '@types/react-dom']) pkg.devDependencies[types] = rootDev[types];
  writeFileSync(pkgFile, JSON.stringify(pkg, null, 2));
  writeFileSync(join(remote, 'src', 'App.tsx'), appSource(label, bundler));
  // Its tests need the jest preset of this repository; the team's typecheck covers the app.
  rmSync(join(remote, 'src', 'App.test.tsx'));
  rmSync(join(remote, 'src', 'jest-dom.d.ts'));
  await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], remote);
  expect(existsSync(join(remote, 'package-lock.json'))).toBe(true);
  // Its own copies, not links into this repository.
  expect(existsSync(join(remote, 'node_modules', '@flashcard', 'shared-auth', 'src'))).toBe(false);
  expect(existsSync(join(remote, 'node_modules', '@flashcard', 'shared-auth', 'dist', 'index.d.ts'))).toBe(true);
  return remote;
}

/** Releases the remote with the documented command; resolves with its output. */
async function release(remote: string, team: string): Promise<string> {
  const token = await product.deployToken(`${team}-team`, [`mfe_${team}`]);
  return run('npm', ['run', 'release'], remote, { PLATFORM_URL: product.url, PLATFORM_TOKEN: token });
}

/** A learner opens the area from the sidebar: it renders with the shell's React, router and kernel. */
async function openArea(label: string, route: string, bundler: string) {
  const { page, context, errors } = await newSession(browser, product.url);
  const email = await signUp(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label }).click();
  await page.getByText(`Built outside the platform repository with ${bundler}.`).waitFor();
  // The shell's store (the kernel singleton) and the shell's router context reach the remote.
  await page.getByText(`Signed in as ${email} at ${route}.`).waitFor();
  // A second React would fail the hooks above; state updates run on the shell's renderer.
  await page.getByRole('button', { name: 'Clicked 0 times' }).click();
  await page.getByRole('button', { name: 'Clicked 1 times' }).waitFor();
  // Every file the area needed came from its release, and the page logged no error.
  expect(errors).toEqual([]);
  await context.close();
}

test('a webpack remote in its own repository, typed by the packed kernel, is released and shown', async () => {
  const remote = await teamRemote('mfe-trivia', '/trivia', 'Trivia', 'webpack');
  // The kernel's declarations type the team's code (useAuthStore's state, the router).
  await run('npx', ['tsc', '--noEmit', '-p', '.'], remote);
  writeFileSync(join(remote, 'src', 'typo.ts'), "import { useAuthStore } from '@flashcard/shared-auth';\nexport const email: number = useAuthStore.getState().user!.email;\n");
  await expect(run('npx', ['tsc', '--noEmit', '-p', '.'], remote)).rejects.toThrow(/Type 'string' is not assignable to type 'number'/);
  rmSync(join(remote, 'src', 'typo.ts'));

  expect(await release(remote, 'trivia')).toMatch(/Released mfe_trivia 0\.1\.0\+[0-9a-f]{8} \(active\)/);
  await openArea('Trivia', '/trivia', 'webpack');
});

test('an Rspack remote in its own repository, on the kernel\'s share map, is released and shown; the packed mock kernel runs alone', async () => {
  const remote = await teamRemote('mfe-poetry', '/poetry', 'Poetry', 'rspack');

  // The mock kernel from the tarball: a signed-in store and an API answering from a table.
  const probe = await run(
    process.execPath,
    [
      '-e',
      `const { mockKernel } = require('@flashcard/shared-auth/testing');
const { apiClient, useAuthStore } = require('@flashcard/shared-auth');
const kernel = mockKernel({ user: { email: 'team@example.com' }, api: { 'GET /decks': { status: 200, data: { decks: 2 } } } });
apiClient.get('/decks').then((r) => { console.log(JSON.stringify({ data: r.data, user: useAuthStore.getState().user.email, auth: r.config.headers.Authorization, requests: kernel.requests() })); kernel.restore(); });`,
    ],
    remote,
  );
  expect(JSON.parse(probe.trim().split('\n').pop()!)).toEqual({ data: { decks: 2 }, user: 'team@example.com', auth: 'Bearer mock-access-token', requests: ['GET /decks'] });

  const output = await release(remote, 'poetry');
  expect(output).toMatch(/Rspack compiled successfully/);
  expect(output).toMatch(/Released mfe_poetry 0\.1\.0\+[0-9a-f]{8} \(active\)/);
  // Built on the shell's federation runtime, with the kernel's share map in its manifest.
  const manifest = JSON.parse(readFileSync(join(remote, 'dist', 'mf-manifest.json'), 'utf8'));
  const react = manifest.shared.find((entry: { name: string }) => entry.name === 'react');
  expect(react).toMatchObject({ singleton: true, requiredVersion: '^19.0.0' });
  await openArea('Poetry', '/poetry', 'rspack');
});
