// Test harness: runs a suite once per available database, each time against a fresh,
// migrated, private database (a temp SQLite file; with TEST_DATABASE_URL set, also a freshly
// created PostgreSQL schema, dropped afterwards). Tests talk to the app through app.inject.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Pool } from 'pg';
import { buildApp, type AppOverrides } from '../app';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  DEFAULT_APKG_LIMITS,
  DEFAULT_GATEWAY,
  DEFAULT_RATE_LIMITS,
  type Config,
  type DatabaseConfig,
} from '../config';
import { createDb, type Db, type DialectName } from '../db';
import { migrateToLatest } from '../db/migrate';

export interface TestContext {
  readonly dialect: DialectName;
  /** The suite's config: temp DATA_DIR, no built front-ends, default rate limits. */
  readonly config: Config;
  /** The suite's migrated database, shared by every app of the suite. */
  readonly db: Db;
  /** An app with the suite's config, built once per suite. */
  readonly app: FastifyInstance;
  /**
   * Another app on the same database (other limits, a pinned clock...), ready to inject and
   * closed after the suite. `extend` may add test-only routes before it starts.
   */
  buildApp(
    config?: Partial<Config>,
    overrides?: Omit<AppOverrides, 'db'>,
    extend?: (app: FastifyInstance) => void,
  ): Promise<FastifyInstance>;
}

export function availableDialects(): DialectName[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

/** A complete Config for tests; nothing read from the environment. */
export function testConfig(dataDir: string, database: DatabaseConfig, overrides: Partial<Config> = {}): Config {
  return {
    nodeEnv: 'test',
    isProduction: false,
    port: 0,
    host: '127.0.0.1',
    logLevel: 'silent',
    dataDir,
    database,
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
    accessTokenTtlSeconds: ACCESS_TOKEN_TTL_SECONDS,
    // Nothing is built there: static serving is skipped, as in an API-only deployment.
    webRoot: path.join(dataDir, 'web'),
    trustProxy: false,
    corsOrigins: false,
    rateLimits: DEFAULT_RATE_LIMITS,
    platform: {
      budgetGzipBytes: 150_000,
      quotaBytes: 500_000_000,
      haltPolicy: { minUsers: 10, margin: 0.2 },
      kernelVersion: '2.0.0',
      devOverrides: false,
    },
    apkg: DEFAULT_APKG_LIMITS,
    gateway: DEFAULT_GATEWAY,
    ...overrides,
  };
}

export function makeTempDir(prefix = 'flashcards-api-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

class SuiteContext implements TestContext {
  private state?: { config: Config; db: Db; app: FastifyInstance };
  private readonly extraApps: FastifyInstance[] = [];
  private tempDir = '';
  private database?: IsolatedDatabase;

  constructor(readonly dialect: DialectName) {}

  private get ready() {
    if (!this.state) throw new Error('TestContext used outside a test (before beforeAll ran)');
    return this.state;
  }
  get config() {
    return this.ready.config;
  }
  get db() {
    return this.ready.db;
  }
  get app() {
    return this.ready.app;
  }

  async setUp(): Promise<void> {
    this.tempDir = makeTempDir();
    this.database = await createIsolatedDatabase(this.dialect, this.tempDir);
    const config = testConfig(this.tempDir, this.database.config);
    const db = createDb(this.database.config);
    await migrateToLatest(db);
    const app = buildApp(config, { db });
    await app.ready();
    this.state = { config, db, app };
  }

  async buildApp(
    config: Partial<Config> = {},
    overrides: Omit<AppOverrides, 'db'> = {},
    extend?: (app: FastifyInstance) => void,
  ): Promise<FastifyInstance> {
    const app = buildApp({ ...this.config, ...config }, { ...overrides, db: this.db });
    this.extraApps.push(app);
    extend?.(app);
    await app.ready();
    return app;
  }

  async tearDown(): Promise<void> {
    for (const app of this.extraApps) await app.close();
    if (this.state) {
      await this.state.app.close();
      await this.state.db.destroy();
    }
    await this.database?.drop();
    fs.rmSync(this.tempDir, { recursive: true, force: true });
  }
}

export interface IsolatedDatabase {
  config: DatabaseConfig;
  /** Removes it (PostgreSQL schema; a SQLite file goes with its temp folder). */
  drop(): Promise<void>;
}

/** An empty database of its own: a SQLite file in `dir`, or a new PostgreSQL schema. */
export async function createIsolatedDatabase(dialect: DialectName, dir: string): Promise<IsolatedDatabase> {
  if (dialect === 'sqlite') {
    return {
      config: { client: 'sqlite', file: path.join(dir, `db-${randomBytes(4).toString('hex')}.sqlite`) },
      drop: async () => {},
    };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `test_${randomBytes(6).toString('hex')}`;
  await withAdminPool(url, (pool) => pool.query(`create schema ${schema}`));
  return {
    config: { client: 'postgres', url, schema },
    drop: () => withAdminPool(url, (pool) => pool.query(`drop schema ${schema} cascade`)).then(() => undefined),
  };
}

/**
 * `work` on a database of its own (a fresh SQLite file or PostgreSQL schema, not migrated),
 * dropped afterwards: for tests that migrate step by step with history in between.
 */
export async function withFreshDatabase(dialect: DialectName, work: (db: Db) => Promise<void>): Promise<void> {
  const dir = makeTempDir('flashcards-fresh-');
  const database = await createIsolatedDatabase(dialect, dir);
  const db = createDb(database.config);
  try {
    await work(db);
  } finally {
    await db.destroy();
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function withAdminPool<T>(url: string, work: (pool: Pool) => Promise<T>): Promise<T> {
  const pool = new Pool({ connectionString: url, max: 1 });
  try {
    return await work(pool);
  } finally {
    await pool.end();
  }
}

/** describe() once per available database: "name [sqlite]", "name [postgres]". */
export function describeEachDb(name: string, suite: (ctx: TestContext) => void): void {
  for (const dialect of availableDialects()) {
    describe(`${name} [${dialect}]`, () => {
      const ctx = new SuiteContext(dialect);
      beforeAll(() => ctx.setUp());
      afterAll(() => ctx.tearDown());
      suite(ctx);
    });
  }
}

// ---- helpers for talking to the API -------------------------------------------------------

let emailCounter = 0;

/** A fresh e-mail address per call, so tests sharing a database never collide. */
export function uniqueEmail(prefix = 'learner'): string {
  emailCounter += 1;
  return `${prefix}.${process.pid}.${Date.now()}.${emailCounter}@example.com`;
}

export const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

export interface RegisteredUser {
  id: number;
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
}

export async function registerUser(
  app: FastifyInstance,
  fields: { email?: string; password?: string; display_name?: string } = {},
): Promise<RegisteredUser> {
  const email = fields.email ?? uniqueEmail();
  const password = fields.password ?? 'correct horse';
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { ...fields, email, password },
  });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  const body = response.json();
  return {
    id: body.user.id,
    email: body.user.email,
    password,
    accessToken: body.tokens.accessToken,
    refreshToken: body.tokens.refreshToken,
  };
}

/**
 * Makes `zone` the account's time zone at once, as a settings change a day later would: the
 * days of every later call are counted in it (the X-Time-Zone header no longer moves them).
 */
export async function setAccountTimeZone(
  app: FastifyInstance,
  db: Db,
  accessToken: string,
  zone: string,
): Promise<void> {
  const userId = Number(app.jwt.decode<{ sub: string }>(accessToken)?.sub);
  await db.updateTable('users').set({ time_zone: zone }).where('id', '=', userId).execute();
  app.forgetAccountStatus(userId);
}
