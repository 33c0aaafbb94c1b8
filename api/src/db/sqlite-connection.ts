// What Kysely's SQLite dialect talks to: better-sqlite3 behind a thin adapter that
//  - reuses prepared statements: Kysely prepares every query anew, and SQLite's parse and plan
//    cost 50-170 µs a statement, most of a small write's cost. Reuse is safe: better-sqlite3
//    runs each statement synchronously, Kysely keeps one query on the connection at a time, and
//    the app does not stream results (a streaming statement would stay busy);
//  - binds booleans as 1/0: SQLite has no boolean type and better-sqlite3 refuses JavaScript
//    booleans, so the rest of the app writes `known: true` for both databases. Reads still
//    return 1/0: presenters turn them into booleans. (Doing this per parameter here is far
//    cheaper than a Kysely plugin rewriting every query tree.)
import type BetterSqlite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

// Distinct SQL texts the app sends (queries are built from a fixed set of shapes).
const STATEMENT_CACHE_SIZE = 500;

const toSqlite = (value: unknown) => (typeof value === 'boolean' ? (value ? 1 : 0) : value);

function bind(parameters: ReadonlyArray<unknown>): unknown[] {
  return parameters.map(toSqlite);
}

/** `beforeClose` runs just before the connection closes. */
export function adaptSqlite(sqlite: BetterSqlite.Database, beforeClose?: () => void): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => {
      beforeClose?.();
      sqlite.close();
    },
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (!statement) {
        const prepared = sqlite.prepare(sql);
        statement = {
          reader: prepared.reader,
          all: (parameters) => prepared.all(bind(parameters)),
          run: (parameters) => prepared.run(bind(parameters)),
          iterate: (parameters) => prepared.iterate(bind(parameters)),
        };
        // Oldest out first: a Map keeps insertion order.
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}
