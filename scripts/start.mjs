#!/usr/bin/env node
// `npm start`: build what is missing or stale, then serve the whole product from one process on
// PORT (default 3000): the shell at /, each remote's build at /remotes/<name>/, /remotes.json and
// the API at /api. Embedded SQLite in DATA_DIR; no other service is needed.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from './build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

await build();
const server = spawn(process.execPath, [join(root, 'api', 'dist', 'server.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
