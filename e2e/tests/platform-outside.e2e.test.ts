// Teams outside this repository (each its own repository, written by `new-remote --standalone`,
// with its own package.json and lockfile, one on webpack, one on Rspack) install the packed
// platform packages, run their own tests on the packed mock kernel, build, and release to a
// running site with the documented interface: PLATFORM_URL + PLATFORM_TOKEN and
// `npx flashcard-release .`. The two teams work in parallel; the browser then uses both areas.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { newRemote, ROOT, run, testSite } from '../src/harness';

jest.setTimeout(600_000);

type Bundler = 'webpack' | 'rspack';
interface Team {
  remote: string;
  /** The output of `npm test`, of the release (its build included). */
  tested: string;
  released: string;
}

const site = testSite();
let outside: string;
let packs: string;
const teams = {} as Record<Bundler, Promise<Team>>;

/** The rspack team's own area: the kernel's store, the shell's router and React state, in one screen. */
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

/** ...and its own test of it, on the packed mock kernel (a signed-in store, the API from a table). */
const appTestSource = (route: string) => `import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { apiClient } from '@flashcard/shared-auth';
import { mockKernel, type MockKernel } from '@flashcard/shared-auth/testing';
import App from './App';

let kernel: MockKernel;
beforeEach(() => {
  kernel = mockKernel({ user: { email: 'team@example.com' }, api: { 'GET /decks': { status: 200, data: { decks: 2 } } } });
});
afterEach(() => kernel.restore());

test('shows the signed-in learner at its route and counts clicks', () => {
  render(
    <MemoryRouter initialEntries={['${route}']}>
      <Routes>
        <Route path="${route}/*" element={<App />} />
      </Routes>
    </MemoryRouter>,
  );
  expect(screen.getByText('Signed in as team@example.com at ${route}.')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Clicked 0 times' }));
  expect(screen.getByRole('button', { name: 'Clicked 1 times' })).toBeInTheDocument();
});

test("the kernel's client answers from the table with the mock session's token", async () => {
  const response = await apiClient.get('/decks');
  expect(response.data).toEqual({ decks: 2 });
  expect(response.config.headers.Authorization).toBe('Bearer mock-access-token');
  expect(kernel.requests()).toEqual(['GET /decks']);
});
`;

/** The dev ports of this repository's apps: a team's dev server must not collide with them. */
function platformDevPorts(): number[] {
  const { workspaces } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
  const declared = workspaces.map(
    (folder) => JSON.parse(readFileSync(join(ROOT, folder, 'package.json'), 'utf8')).flashcardRemote?.devPort,
  );
  return [3000, ...declared.filter(Number.isInteger)];
}

/**
 * A team's repository, from nothing to released: `new-remote --standalone` with the tarballs,
 * `npm install`, `npm test` (its own App.test.tsx), then `npx flashcard-release .` (which runs
 * `npm run build`). The webpack team keeps the scaffold as written; the Rspack team writes its
 * own area and test first.
 */
async function teamRepository(folder: string, route: string, label: string, bundler: Bundler): Promise<Team> {
  const remote = join(outside, `${bundler}-team`);
  await newRemote(folder, route, label, '--bundler', bundler, '--standalone', remote, '--packages', packs);
  // Nothing points back into this repository; the dev server is on a port of its own.
  for (const file of ['tsconfig.json', 'jest.config.js', 'package.json'])
    expect(readFileSync(join(remote, file), 'utf8')).not.toMatch(/"\.\.\/(?!packs\/)|'\.\.\//);
  const { devPort } = JSON.parse(readFileSync(join(remote, 'package.json'), 'utf8')).flashcardRemote;
  expect(devPort).toBeGreaterThan(3005);
  expect(platformDevPorts()).not.toContain(devPort);
  if (bundler === 'rspack') {
    writeFileSync(join(remote, 'src', 'App.tsx'), appSource(label, bundler));
    writeFileSync(join(remote, 'src', 'App.test.tsx'), appTestSource(route));
  }

  // npm's cache serves what this repository's install already fetched.
  await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: remote });
  expect(existsSync(join(remote, 'package-lock.json'))).toBe(true);
  // Its own copies, not links into this repository.
  expect(existsSync(join(remote, 'node_modules', '@flashcard', 'shared-auth', 'src'))).toBe(false);
  expect(existsSync(join(remote, 'node_modules', '@flashcard', 'shared-auth', 'dist', 'index.d.ts'))).toBe(true);

  const tested = await run('npm', ['test'], { cwd: remote });
  if (bundler === 'webpack') {
    // The kernel's declarations type the team's code (useAuthStore's state, the router).
    await run('npm', ['run', 'typecheck'], { cwd: remote });
    writeFileSync(
      join(remote, 'src', 'typo.ts'),
      "import { useAuthStore } from '@flashcard/shared-auth';\nexport const email: number = useAuthStore.getState().user!.email;\n",
    );
    await expect(run('npm', ['run', 'typecheck'], { cwd: remote })).rejects.toThrow(
      /Type 'string' is not assignable to type 'number'/,
    );
    rmSync(join(remote, 'src', 'typo.ts'));
  }
  // The team's token names its one remote: mfe_trivia (webpack team), mfe_poetry (Rspack team).
  const token = await site.product.deployToken(`${folder}-team`, [folder.replace(/-/g, '_')]);
  const released = await run('npx', ['flashcard-release', '.'], {
    cwd: remote,
    env: { PLATFORM_URL: site.url, PLATFORM_TOKEN: token },
  });
  return { remote, tested, released };
}

