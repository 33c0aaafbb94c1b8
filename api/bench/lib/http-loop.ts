// Closed-loop load (optionally with a pause after each answer) whose every request can differ (its own body, headers, Idempotency-Key),
// which autocannon's fixed URL cannot do: `connections` loops, each sending its next request
// as soon as the previous answer is in, from a worker thread (so the load generator does not
// steal the server's event loop). Unlike autocannon it stops *sending* at the deadline and
// waits for the requests in flight, so it knows exactly which requests were acknowledged.
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Measurement } from './load';

export interface LoopRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path and query, appended to the origin. */
  path: string;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  /** Reported back if the answer is 2xx: what the benchmark later checks was stored. */
  id?: string;
}

/**
 * Builds request `sequence` (0, 1, ...) of loop `connection` (0 .. connections - 1) from the
 * benchmark's `data`. It runs in the worker thread: a module's default export, named by path.
 */
export type RequestFactory<T> = (connection: number, sequence: number, data: T) => LoopRequest;

export interface LoopOptions<T> {
  label: string;
  /** e.g. http://127.0.0.1:41234; several: loop n talks to origin n mod their count. */
  origin: string | string[];
  connections: number;
  durationSeconds: number;
  /**
   * The same request every time, or each built by the default export (a RequestFactory<T>) of
   * the module at the absolute path `factory` from `data` (structured-cloned: plain data only).
   */
  requests: LoopRequest | { factory: string; data: T };
  /**
   * A pause drawn uniformly from [min, max] ms after each answer, as a person reading the next
   * card takes; absent, each loop sends again at once (saturation).
   */
  thinkMs?: [number, number];
  targetP99Ms?: number;
}

export interface LoopResult {
  measurement: Measurement;
  /** `id` of every request answered 2xx. */
  acknowledged: string[];
  /** Answers per status code; "error" counts connection errors. */
  statuses: Record<string, number>;
  /** The slowest answer: a single long stall hides below p99 when it delays one request per client. */
  maxMs: number;
}

/** What the worker posts back when every loop has finished. */
export interface WorkerReport {
  latenciesMs: number[];
  acknowledged: string[];
  statuses: Record<string, number>;
  elapsedMs: number;
}

const WORKER = path.join(__dirname, 'http-loop-worker.ts');

export function runLoop<T>(options: LoopOptions<T>): Promise<LoopResult> {
  // The benchmarks run under tsx, whose hooks a worker thread does not inherit: the worker
  // registers them itself before loading its TypeScript.
  const bootstrap = `require(${JSON.stringify(require.resolve('tsx/cjs/api'))}).register(); require(${JSON.stringify(WORKER)});`;
  const worker = new Worker(bootstrap, {
    eval: true,
    workerData: {
      origin: options.origin,
      connections: options.connections,
      durationMs: options.durationSeconds * 1000,
      requests: options.requests,
      thinkMs: options.thinkMs,
    },
  });
  return new Promise<LoopResult>((resolve, reject) => {
    let report: WorkerReport | undefined;
    worker.once('message', (message: WorkerReport) => (report = message));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!report) return reject(new Error(`load worker exited with code ${code} before reporting`));
      resolve(summarize(options, report));
    });
  });
}

function summarize<T>(options: LoopOptions<T>, report: WorkerReport): LoopResult {
  const latencies = Float64Array.from(report.latenciesMs).sort();
  const failures = Object.entries(report.statuses)
    .filter(([status]) => !/^2\d\d$/.test(status))
    .reduce((sum, [, count]) => sum + count, 0);
  return {
    measurement: {
      label: options.label,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      requestsPerSecond: latencies.length / (report.elapsedMs / 1000),
      failures,
      targetP99Ms: options.targetP99Ms,
    },
    acknowledged: report.acknowledged,
    statuses: report.statuses,
    maxMs: latencies.length ? latencies[latencies.length - 1]! : 0,
  };
}

/** Nearest-rank percentile of sorted values (0 when there are none). */
function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
