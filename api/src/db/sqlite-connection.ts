// What Kysely's SQLite dialect talks to: better-sqlite3 behind a thin adapter that
//  - reuses prepared statements: Kysely prepares every query anew, and SQLite's parse and plan
//    cost 50-170 µs a statement, most of a small write's cost. Reuse is safe: better-sqlite3
//    runs each statement synchronously, Kysely keeps one query on the connection at a time, and
//    the app does not stream results (a streaming statement would stay busy);
//  - reads rows as arrays and names their fields in JavaScript: better-sqlite3 builds each row
//    object through the V8 API, property by property, which cost twice as much (measured: 218
//    vs 121 µs for a page of 51 cards). A column name given twice keeps its last value, as
//    better-sqlite3's own objects do;
//  - binds booleans as 1/0: SQLite has no boolean type and better-sqlite3 refuses JavaScript
//    booleans, so the rest of the app writes `known: true` for both databases. Reads still
//    return 1/0: presenters turn them into booleans. (Doing this per parameter here is far
//    cheaper than a Kysely plugin rewriting every query tree.)
import type BetterSqlite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

// Distinct SQL texts the app sends (queries are built from a fixed set of shapes).
const STATEMENT_CACHE_SIZE = 500;

const toSqlite = (value: unknown) => (typeof value === 'boolean' ? (value ? 1 : 0) : value);

export function bind(parameters: ReadonlyArray<unknown>): unknown[] {
  return parameters.map(toSqlite);
}

/**
 * Arrays -> objects named by the statement's columns. The names are read once; should the
 * table a cached statement reads gain or lose a column (SQLite then re-prepares the statement
 * by itself), a row of another width makes them read again.
 */
function rowMaker(statement: BetterSqlite.Statement): (values: unknown[]) => Record<string, unknown> {
  const columnNames = () => statement.columns().map((column) => column.name);
  let names = columnNames();
  return (values) => {
    if (values.length !== names.length) names = columnNames();
    return namedRow(names, values);
  };
}

/** `values` as an object keyed by the column `names` (the last of two equal names wins). */
export function namedRow(names: readonly string[], values: readonly unknown[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (let column = 0; column < names.length; column++) row[names[column]!] = values[column];
  return row;
}

// Statements that change the schema: once one has run, every cached statement is prepared again.
const SCHEMA_CHANGE = /^\s*(create|alter|drop)\b/i;

/**
 * `beforeClose` runs just before the connection closes. `immediate` makes Kysely's `begin` take
 * the write lock at once (BEGIN IMMEDIATE): a second connection in the same process then waits
 * for the lock (busy_timeout) instead of failing when its read snapshot went stale.
 */
export function adaptSqlite(
  sqlite: BetterSqlite.Database,
  options: { beforeClose?: () => void; immediate?: boolean } = {},
): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => {
      options.beforeClose?.();
      sqlite.close();
    },
    prepare(text: string) {
      const sql = options.immediate && text === 'begin' ? 'begin immediate' : text;
      let statement = cache.get(sql);
      if (SCHEMA_CHANGE.test(sql)) cache.clear();
      if (!statement) {
        const prepared = sqlite.prepare(sql);
        statement = prepared.reader ? reader(prepared) : writer(prepared);
        // Oldest out first: a Map keeps insertion order.
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}

function reader(prepared: BetterSqlite.Statement): SqliteStatement {
  const arrays = prepared.raw(true);
  const toRow = rowMaker(arrays);
  return {
    reader: true,
    all: (parameters) => (arrays.all(bind(parameters)) as unknown[][]).map(toRow),
    run: (parameters) => arrays.run(bind(parameters)),
    *iterate(parameters) {
      for (const values of arrays.iterate(bind(parameters)) as IterableIterator<unknown[]>) yield toRow(values);
    },
  };
}

function writer(prepared: BetterSqlite.Statement): SqliteStatement {
  return {
    reader: false,
    all: (parameters) => prepared.all(bind(parameters)),
    run: (parameters) => prepared.run(bind(parameters)),
    iterate: (parameters) => prepared.iterate(bind(parameters)),
  };
}
