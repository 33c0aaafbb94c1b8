// Brings the schema up to date; the server and the CLI call this at start.
//
// Several instances may start at once, so the whole run (including Kysely's creation of its
// own bookkeeping tables, which is not race-free by itself) happens on one connection holding
// an exclusive lock: a PostgreSQL advisory lock, or a SQLite write transaction (BEGIN
// IMMEDIATE). Whoever comes second waits, then finds nothing left to do.
import { setTimeout as delay } from 'node:timers/promises';
import { Migrator, sql, type Kysely, type MigrationResultSet } from 'kysely';
import { isSqliteBusy } from './errors';
import { dialectOf, type DialectName, type Db } from './index';
import { migrationsFor } from './migrations';

// Any constant works; it only has to differ from other advisory locks in the same database.
const PG_MIGRATION_LOCK_KEY = 7_204_118;
const MAX_ATTEMPTS = 5;

/**
 * Runs pending migrations (up to and including `target`, when given: how a test builds the
 * schema an older release left behind); returns the names of those applied now.
 */
export async function migrateToLatest(db: Db, target?: string): Promise<string[]> {
  const dialect = dialectOf(db);
  for (let attempt = 1; ; attempt++) {
    let outcome: MigrationResultSet;
    try {
      outcome = await db.connection().execute((connection) => migrateLocked(connection, dialect, target));
    } catch (error) {
      outcome = { error };
    }
    const { error, results = [] } = outcome;
    if (!error) {
      return results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
    }
    // A SQLite writer in another process held the lock longer than busy_timeout: try again.
    if (isSqliteBusy(error) && attempt < MAX_ATTEMPTS) {
      await delay(200 * attempt);
      continue;
    }
    const failed = results.find((result) => result.status === 'Error');
    const detail = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${detail}`, { cause: error });
  }
}

async function migrateLocked(
  connection: Kysely<any>,
  dialect: DialectName,
  target?: string,
): Promise<MigrationResultSet> {
  const migrations = migrationsFor(dialect);
  const provider = { getMigrations: async () => migrations };
  const run = (migrator: Migrator) => (target ? migrator.migrateTo(target) : migrator.migrateToLatest());

  if (dialect === 'postgres') {
    await sql`select pg_advisory_lock(${PG_MIGRATION_LOCK_KEY})`.execute(connection);
    try {
      // Kysely looks for its bookkeeping tables in every schema unless told which one: name
      // the schema this connection works in (first of its search_path), or a database holding
      // several copies of the app (one per schema) would confuse it.
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(connection);
      const migrationTableSchema = rows[0]?.schema;
      // PostgreSQL has transactional DDL: Kysely runs the pending migrations in one transaction.
      return await run(new Migrator({ db: connection, provider, migrationTableSchema }));
    } finally {
      await sql`select pg_advisory_unlock(${PG_MIGRATION_LOCK_KEY})`.execute(connection);
    }
  }

  // SQLite: our own write transaction is both the lock and the atomic unit.
  await sql`begin immediate`.execute(connection);
  let result: MigrationResultSet;
  try {
    result = await run(new Migrator({ db: connection, provider, disableTransactions: true }));
  } catch (error) {
    await sql`rollback`.execute(connection);
    throw error;
  }
  await sql.raw(result.error ? 'rollback' : 'commit').execute(connection);
  return result;
}
