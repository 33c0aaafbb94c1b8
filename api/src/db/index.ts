// Opens the database the config names. Everything dialect-specific lives in src/db/: the rest
// of the app sees one Kysely<Database> and writes the same queries for SQLite and PostgreSQL.
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteAdapter, SqliteDialect, type Compilable } from 'kysely';
import { Pool, types as pgTypes } from 'pg';
import type { DatabaseConfig } from '../config';
import { localDayNumber } from '../lib/time';
import type { Database } from './schema';
import { startCheckpointer } from './checkpointer';
import { ReaderStoppedError, startReader, type Reader } from './reader';
import { adaptSqlite } from './sqlite-connection';

export type Db = Kysely<Database>;
export type DialectName = DatabaseConfig['client'];

/** The reader thread of a SQLite handle, while its connection is open. */
const readers = new WeakMap<Kysely<any>, { current?: Reader }>();
const sqliteFiles = new WeakMap<Kysely<any>, string>();

/**
 * Which database a handle talks to: the app's handle, a transaction on it, a worker's own
 * handle. Repositories ask it of the handle they are given, so one rebuilt on a transaction
 * writes the same SQL (a row lock, a lateral join) as on the app's handle. A transaction is a
 * new Kysely instance on its root's executor, whose adapter is the dialect's own class.
 */
export function dialectOf(db: Kysely<any>): DialectName {
  const { adapter } = db.getExecutor();
  if (adapter instanceof PostgresAdapter) return 'postgres';
  if (adapter instanceof SqliteAdapter) return 'sqlite';
  throw new Error(`dialectOf: a ${adapter.constructor.name} is neither SQLite nor PostgreSQL`);
}

export function createDb(config: DatabaseConfig): Db {
  return config.client === 'postgres' ? openPostgres(config.url, config.schema) : openSqlite(config.file);
}

/**
 * The rows of `query`, a read that may take a while (a scan of a learner's cards). On the app's
 * SQLite handle it runs on the reader thread (db/reader.ts), so other requests go on meanwhile.
 * It runs on `db` itself on PostgreSQL, in a transaction (whose uncommitted writes only its own
 * connection sees), before the first query has opened the connection, and if the thread stopped.
 * Queries sent here must not call the app's own SQL functions (local_day_number): the reader's
 * connection does not define them.
 */
export async function readOffThread<R>(db: Kysely<any>, query: Compilable<R>): Promise<R[]> {
  const compiled = query.compile();
  const reader = readers.get(db)?.current;
  if (reader?.running) {
    try {
      return await reader.all(compiled);
    } catch (error) {
      if (!(error instanceof ReaderStoppedError)) throw error;
    }
  }
  return (await db.executeQuery(compiled)).rows;
}

function openSqlite(file: string): Db {
  // Opened by Kysely on the first query and closed by destroy(), which only closes what was
  // opened: a handle never used leaves no connection (nor worker thread) behind.
  const reader: { current?: Reader } = {};
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: async () => connectSqlite(file, reader) }),
  });
  readers.set(db, reader);
  sqliteFiles.set(db, file);
  return db;
}

/** The SQLite file a handle from createDb opened (none for PostgreSQL). */
export function sqliteFileOf(db: Kysely<any>): string | undefined {
  return sqliteFiles.get(db);
}

/**
 * A handle of its own on the app's SQLite file, for a worker thread's long write (a big import):
 * the app's connection stays free for other requests meanwhile (WAL: its reads go on; its
 * writes wait for the lock). Transactions begin IMMEDIATE. No reader thread, no checkpointer.
 */
export function openSqliteSide(file: string): Db {
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database: async () => adaptSqlite(openSqliteFile(file), { immediate: true }) }),
  });
}

function openSqliteFile(file: string): SqliteDatabase.Database {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  // WAL lets readers work while one writer writes; busy_timeout makes a second connection (a
  // worker's, a second server instance's) wait for the lock instead of failing at once.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // SQLite has no time zone database: the same day arithmetic as PostgreSQL's SQL function of
  // the same name (migration 0002), done with Intl.
  sqlite.function('local_day_number', { deterministic: true }, (timestamp: unknown, timeZone: unknown) =>
    typeof timestamp === 'string' && typeof timeZone === 'string'
      ? localDayNumber(new Date(timestamp), timeZone)
      : null,
  );
  return sqlite;
}

function connectSqlite(file: string, reader: { current?: Reader }) {
  const sqlite = openSqliteFile(file);
  // Checkpoints run in a worker thread (db/checkpointer.ts), not inside a request's commit.
  sqlite.pragma('wal_autocheckpoint = 0');
  // The WAL file is reused from its start after each complete checkpoint; after a burst of
  // writes this trims it back instead of keeping its largest size on disk.
  sqlite.pragma('journal_size_limit = 67108864');
  const checkpointer = startCheckpointer(file, {
    onFailure: (message) => {
      console.error(`WAL checkpointer stopped (${message}); SQLite checkpoints on commit again`);
      if (sqlite.open) sqlite.pragma('wal_autocheckpoint = 1000');
    },
  });
  reader.current = startReader(file, {
    onFailure: (message) =>
      console.error(`SQLite reader thread stopped (${message}); reads run on the app's connection`),
  });
  const readerThread = reader.current;
  return adaptSqlite(sqlite, {
    beforeClose: () => {
      reader.current = undefined;
      readerThread.close();
      checkpointer.close();
    },
  });
}

// pg returns bigint (count, sum) and numeric (avg) as strings to avoid precision loss; our
// counts are far below 2^53, so numbers keep both dialects returning the same JS types.
const BIGINT_OID = 20;
const NUMERIC_OID = 1700;
const pgTypeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === BIGINT_OID || oid === NUMERIC_OID) return (value: string) => Number(value);
    return pgTypes.getTypeParser(oid, format as 'text');
  },
};

const pools = new WeakMap<Db, Pool>();

/** The PostgreSQL pool's connections (for /metrics); null on SQLite, which has one connection. */
export function poolStats(db: Db): { total: number; idle: number; waiting: number } | null {
  const pool = pools.get(db);
  return pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : null;
}

function openPostgres(url: string, schema?: string): Db {
  // Each connection starts with these settings:
  // - search_path: unqualified table names land in `schema`.
  // - jit off: the statistics' per-day bounds (VALUES) make the planner guess millions of rows,
  //   past jit_above_cost, and compiling the plan then took longer than running it (EXPLAIN
  //   ANALYZE of a year of analytics at 200,000 logs: 3-10 ms of JIT per query, every query).
  const settings = ['-c jit=off', ...(schema ? [`-c search_path=${checkedIdentifier(schema)}`] : [])];
  const pool = new Pool({
    connectionString: url,
    max: 10,
    types: pgTypeParsers as never,
    options: settings.join(' '),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
  return db;
}

function checkedIdentifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Invalid PostgreSQL schema name: ${name}`);
  return name;
}
