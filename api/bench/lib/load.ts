// Load generation and reporting shared by the benchmarks: autocannon against a URL on this
// machine, results as one table row, and the table itself.
import autocannon from 'autocannon';

export const CONNECTIONS = 16;
/** Seconds per measured route: BENCH_DURATION when set, else the benchmark's own default. */
export const durationSeconds = (fallback: number) => Number(process.env.BENCH_DURATION ?? fallback);
export const DURATION_SECONDS = durationSeconds(10);

export interface Measurement {
  label: string;
  p50: number;
  p99: number;
  requestsPerSecond: number;
  /** Responses other than 2xx, plus connection errors and timeouts: any makes the row FAIL. */
  failures: number;
  /** p99 target in ms; rows without one are shown for comparison only. */
  targetP99Ms?: number;
  /** Checks of what the requests did (e.g. lost or doubled writes) that failed: any makes the row FAIL. */
  problems?: string[];
}

export interface BenchmarkReport {
  title: string;
  rows: Measurement[];
  /** A benchmark that measures something other than request latency prints its own table. */
  table?: { header: string[]; rows: string[][] };
  /** Targets such a table missed (they count like FAIL rows). */
  missed?: string[];
  /** Limits that are enforced (a remote's size budget): any makes `npm run bench` exit with 1. */
  failed?: string[];
  notes?: string[];
}

export interface Benchmark {
  name: string;
  run(log: (line: string) => void): Promise<BenchmarkReport>;
}

export async function measure(
  label: string,
  url: string,
  options: { headers?: Record<string, string>; targetP99Ms?: number } = {},
): Promise<Measurement> {
  // A short warm-up first, so JIT compilation and the database cache do not count.
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers: options.headers });
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    headers: options.headers,
    // The load generator runs in its own thread, so it does not steal the server's event loop.
    workers: 1,
  });
  return {
    label,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requestsPerSecond: result.requests.average,
    failures: result.non2xx + result.errors + result.timeouts,
    targetP99Ms: options.targetP99Ms,
  };
}

export function verdict(row: Measurement): string {
  if (row.failures > 0) return `FAIL (${row.failures} failed requests)`;
  if (row.problems?.length) return `FAIL (${row.problems.join('; ')})`;
  if (row.targetP99Ms === undefined) return '-';
  return row.p99 < row.targetP99Ms ? 'PASS' : 'FAIL';
}

// autocannon records whole milliseconds: 0 means "under one".
const formatMs = (ms: number) => (ms < 1 ? '<1' : ms.toFixed(0));

export function formatTable(rows: Measurement[]): string {
  const header = ['route', 'p50 ms', 'p99 ms', 'req/s', 'target', 'result'];
  const lines = rows.map((row) => [
    row.label,
    formatMs(row.p50),
    formatMs(row.p99),
    row.requestsPerSecond.toFixed(0),
    row.targetP99Ms === undefined ? '-' : `p99 < ${row.targetP99Ms} ms`,
    verdict(row),
  ]);
  return formatColumns(header, lines);
}

/** Text columns: the first and the last two left-aligned, numbers right-aligned. */
export function formatColumns(header: string[], lines: string[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]!.length)));
  const format = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 || column >= header.length - 2 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
      )
      .join('  ');
  return [format(header), widths.map((width) => '-'.repeat(width)).join('  '), ...lines.map(format)].join('\n');
}
