// Runs one exported function of a module in a worker thread and answers its result, so heavy
// pure work (reading a 50 MB Anki package, replaying 100,000 reviews) never holds the request
// thread. Under tsx or jest the module is TypeScript: the thread registers tsx's loader first;
// the built server runs the compiled .js as is. Arguments and the result are structured-cloned
// (typed arrays, plain objects); an Error thrown there is rethrown here with its class name and
// message, so callers can tell expected refusals from bugs.
import { Worker } from 'node:worker_threads';

export class WorkerTaskError extends Error {
  constructor(
    readonly kind: string,
    message: string,
    /** The HTTP status an error thrown there carried (an HttpError's), if any. */
    readonly statusCode?: number,
  ) {
    super(message);
    this.name = 'WorkerTaskError';
  }
}

export function runInWorker<T>(
  modulePath: string,
  exportName: string,
  args: unknown[],
  transfer: ArrayBuffer[] = [],
): Promise<T> {
  const typescript = modulePath.endsWith('.ts');
  const source = `
const { parentPort, workerData } = require('node:worker_threads');
${typescript ? `require(${JSON.stringify(require.resolve('tsx/cjs/api'))}).register();` : ''}
Promise.resolve()
  .then(() => require(workerData.modulePath)[workerData.exportName](...workerData.args))
  .then(
    (result) => parentPort.postMessage({ result }),
    (error) => parentPort.postMessage({ failed: { kind: (error && error.name) || 'Error', message: String((error && error.message) || error), statusCode: error && error.statusCode } }),
  );
`;
  return runWorkerSource<T>(source, { modulePath, exportName, args }, transfer);
}

/**
 * Runs JavaScript `source` in a worker thread with `workerData`; it answers with one message,
 * `{ result }` or `{ failed: { kind, message, statusCode? } }`. The thread ends with that answer.
 */
export function runWorkerSource<T>(
  source: string,
  workerData: Record<string, unknown>,
  transfer: ArrayBuffer[] = [],
): Promise<T> {
  const worker = new Worker(source, { eval: true, workerData, transferList: transfer });
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    worker.once(
      'message',
      (message: { result?: T; failed?: { kind: string; message: string; statusCode?: number } }) => {
        settled = true;
        if (message.failed)
          reject(new WorkerTaskError(message.failed.kind, message.failed.message, message.failed.statusCode));
        else resolve(message.result as T);
        void worker.terminate();
      },
    );
    worker.once('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`worker thread exited with code ${code} before answering`));
    });
  });
}
