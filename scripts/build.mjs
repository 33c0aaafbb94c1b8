#!/usr/bin/env node
// Builds whatever is missing or stale: the API contract first (tsc: the apps and the API both
// import its dist), then each front-end app with webpack (production) and the API with tsc. The
// apps are the shell and the built-in remotes: the folders the root package.json lists in
// "flashcardBuiltinRemotes" (the server releases the same ones at start-up; a remote not listed,
// such as a fresh scaffold, goes live only through `npm run release`). A target is stale when a
// fingerprint of its inputs (paths, sizes, mtimes) differs from the one stored beside its last
// build, so a restart with nothing changed costs milliseconds.
//   node scripts/build.mjs            build stale targets
//   node scripts/build.mjs --force    rebuild everything
import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

const { builtinRemoteFolders, findBuiltinRemotes } = require('../platform-tools/remotes.js');

const BUILTIN = findBuiltinRemotes(root);
const missing = builtinRemoteFolders(root).filter((folder) => !BUILTIN.some((remote) => remote.folder === folder));
if (missing.length) {
  console.error(
    `[build] package.json "flashcardBuiltinRemotes" lists ${missing.join(', ')}: no such folder with a "flashcardRemote" package.json`,
  );
  process.exit(1);
}

/** The shell, then every built-in remote that webpack builds. */
export const APPS = [
  'shell',
  ...BUILTIN.filter((remote) => existsSync(join(remote.dir, 'webpack.config.js'))).map((remote) => remote.folder),
];
/** Remotes built with another bundler (`new-remote --bundler rspack`): their own `npm run build`. */
const OWN_BUILDS = BUILTIN.filter(
  (remote) => !existsSync(join(remote.dir, 'webpack.config.js')) && existsSync(join(remote.dir, 'rspack.config.js')),
).map((remote) => remote.folder);
const SHARED_INPUTS = [
  'webpack.common.js',
  'platform-tools',
  'tsconfig.base.json',
  'package-lock.json',
  // The kernel: its sources, share map and router facade (apps compile its sources here).
  'shared-auth/src',
  'shared-auth/shared-config.js',
  'shared-auth/router.mjs',
  'shared-auth/package.json',
  'shared-ui',
  'api-contract/src',
];
const STAMP = '.build-stamp';

function listFiles(path, out = []) {
  if (!existsSync(path)) return out;
  const stat = statSync(path);
  if (stat.isFile()) {
    out.push([relative(root, path), stat.size, Math.floor(stat.mtimeMs)]);
    return out;
  }
  for (const entry of readdirSync(path).sort()) {
    if (entry === 'node_modules' || entry === 'dist' || entry.includes('.test.')) continue;
    listFiles(join(path, entry), out);
  }
  return out;
}

function fingerprint(inputs) {
  const files = inputs.flatMap((input) => listFiles(join(root, input)));
  return createHash('sha256').update(JSON.stringify(files)).digest('hex');
}

/**
 * Something to build: where it goes (`dist`, with its stamp) and what its fingerprint covers.
 * @typedef {{ name: string, dist: string, inputs: string[] } & (
 *   | { kind: 'contract', projects: string[] }
 *   | { kind: 'webpack' | 'script' }
 *   | { kind: 'tsc', project: string }
 * )} Target
 */

// The contract is built before everything else (see build()): both the apps and the API import
// it, as CommonJS (the API, jest) and as ES modules (the apps' bundles, shaken by webpack).
/** @type {Target} */
const CONTRACT = {
  name: 'api-contract',
  kind: 'contract',
  projects: ['api-contract/tsconfig.json', 'api-contract/tsconfig.esm.json'],
  dist: join(root, 'api-contract', 'dist'),
  inputs: [
    'api-contract/src',
    'api-contract/tsconfig.json',
    'api-contract/tsconfig.esm.json',
    'api-contract/package.json',
    'tsconfig.base.json',
    'shared-auth/src',
    'package-lock.json',
  ],
};

