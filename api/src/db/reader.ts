// Long reads off the request thread. better-sqlite3 runs a query synchronously on Node's one
// thread, so while a search scans a learner's 5,000 cards (about half a millisecond) no other
// request moves. A worker thread with a read-only connection of its own runs such queries
// instead; WAL lets it read while the app's connection writes. It sees every committed write
// as soon as the commit returns, so a request still reads what an earlier one wrote. It cannot
// see a transaction's uncommitted writes: db/index.ts therefore only sends it queries made on
// the app's handle, never on a transaction, and runs them on the app's connection when the
// thread has stopped.
import type { CompiledQuery } from 'kysely';
import { bind, namedRow } from './sqlite-connection';
import { startSqliteWorker } from './sqlite-worker';

/** Rejects a read because the thread is gone; the caller may run the query elsewhere. */
export class ReaderStoppedError extends Error {
  constructor() {
    super('the SQLite reader thread has stopped');
  }
}

export interface Reader {
  /** False once the thread has stopped (an error, or close()). */
  readonly running: boolean;
  /** The rows of a query that only reads, named as Kysely names them. */
  all<R>(query: CompiledQuery<R>): Promise<R[]>;
  /** Rejects the reads still waiting, then closes the thread's connection (blocking). */
  close(): void;
}

// Distinct SQL texts the thread prepares and keeps (queries come from a fixed set of shapes).
const STATEMENT_CACHE_SIZE = 200;

// The worker's part (db/sqlite-worker.ts gives it `db`, `guarded`, `stop` and `stoppers`).
// query_only makes any write an error, whatever SQL arrives. An error in one query goes back
// to its caller; the thread goes on with the next.
const WORKER_BODY = `
if (db && db.open) db.pragma('query_only = ON');
const statements = new Map();
const prepared = (sql) => {
  let statement = statements.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    if (!statement.reader) throw new Error('The reader thread only runs queries that return rows');
    statement.raw(true);
    if (statements.size >= workerData.options.cacheSize) statements.delete(statements.keys().next().value);
    statements.set(sql, statement);
  }
  return statement;
};
parentPort.on('message', (message) => {
  if (message === 'close') return stop();
  const { id, sql, parameters } = message;
  try {
    const statement = prepared(sql);
    const rows = statement.all(parameters);
    parentPort.postMessage({ id, columns: statement.columns().map((column) => column.name), rows });
  } catch (error) {
    parentPort.postMessage({ id, error: { message: String(error && error.message), code: error && error.code } });
  }
});
`;

type Answer =
  | { id: number; columns: string[]; rows: unknown[][] }
  | { id: number; error: { message: string; code?: string } }
  | { failed: string };

interface Waiting {
  resolve(rows: unknown[]): void;
  reject(error: Error): void;
}

/** Starts the reader thread on the database `file`; `onFailure` hears why it stopped early. */
export function startReader(file: string, { onFailure }: { onFailure?: (message: string) => void } = {}): Reader {
  const waiting = new Map<number, Waiting>();
  let running = true;
  let nextId = 0;
  const stopped = () => {
    running = false;
    for (const read of waiting.values()) read.reject(new ReaderStoppedError());
    waiting.clear();
  };
  const thread = startSqliteWorker(WORKER_BODY, file, { cacheSize: STATEMENT_CACHE_SIZE }, (message) => {
    stopped();
    onFailure?.(message);
  });
  thread.worker.on('message', (answer: Answer) => {
    if ('failed' in answer) return;
    const read = waiting.get(answer.id);
    if (!read) return;
    waiting.delete(answer.id);
    if ('error' in answer) {
      // Shaped like better-sqlite3's SqliteError, which the error handler knows.
      read.reject(Object.assign(new Error(answer.error.message), { name: 'SqliteError', code: answer.error.code }));
    } else {
      read.resolve(answer.rows.map((values) => namedRow(answer.columns, values)));
    }
  });
  thread.worker.on('exit', stopped);

  return {
    get running() {
      return running;
    },
    all<R>(query: CompiledQuery<R>) {
      if (!running) return Promise.reject(new ReaderStoppedError());
      const id = nextId++;
      return new Promise<R[]>((resolve, reject) => {
        waiting.set(id, { resolve: resolve as (rows: unknown[]) => void, reject });
        thread.worker.postMessage({ id, sql: query.sql, parameters: bind(query.parameters) });
      });
    },
    close() {
      stopped();
      thread.close();
    },
  };
}
