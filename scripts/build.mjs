#!/usr/bin/env node
// Builds whatever is missing or stale: each front-end app with webpack (production) and the API
// with tsc. An app is stale when a fingerprint of its inputs (paths, sizes, mtimes) differs from
// the one stored beside its last build, so a restart with nothing changed costs milliseconds.
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

export const APPS = ['shell', 'mfe-cards', 'mfe-study', 'mfe-progress', 'mfe-admin', 'mfe-social'];
const SHARED_INPUTS = ['webpack.common.js', 'tsconfig.base.json', 'package-lock.json', 'shared-auth/src', 'shared-ui'];
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

const targets = [
  ...APPS.map((app) => ({
    name: app,
    kind: 'webpack',
    dist: join(root, app, 'dist'),
    inputs: [`${app}/src`, `${app}/webpack.config.js`, `${app}/package.json`, `${app}/tsconfig.json`, ...SHARED_INPUTS],
  })),
  {
    name: 'api',
    kind: 'tsc',
    dist: join(root, 'api', 'dist'),
    inputs: ['api/src', 'api/tsconfig.json', 'api/tsconfig.build.json', 'api/package.json', 'package-lock.json'],
  },
];

function isFresh(target, print) {
  const stamp = join(target.dist, STAMP);
  return existsSync(stamp) && readFileSync(stamp, 'utf8') === print;
}

function runWebpack(apps) {
  const webpack = require('webpack');
  const configs = apps.map((t) => require(join(root, t.name, 'webpack.config.js'))({}, { mode: 'production' }));
  return new Promise((resolve, reject) => {
    webpack(configs, (err, stats) => {
      if (err) return reject(err);
      if (stats.hasErrors()) {
        console.error(stats.toString({ all: false, errors: true, colors: true }));
        return reject(new Error('webpack build failed'));
      }
      resolve();
    });
  });
}

function runTsc() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'api/tsconfig.build.json'], {
      cwd: root,
      stdio: 'inherit',
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`tsc exited with ${code}`))));
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
  const apps = stale.filter((t) => t.kind === 'webpack');
  await Promise.all([
    apps.length ? runWebpack(apps) : null,
    stale.some((t) => t.kind === 'tsc') ? runTsc() : null,
  ]);
  for (const t of stale) writeFileSync(join(t.dist, STAMP), t.print);
  console.log(`[build] done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  build({ force: process.argv.includes('--force') }).catch((err) => {
    console.error(`[build] ${err.message}`);
    process.exit(1);
  });
}
