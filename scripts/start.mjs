#!/usr/bin/env node
// `npm start`: build what is missing or stale, then serve the whole product from one process on
// PORT (default 3000): the shell at /, the API at /api and the remotes from the platform registry
// (at start-up the server releases the remotes built here). Embedded SQLite in DATA_DIR; no other
// service is needed.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

// The build runs in a process of its own: webpack's hundreds of megabytes go with it, and this
// process, which stays up beside the server to pass signals on, holds nothing of it.
const built = await new Promise((resolve) => {
  const build = spawn(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
  build.on('exit', (code) => resolve(code === 0));
});
if (!built) process.exit(1);
const server = spawn(process.execPath, [join(root, 'api', 'dist', 'server.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
