// A worker thread with a second connection to the app's SQLite file: the ground the WAL
// checkpointer and the off-thread reader stand on. Their code is plain JavaScript evaluated in
// the worker, so it runs the same under tsx, jest and the built server, with no TypeScript
// loader in the thread.
import { Worker } from 'node:worker_threads';

const CLOSE_TIMEOUT_MS = 5_000;

// Runs before the body. It gives the body `db`, `guarded(work)`, `stop()` and `stoppers`:
//  - `db` is opened on the existing file, with the app's busy timeout;
//  - any error in `guarded` work tells the main thread ({ failed: message }) and stops the
//    thread, since a connection that failed once is not trusted again;
//  - `stop()` runs the body's `stoppers` (timers to clear), closes the connection, then raises
//    the shared flag the main thread waits on.
const PRELUDE = `
const { parentPort, workerData } = require('node:worker_threads');
const closed = new Int32Array(workerData.closed);
let db;
const stoppers = [];
const stop = () => {
  for (const stopper of stoppers) stopper();
  if (db && db.open) db.close();
  Atomics.store(closed, 0, 1);
  Atomics.notify(closed, 0);
  parentPort.close();
};
const guarded = (work) => {
  try {
    return work();
  } catch (error) {
    parentPort.postMessage({ failed: String(error && error.message) });
    stop();
  }
};
guarded(() => {
  const Database = require(workerData.driver);
  db = new Database(workerData.file, { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
});
`;

export interface SqliteWorker {
  worker: Worker;
  /**
   * Asks the body to finish (it receives 'close' and must call stop()), then blocks until the
   * worker's connection is closed (at most CLOSE_TIMEOUT_MS): the caller's own close is then the
   * last one, which removes the WAL files before anyone deletes the folder.
   */
  close(): void;
}

/**
 * Starts `body` (JavaScript run after PRELUDE, with `workerData.options` as given) on `file`.
 * `onFailure` hears of an error that stopped the worker, unless close() came first.
 */
export function startSqliteWorker(
  body: string,
  file: string,
  options: Record<string, unknown>,
  onFailure: (message: string) => void,
): SqliteWorker {
  // Set to 1 by the worker once its connection is closed (or never opened).
  const closedFlag = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(PRELUDE + body, {
    eval: true,
    workerData: { driver: require.resolve('better-sqlite3'), file, options, closed: closedFlag.buffer },
  });
  // Never what keeps the process alive; closing the database stops it.
  worker.unref();
  let closed = false;
  const fail = (message: string) => {
    // Closing races the worker's start: a test may delete the file before the worker opens it.
    if (!closed) onFailure(message);
  };
  worker.on('message', (message: unknown) => {
    if (message && typeof message === 'object' && 'failed' in message) fail(String(message.failed));
  });
  worker.on('error', (error) => fail(error.message));
  return {
    worker,
    close: () => {
      if (closed) return;
      closed = true;
      worker.postMessage('close');
      Atomics.wait(closedFlag, 0, 0, CLOSE_TIMEOUT_MS);
    },
  };
}
