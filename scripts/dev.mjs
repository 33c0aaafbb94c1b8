#!/usr/bin/env node
// `npm run dev`: the API (tsx watch, port 4000) and every app on its own webpack dev server with
// hot reload (shell 3000, remotes 3001-3005; see DEV_PORTS in webpack.common.js). The shell's dev
// server answers /remotes.json with the remotes' dev-server manifests and proxies /api.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APPS } from './build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { DEV_PORTS } = require('../webpack.common.js');

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
    args: [require.resolve('webpack-cli/bin/cli.js'), 'serve', '--mode', 'development'],
    env: {},
  })),
];

const children = processes.map(({ name, cwd, args, env }) => {
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
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
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(0);
  });
}