/** @type {Target[]} */
const targets = [
  CONTRACT,
  ...APPS.map((app) => ({
    name: app,
    kind: /** @type {const} */ ('webpack'),
    dist: join(root, app, 'dist'),
    inputs: [`${app}/src`, `${app}/webpack.config.js`, `${app}/package.json`, `${app}/tsconfig.json`, ...SHARED_INPUTS],
  })),
  ...OWN_BUILDS.map((app) => ({
    name: app,
    kind: /** @type {const} */ ('script'),
    dist: join(root, app, 'dist'),
    inputs: [`${app}/src`, `${app}/rspack.config.js`, `${app}/package.json`, `${app}/tsconfig.json`, ...SHARED_INPUTS],
  })),
  {
    name: 'api',
    kind: /** @type {const} */ ('tsc'),
    project: 'api/tsconfig.build.json',
    dist: join(root, 'api', 'dist'),
    inputs: [
      'api/src',
      'api/tsconfig.json',
      'api/tsconfig.build.json',
      'api/package.json',
      'api-contract/src',
      'package-lock.json',
    ],
  },
];

function isFresh(target, print) {
  const stamp = join(target.dist, STAMP);
  return existsSync(stamp) && readFileSync(stamp, 'utf8') === print;
}

/** @returns {Promise<void>} */
function runWebpack(apps) {
  const webpack = require('webpack');
  // An app may give several compilations (the shell: its page and its service worker).
  const configs = apps.flatMap((t) => require(join(root, t.name, 'webpack.config.js'))({}, { mode: 'production' }));
  return new Promise((resolve, reject) => {
    webpack(configs, (err, stats) => {
      if (err || !stats) return reject(err);
      if (stats.hasErrors()) {
        console.error(stats.toString({ all: false, errors: true, colors: true }));
        return reject(new Error('webpack build failed'));
      }
      resolve();
    });
  });
}

/** @returns {Promise<void>} */
function runScript(folder) {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'build'], { cwd: join(root, folder), stdio: 'inherit' });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`npm run build in ${folder} exited with ${code}`)),
    );
  });
}

/** @returns {Promise<void>} */
function runTsc(project) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', project], {
      cwd: root,
      stdio: 'inherit',
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`tsc -p ${project} exited with ${code}`))));
  });
}

export async function build({ force = false } = {}) {
  const plans = targets.map((t) => ({ ...t, print: fingerprint(t.inputs) }));
  const stale = plans.filter((t) => force || !isFresh(t, t.print));
  if (stale.length === 0) {
    console.log('[build] everything is up to date');
    return;
  }
  console.log(`[build] building ${stale.map((t) => t.name).join(', ')}`);
  const started = Date.now();
  const contract = stale.find((t) => t.kind === 'contract');
  if (contract) {
    await Promise.all(contract.projects.map(runTsc));
    writeFileSync(join(contract.dist, STAMP), contract.print);
  }
  // The apps (one webpack run) and the API build side by side; one failing does not stop the
  // other, and whatever succeeded is stamped, so the next run only retries what failed.
  const apps = stale.filter((t) => t.kind === 'webpack');
  const jobs = [
    ...(apps.length ? [{ targets: apps, run: runWebpack(apps) }] : []),
    ...stale.filter((t) => t.kind === 'tsc').map((t) => ({ targets: [t], run: runTsc(t.project) })),
    ...stale.filter((t) => t.kind === 'script').map((t) => ({ targets: [t], run: runScript(t.name) })),
  ];
  const results = await Promise.allSettled(jobs.map((job) => job.run));
  results.forEach((result, i) => {
    if (result.status === 'fulfilled') for (const t of jobs[i].targets) writeFileSync(join(t.dist, STAMP), t.print);
  });
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  console.log(`[build] done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  build({ force: process.argv.includes('--force') }).catch((err) => {
    console.error(`[build] ${err.message}`);
    process.exit(1);
  });
}
