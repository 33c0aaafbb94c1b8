#!/usr/bin/env node
// `npm run dev`: the API (tsx watch, port 4000) and every app on its own webpack dev server with
// hot reload: the shell on 3000 and every remote folder (a package.json with "flashcardRemote")
// on its `flashcardRemote.devPort` (3001...). The shell's dev server answers
// /api/platform/manifest with the remotes' dev servers (platform-tools/webpack.js) and proxies
// the rest of /api.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { DEV_PORTS } = require('../webpack.common.js');
const { findRemotes } = require('../platform-tools/remotes.js');

const remotes = findRemotes(root).filter((remote) =>
  ['webpack.config.js', 'rspack.config.js'].some((config) => existsSync(join(remote.dir, config))),
);
for (const remote of remotes) {
  if (!Number.isInteger(remote.devPort)) {
    console.error(
      `${remote.folder}/package.json has no flashcardRemote.devPort: the shell cannot find its dev server.`,
    );
    process.exit(1);
  }
}
const APPS = ['shell', ...remotes.map((remote) => remote.folder)];

/** @type {{ name: string, cwd: string, command?: string, args: string[], env: Record<string, string> }[]} */
const processes = [
  {
    name: 'api',
    cwd: join(root, 'api'),
    args: [require.resolve('tsx/cli'), 'watch', 'src/server.ts'],
    env: { PORT: String(DEV_PORTS.api) },
  },
  ...APPS.map((app) => ({
    name: app,
    cwd: join(root, app),
    // A remote on another bundler (new-remote --bundler rspack) serves itself with its own script.
    ...(existsSync(join(root, app, 'webpack.config.js'))
      ? { args: [require.resolve('webpack-cli/bin/cli.js'), 'serve', '--mode', 'development'] }
      : { command: 'npm', args: ['run', '--silent', 'dev'] }),
    env: {},
  })),
];

const children = processes.map(({ name, cwd, command = process.execPath, args, env }) => {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `[${name}]`.padEnd(15);
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk) => {
      for (const line of String(chunk).split('\n')) if (line.trim()) console.log(`${prefix} ${line}`);
    });
  }
  child.on('exit', (code) => console.log(`${prefix} exited with ${code}`));
  return child;
});

console.log(`Open http://localhost:${DEV_PORTS.shell} (API on ${DEV_PORTS.api}).`);
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(0);
  });
}
