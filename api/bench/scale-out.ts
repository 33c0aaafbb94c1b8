// Scale-out on PostgreSQL: review throughput and latency with one API process, then with two
// processes sharing the database (and Redis when TEST_REDIS_URL / BENCH_REDIS_URL is set), as
// docs/DEPLOY.md runs them. The same 50 learners, each connection talking to instance n mod
// count (a balancer's round robin). Every process is `tsx src/server.ts` of its own, so each
// has its own event loop; on this 2-core machine the load generator and PostgreSQL share those
// cores with them, which the note beside the rows says. Every acknowledged review must be stored
// once in both runs. Reported without a target (the reviews benchmark holds SQLite's p99 target).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'pg';
import { buildApp } from '../src/app';
import { createDb } from '../src/db';
import { runLoop } from './lib/http-loop';
import { durationSeconds, type Benchmark, type Measurement } from './lib/load';
import type { ReviewLoad } from './lib/review-requests';
import { seedLearners } from './lib/review-seed';
import { BENCH_DATABASE_URL, benchConfig, benchDatabases } from './lib/server';
import { freePort } from '../src/test/net';

const LEARNERS = 50;
const CARDS_PER_LEARNER = 200;
const DURATION_SECONDS = durationSeconds(20);
const THINK_MS: [number, number] = [200, 1000];
const REQUESTS = path.join(__dirname, 'lib', 'review-requests.ts');
const TSX = path.resolve(__dirname, '../../node_modules/.bin/tsx');
const SERVER = path.resolve(__dirname, '../src/server.ts');

const redisUrl = process.env.BENCH_REDIS_URL || process.env.TEST_REDIS_URL;

const benchmark: Benchmark = {
  name: 'scale-out',
  async run(log) {
    const title = `scale-out: reviews on PostgreSQL, one API process vs two, ${LEARNERS} learners, ${DURATION_SECONDS} s per run, ${os.cpus().length} CPUs`;
    if (!benchDatabases().includes('postgres'))
      return { title, rows: [], notes: ['not measured: BENCH_DATABASES leaves PostgreSQL out'] };
    const postgresUrl = BENCH_DATABASE_URL;

    const admin = new Pool({ connectionString: postgresUrl, max: 1 });
    const database = `fc_bench_scale_${randomBytes(4).toString('hex')}`;
    await admin.query(`create database ${database}`);
    const url = new URL(postgresUrl);
    url.pathname = `/${database}`;
    const secret = randomBytes(48).toString('base64url');
    const env = { DATABASE_URL: url.toString(), JWT_SECRET: secret, ...(redisUrl ? { REDIS_URL: redisUrl } : {}) };
    const instances: Instance[] = [];
    try {
      instances.push(await startInstance(env));
      instances.push(await startInstance(env));
      log(`started two API processes on database ${database}${redisUrl ? ' and Redis' : ''}`);

      // Tokens are signed here with the instances' secret; the learners are seeded through the first.
      const config = {
        ...benchConfig(os.tmpdir()),
        jwtSecret: secret,
        database: { client: 'postgres' as const, url: url.toString() },
      };
      const db = createDb(config.database);
      const signer = buildApp(config, { db });
      await signer.ready();
      const learners = await seedLearners(db, instances[0]!.url, LEARNERS, CARDS_PER_LEARNER, (userId) =>
        signer.signAccessToken({ id: userId, role: 'user', tokenVersion: 0 }),
      );
      log(`seeded ${LEARNERS} learners x ${CARDS_PER_LEARNER} cards`);

      const rows: Measurement[] = [];
      const acknowledged: string[] = [];
      const run = async (label: string, origins: string[], keyPrefix: string, seconds: number, paced: boolean) => {
        const result = await runLoop<ReviewLoad>({
          label,
          origin: origins,
          connections: LEARNERS,
          durationSeconds: seconds,
          requests: { factory: REQUESTS, data: { learners, keyPrefix } },
          ...(paced ? { thinkMs: THINK_MS } : {}),
        });
        acknowledged.push(...result.acknowledged);
        return result.measurement;
      };
      const one = [instances[0]!.url];
      const two = instances.map((instance) => instance.url);
      // Both processes compile their hot paths before anything is timed.
      await run('warm-up', two, 'warmup', 5, false);
      for (const [name, origins] of [
        ['1 instance', one],
        ['2 instances', two],
      ] as const) {
        log(`measuring ${name}, learners pausing ${THINK_MS.join('-')} ms ...`);
        rows.push(
          await run(`POST review [postgres, ${name}] learners`, [...origins], `${name[0]}p`, DURATION_SECONDS, true),
        );
        log(`measuring ${name}, no pauses (saturation) ...`);
        rows.push(
          await run(`POST review [postgres, ${name}] saturation`, [...origins], `${name[0]}s`, DURATION_SECONDS, false),
        );
      }

      const stored = await db.selectFrom('review_logs').select(['idempotency_key']).execute();
      const keys = new Set(stored.map((row) => row.idempotency_key));
      const lost = acknowledged.filter((key) => !keys.has(key)).length;
      const problems = [
        ...(lost ? [`${lost} acknowledged reviews not stored`] : []),
        ...(stored.length !== acknowledged.length
          ? [`${stored.length} rows for ${acknowledged.length} acknowledged reviews`]
          : []),
      ];
      await signer.close();
      await db.destroy();
      const saturation = rows.filter((row) => row.label.endsWith('saturation'));
      const gain = saturation.length === 2 ? saturation[1]!.requestsPerSecond / saturation[0]!.requestsPerSecond : NaN;
      return {
        title,
        rows: rows.map((row) => ({ ...row, problems })),
        notes: [
          `two processes / one, saturated: x${gain.toFixed(2)} reviews per second. On ${os.cpus().length} cores the ` +
            'second process competes with PostgreSQL and the load generator for the same CPUs; on separate machines ' +
            'each instance brings its own',
          `integrity: ${acknowledged.length.toLocaleString('en')} reviews acknowledged, ${stored.length.toLocaleString('en')} rows` +
            (problems.length ? ` - ${problems.join('; ')}` : ', each stored once'),
          redisUrl
            ? 'attempt limits in Redis (shared)'
            : 'no Redis: each process keeps its own attempt limits (set TEST_REDIS_URL)',
        ],
      };
    } finally {
      for (const instance of instances) instance.process.kill('SIGTERM');
      await Promise.all(instances.map((instance) => new Promise((resolve) => instance.process.once('exit', resolve))));
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.end();
    }
  },
};

export default benchmark;

interface Instance {
  url: string;
  process: ChildProcess;
}

/** One API process (migrates at start; the migrator's lock lets one of several do it). */
async function startInstance(env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const child = spawn(TSX, [SERVER], {
    env: {
      ...process.env,
      ...env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'flashcards-scale-')),
      WEB_ROOT: fs.mkdtempSync(path.join(os.tmpdir(), 'flashcards-web-')),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) throw new Error(`API process exited: ${stderr}`);
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, process: child };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`API process did not start: ${stderr}`);
}
