// WAL checkpoints off the request path. SQLite's automatic checkpoint runs inside whichever
// commit pushes the WAL past 1,000 pages: that request copies the pages into the database file
// and fsyncs it, stalling itself and every request queued behind it on the one Node.js thread
// (measured on the reviews benchmark: paced p99 17.5 ms with it, 6.9 ms without). So the app's
// connection turns it off, and a worker thread with a connection of its own checkpoints on a
// timer. PASSIVE mode neither waits for nor blocks readers and the writer; a page still in use
// by a reader is left for the next round.
import { startSqliteWorker } from './sqlite-worker';

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
   * until that connection is closed (SqliteWorker.close).
   */
  close(): void;
}

export const CHECKPOINT_INTERVAL_MS = 1_000;

// The worker's part (db/sqlite-worker.ts gives it `db`, `guarded`, `stop` and `stoppers`).
// The WAL holds every commit until checkpointed, so if an error stops it nothing is lost: the
// main thread turns SQLite's own checkpoints back on.
const WORKER_BODY = `
const checkpoint = () => guarded(() => db.pragma('wal_checkpoint(PASSIVE)')[0]);
if (db && db.open) {
  const timer = setInterval(checkpoint, workerData.options.intervalMs);
  stoppers.push(() => clearInterval(timer));
}
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
  {
    intervalMs = CHECKPOINT_INTERVAL_MS,
    onFailure,
  }: { intervalMs?: number; onFailure?: (message: string) => void } = {},
): Checkpointer {
  const { worker, close } = startSqliteWorker(WORKER_BODY, file, { intervalMs }, (message) => onFailure?.(message));
  const answers: Array<(result: CheckpointResult) => void> = [];
  worker.on('message', (message: CheckpointResult | { failed: string }) => {
    if (!('failed' in message)) answers.shift()?.(message);
  });
  return {
    checkpoint: () =>
      new Promise((resolve) => {
        answers.push(resolve);
        worker.postMessage('checkpoint');
      }),
    close,
  };
}
