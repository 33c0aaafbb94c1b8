// The first `npm start` on this machine: every build stamp removed (as in a fresh clone after
// `npm install`), then scripts/start.mjs until /api/health answers; and what the starter process
// (which stays up beside the server to pass signals on) holds once the server runs.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../src/test/net';
import type { Benchmark } from './lib/load';

const ROOT = path.resolve(__dirname, '../..');
const TARGET_START_S = 75;
const TARGET_STARTER_MB = 100;

/** Resident memory of a process, in MB (Linux). */
function residentMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) / 1024;
}

const benchmark: Benchmark = {
  name: 'startup',
  async run(log) {
    for (const folder of fs.readdirSync(ROOT)) {
      const stamp = path.join(ROOT, folder, 'dist', '.build-stamp');
      if (fs.existsSync(stamp)) fs.rmSync(stamp);
    }
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flashcards-bench-startup-'));
    const port = await freePort();
    const started = Date.now();
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.mjs')], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    try {
      for (;;) {
        if (
          await fetch(`http://127.0.0.1:${port}/api/health`).then(
            (r) => r.ok,
            () => false,
          )
        )
          break;
        if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
        if (Date.now() - started > 600_000) throw new Error('npm start did not answer within 10 minutes');
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const seconds = (Date.now() - started) / 1000;
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const starter = residentMb(child.pid!);
      log(`first start: ${seconds.toFixed(1)} s; starter process: ${starter.toFixed(0)} MB resident`);
      const missed = [
        ...(seconds > TARGET_START_S
          ? [`first npm start took ${seconds.toFixed(0)} s (target ${TARGET_START_S})`]
          : []),
        ...(starter > TARGET_STARTER_MB
          ? [`the starter holds ${starter.toFixed(0)} MB (target ${TARGET_STARTER_MB})`]
          : []),
      ];
      return {
        title: `npm start from nothing built, on ${os.cpus().length} cores`,
        rows: [],
        table: {
          header: ['measure', 'value', 'target', 'result'],
          rows: [
            [
              'first start, until /api/health answers',
              `${seconds.toFixed(1)} s`,
              `< ${TARGET_START_S} s`,
              seconds <= TARGET_START_S ? 'PASS' : 'FAIL',
            ],
            [
              'starter process, resident once serving',
              `${starter.toFixed(0)} MB`,
              `< ${TARGET_STARTER_MB} MB`,
              starter <= TARGET_STARTER_MB ? 'PASS' : 'FAIL',
            ],
          ],
        },
        missed,
        notes: ['the build runs in a child process of the starter (scripts/start.mjs); the server is another'],
      };
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

export default benchmark;