beforeAll(async () => {
  outside = mkdtempSync(join(tmpdir(), 'flashcards-team-'));
  // What the platform hands a team: its packages as tarballs (the kernel's is built by its prepack).
  packs = join(outside, 'packs');
  mkdirSync(packs);
  const packages = [
    '@flashcard/shared-auth',
    '@flashcard/shared-ui',
    '@flashcard/api-contract',
    '@flashcard/platform-tools',
  ];
  await run('npm', [
    'pack',
    '--silent',
    '--pack-destination',
    packs,
    ...packages.flatMap((name) => ['--workspace', name]),
  ]);
  expect(readdirSync(packs)).toHaveLength(4);
  // Both teams at once (each mostly waits on npm and its bundler); each test awaits its own.
  teams.webpack = teamRepository('mfe-trivia', '/trivia', 'Trivia', 'webpack');
  teams.rspack = teamRepository('mfe-poetry', '/poetry', 'Poetry', 'rspack');
  // A failure is reported by the test that awaits it, not as an unhandled rejection meanwhile.
  for (const team of Object.values(teams)) team.catch(() => {});
});
afterAll(async () => {
  // Neither team may still be writing into the folder removed below.
  await Promise.allSettled(Object.values(teams));
  if (outside) rmSync(outside, { recursive: true, force: true });
});

/** A learner opens the area from the sidebar: it renders with the shell's React and kernel. */
async function openArea(label: string, check: (page: Page, email: string) => Promise<void>) {
  const { page, context, errors, email } = await site.learner();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label }).click();
  await check(page, email);
  // Every file the area needed came from its release, and the page logged no error.
  expect(errors).toEqual([]);
  await context.close();
}

test("a webpack team's repository as new-remote --standalone writes it: its mock-kernel test passes, it builds, is released and shown", async () => {
  const { tested, released } = await teams.webpack;
  // The scaffold's own App.test.tsx and i18n test, on the packed mock kernel and the platform's jest preset.
  expect(tested).toMatch(/PASS\s+src\/App\.test\.tsx/); // jest pads its label with one or two spaces
  expect(tested).toMatch(/PASS\s+src\/i18n\/i18n\.test\.ts/);
  expect(tested).toMatch(/Tests:\s+4 passed, 4 total/);
  expect(released).toMatch(/webpack compiled successfully/);
  expect(released).toMatch(/Released mfe_trivia 0\.1\.0\+[0-9a-f]{8} \(active\)/);
  await openArea('Trivia', async (page, email) => {
    await page.getByRole('heading', { level: 1, name: 'Trivia' }).waitFor();
    // The shell's store (the kernel singleton) reaches the remote: the learner signed up there
    // (no display name yet, so the e-mail).
    await page.getByText(`Signed in as ${email}.`).waitFor();
    // The packed shared-ui's useLoad, through the kernel's client, against the real API.
    await page.getByText('No study session yet.').waitFor();
  });
});

test("an Rspack team's own area and test on the packed mock kernel pass, it builds on the kernel's share map, is released and shown", async () => {
  const { remote, tested, released } = await teams.rspack;
  // Its own two tests and the scaffold's two i18n tests (its catalogues are kept).
  expect(tested).toMatch(/Tests:\s+4 passed, 4 total/);
  expect(released).toMatch(/Rspack compiled successfully/);
  expect(released).toMatch(/Released mfe_poetry 0\.1\.0\+[0-9a-f]{8} \(active\)/);
  // Built on the shell's federation runtime, with the kernel's share map in its manifest.
  const manifest = JSON.parse(readFileSync(join(remote, 'dist', 'mf-manifest.json'), 'utf8'));
  const react = manifest.shared.find((entry: { name: string }) => entry.name === 'react');
  expect(react).toMatchObject({ singleton: true, requiredVersion: '^19.0.0' });
  await openArea('Poetry', async (page, email) => {
    await page.getByText('Built outside the platform repository with rspack.').waitFor();
    // The shell's store and the shell's router context reach the remote.
    await page.getByText(`Signed in as ${email} at /poetry.`).waitFor();
    // A second React would fail the hooks above; state updates run on the shell's renderer.
    await page.getByRole('button', { name: 'Clicked 0 times' }).click();
    await page.getByRole('button', { name: 'Clicked 1 times' }).waitFor();
  });
});
