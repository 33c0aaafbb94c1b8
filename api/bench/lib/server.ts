// The app under test and its neighbours, as every benchmark sets them up: a production-like
// config, the bare Fastify route that shows this machine's floor, learners in bulk, and a
// JSON POST for the setup calls.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { Pool } from 'pg';
import { buildApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { createDb, dialectOf, type Db } from '../../src/db';
import { migrateToLatest } from '../../src/db/migrate';
import type { UserRow } from '../../src/db/schema';

/** The bare route's path: GET answers `{ ok: true }`, POST parses the JSON body first. */
export const BARE_PATH = '/bench/bare';

/**
 * A production-like config from a made-up environment: nothing leaks in from the shell (no
 * DATABASE_URL: SQLite in `dataDir`), no per-request logging, and sign-in limits out of the way.
 */
export function benchConfig(dataDir: string): Config {
  const config = loadConfig({
    NODE_ENV: 'production',
    JWT_SECRET: randomBytes(48).toString('base64url'),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: '0',
    WEB_ROOT: dataDir,
  });
  const unlimited = { max: 1_000_000, timeWindowMs: 60_000 };
  config.rateLimits = {
    loginPerAddress: unlimited,
    loginPerAccountAddress: unlimited,
    loginFailuresPerAccount: { freeFailures: 1_000_000, firstWaitMs: 1, maxWaitMs: 1, forgetAfterMs: 60_000 },
    registerPerAddress: unlimited,
    changePasswordPerUser: unlimited,
    friendRequestsPerUser: unlimited,
    forgotPasswordPerAddress: unlimited,
    forgotPasswordPerEmail: unlimited,
    resetPasswordPerAddress: unlimited,
  };
  config.gateway = { ...config.gateway, rateLimit: unlimited };
  return config;
}

export interface BenchApp {
  /** http://127.0.0.1:port */
  base: string;
  db: Db;
  /** An access token of this app, as sign-in would issue it. */
  signAccessToken: ReturnType<typeof buildApp>['signAccessToken'];
  /** Stops the server and deletes its data folder. */
  close(): Promise<void>;
}

export type BenchDatabase = 'sqlite' | 'postgres';

/** PostgreSQL of the benchmarks that run on both databases (trust auth, a schema per run). */
export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The databases each such benchmark runs on: BENCH_DATABASES=sqlite (or postgres) narrows it. */
export function benchDatabases(): BenchDatabase[] {
  const wanted = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',').map((name) => name.trim());
  return (['sqlite', 'postgres'] as const).filter((name) => wanted.includes(name));
}

/**
 * The app migrated and listening on loopback: on a fresh SQLite file in a temporary folder, or
 * in a fresh schema of BENCH_DATABASE_URL (dropped on close), as the test harness does.
 */
export async function startApp(database: BenchDatabase = 'sqlite'): Promise<BenchApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flashcards-bench-'));
  const schema = database === 'postgres' ? `bench_${randomBytes(6).toString('hex')}` : undefined;
  if (schema) await withAdminPool((pool) => pool.query(`create schema ${schema}`));
  const config = benchConfig(dataDir);
  if (schema) config.database = { client: 'postgres', url: BENCH_DATABASE_URL, schema };
  const db = createDb(config.database);
  let app: ReturnType<typeof buildApp> | undefined;
  const close = async () => {
    await app?.close();
    await db.destroy();
    if (schema) await withAdminPool((pool) => pool.query(`drop schema ${schema} cascade`));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await migrateToLatest(db);
    app = buildApp(config, { db });
    return { base: await app.listen({ host: '127.0.0.1', port: 0 }), db, signAccessToken: app.signAccessToken, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * After seeding: on PostgreSQL, what autovacuum does to a live database within a minute or so
 * (planner statistics, the visibility map that lets index-only scans skip the table). Without
 * it a freshly bulk-loaded schema is measured with plans no running database would use.
 */
export async function settle(db: Db): Promise<void> {
  // The seeded tables only (in the run's schema): the whole database may hold other schemas.
  // With the tables triggers keep (user_totals, review_days, retention_groups): seeding updates
  // their rows once per batch, and the dead versions left would be read past, then vacuumed by
  // autovacuum in the middle of a measurement.
  const tables = [
    'users',
    'categories',
    'cards',
    'review_logs',
    'card_review_totals',
    'review_quarters',
    'study_sessions',
    'user_totals',
    'review_days',
    'retention_groups',
  ];
  if (dialectOf(db) === 'postgres') await sql`vacuum analyze ${sql.raw(tables.join(', '))}`.execute(db);
}

async function withAdminPool<T>(work: (pool: Pool) => Promise<T>): Promise<T> {
  const pool = new Pool({ connectionString: BENCH_DATABASE_URL, max: 1 });
  try {
    return await work(pool);
  } finally {
    await pool.end();
  }
}

/** Signs a learner up through the API and signs in; returns the access token. */
export async function signUp(base: string, email: string, password: string): Promise<string> {
  await postJson(`${base}/api/auth/register`, { email, password });
  const login = await postJson<{ tokens: { accessToken: string } }>(`${base}/api/auth/login`, { email, password });
  return login.tokens.accessToken;
}

/** A plain Fastify server with nothing but BARE_PATH, listening on loopback. */
export async function startBare(): Promise<{ base: string; close(): Promise<void> }> {
  const bare = Fastify({ logger: false });
  bare.get(BARE_PATH, async () => ({ ok: true }));
  bare.post(BARE_PATH, async () => ({ ok: true }));
  const base = await bare.listen({ host: '127.0.0.1', port: 0 });
  return { base, close: () => bare.close() };
}

export async function postJson<T = unknown>(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * `count` more users inserted directly with the password hash of `template` (a user who signed
 * up through the API): hashing the same password again would only slow the setup down.
 * Their e-mails are bench.1@example.com, bench.2@..., their ids come back in that order.
 */
export async function cloneUsers(db: Db, template: UserRow, count: number): Promise<number[]> {
  const now = new Date().toISOString();
  const ids: number[] = [];
  await db.transaction().execute(async (trx) => {
    for (let n = 1; n <= count; n++) {
      const user = await trx
        .insertInto('users')
        .values({
          email: `bench.${n}@example.com`,
          password_hash: template.password_hash,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(user.id);
    }
  });
  return ids;
}
