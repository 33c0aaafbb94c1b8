// WAL checkpoints off the request path. SQLite's automatic checkpoint runs inside whichever
// commit pushes the WAL past 1,000 pages: that request copies the pages into the database file
// and fsyncs it, stalling itself and every request queued behind it on the one Node.js thread
// (measured on the reviews benchmark: paced p99 17.5 ms with it, 6.9 ms without). So the app's
// connection turns it off, and a worker thread with a connection of its own checkpoints on a
// timer. PASSIVE mode neither waits for nor blocks readers and the writer; a page still in use
// by a reader is left for the next round.
import { Worker } from 'node:worker_threads';

export interface CheckpointResult {
  /** 1 if another checkpoint was running. */
  busy: number;
  /** Frames in the WAL. */
  log: number;
  /** Frames copied into the database file. */
  checkpointed: number;
}

export interface Checkpointer {
  /** Checkpoints now (tests; the timer does it otherwise). */
  checkpoint(): Promise<CheckpointResult>;
  /**
   * Stops the timer; the worker checkpoints a last time, closes its connection and exits. Blocks
   * until the worker's connection is closed (at most CLOSE_TIMEOUT_MS), so that the caller's own
   * close is the last: it then removes the WAL files before anyone deletes the folder.
   */
  close(): void;
}

export const CHECKPOINT_INTERVAL_MS = 1_000;
const CLOSE_TIMEOUT_MS = 5_000;

// Plain JavaScript, evaluated in the worker: it runs the same under tsx, jest and the built
// server, with no TypeScript loader in the worker thread.
// Any error ends the worker after telling the main thread, which falls back to SQLite's own
// checkpoints: the WAL holds every commit meanwhile, so nothing is lost either way.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
let db;
let timer;
const closed = new Int32Array(workerData.closed);
const stop = () => {
  clearInterval(timer);
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
const checkpoint = () => guarded(() => db.pragma('wal_checkpoint(PASSIVE)')[0]);
guarded(() => {
  const Database = require(workerData.driver);
  db = new Database(workerData.file, { fileMustExist: true });
  timer = setInterval(checkpoint, workerData.intervalMs);
});
parentPort.on('message', (message) => {
  if (message === 'checkpoint') {
    const result = checkpoint();
    if (result) parentPort.postMessage(result);
    return;
  }
  checkpoint();
  stop();
});
`;

/**
 * Checkpoints the WAL database `file` every `intervalMs` from a worker thread. `onFailure` runs
 * if the worker stops on an error while the database is still open.
 */
export function startCheckpointer(
  file: string,
  { intervalMs = CHECKPOINT_INTERVAL_MS, onFailure }: { intervalMs?: number; onFailure?: (message: string) => void } = {},
): Checkpointer {
  // Set to 1 by the worker once its connection is closed (or never opened).
  const closedFlag = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { driver: require.resolve('better-sqlite3'), file, intervalMs, closed: closedFlag.buffer },
  });
  // Never what keeps the process alive; closing the database stops it.
  worker.unref();
  let closed = false;
  const answers: Array<(result: CheckpointResult) => void> = [];
  worker.on('message', (message: CheckpointResult | { failed: string }) => {
    if ('failed' in message) {
      // Closing races the worker's start: a test may delete the file before the worker opens it.
      if (!closed) onFailure?.(message.failed);
      return;
    }
    answers.shift()?.(message);
  });
  worker.on('error', (error) => {
    if (!closed) onFailure?.(error.message);
  });
  return {
    checkpoint: () =>
      new Promise((resolve) => {
        answers.push(resolve);
        worker.postMessage('checkpoint');
      }),
    close: () => {
      if (closed) return;
      closed = true;
      worker.postMessage('close');
      Atomics.wait(closedFlag, 0, 0, CLOSE_TIMEOUT_MS);
    },
  };
}
