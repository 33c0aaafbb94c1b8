// An Anki package import at scale: 10,000 notes with 100,000 review logs (10 answers a card) in
// the current format (zstd collection.anki21b), on a fresh SQLite file and a fresh PostgreSQL
// schema (BENCH_DATABASES narrows it). How long the import request takes end to end (read and
// replay in a worker thread, then the writes), and the p99 of 16 clients calling
// GET /api/auth/me meanwhile, beside the same load with no import.
import { buildApkg, type FixtureNote } from '../src/test/apkg-fixture';
import { runLoop } from './lib/http-loop';
import { type Benchmark, type Measurement } from './lib/load';
import { benchDatabases, signUp, startApp, type BenchDatabase } from './lib/server';

// APKG_NOTES / APKG_REVIEWS size a bigger run by hand (100,000 notes fit the 50 MB limit).
const NOTES = Number(process.env.APKG_NOTES ?? 10_000);
const REVIEWS_PER_CARD = Number(process.env.APKG_REVIEWS ?? 10);
const CLIENTS = 16;
const BASELINE_SECONDS = 5;
const TARGET_P99_MS = 100;
const PASSWORD = 'benchmark password';
const DAY = 86_400_000;

function notes(): FixtureNote[] {
  const start = Date.now() - 400 * DAY;
  return Array.from({ length: NOTES }, (_, n) => {
    // Answer times are revlog ids, unique per package: spread over the day's hours, each note
    // a few ms apart (under a day in all, while every gap below is whole days).
    let at = start + (n % 20) * 3_600_000 + n * 7;
    let gap = 1;
    const reviews = Array.from({ length: REVIEWS_PER_CARD }, (_, k) => {
      const review = { at, ease: (k % 7 === 3 ? 1 : 3) as 1 | 3, type: k === 0 ? 0 : 1 };
      at += gap * DAY;
      gap = Math.min(30, gap * 2);
      return review;
    });
    return { guid: `bench-${n}`, fields: [`Term ${n}: what does it mean?`, `Meaning ${n}`], tags: `chapter-${n % 40}`, deck: `Deck ${n % 20}`, cards: [{ ord: 0, reviews }] };
  });
}

const benchmark: Benchmark = {
  name: 'apkg',
  async run(log) {
    const started = Date.now();
    const file = buildApkg({ format: 'anki21b', notes: notes() });
    const size = `${(file.length / 1024 / 1024).toFixed(1)} MB`;
    log(`built a package of ${NOTES.toLocaleString('en')} notes, ${(NOTES * REVIEWS_PER_CARD).toLocaleString('en')} answers: ${size} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const rows: Measurement[] = [];
    const slowest: string[] = [];
    for (const database of benchDatabases()) {
      const result = await runOn(database, file, log);
      rows.push(...result.rows);
      slowest.push(result.note);
    }
    return {
      title: `apkg: an Anki package of ${NOTES.toLocaleString('en')} notes with ${(NOTES * REVIEWS_PER_CARD).toLocaleString('en')} review logs (${size}), ${benchDatabases().join(' and ')}`,
      rows,
      notes: [
        '"one call": the request end to end; reading the package and replaying its history run in a worker thread',
        `"during the import": the same ${CLIENTS} clients while the import runs; its p99 beside "no import" is what the import costs other requests`,
        ...slowest,
        'on SQLite the writes run there too, on its own connection, in transactions of 2,000 notes: reads go on meanwhile; other writes wait at most for its current batch (~0.4 s)',
        'on PostgreSQL the writes are one transaction from the request\'s thread, through the pool',
      ],
    };
  },
};

export default benchmark;

async function runOn(database: BenchDatabase, file: Uint8Array, log: (line: string) => void): Promise<{ rows: Measurement[]; note: string }> {
  const { base, close } = await startApp(database);
  try {
    const accessToken = await signUp(base, 'bench.learner@example.com', PASSWORD);
    const headers = { authorization: `Bearer ${accessToken}` };
    const meLoad = (label: string, seconds: number, target?: number) =>
      runLoop({ label: `${label} [${database}]`, origin: base, connections: CLIENTS, durationSeconds: seconds, requests: { method: 'GET', path: '/api/auth/me', headers }, targetP99Ms: target });

    const idle = await meLoad(`GET /api/auth/me, ${CLIENTS} clients, no import`, BASELINE_SECONDS);
    const post = async (query: string) => {
      const began = Date.now();
      const response = await fetch(`${base}/api/cards/import/apkg${query}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/octet-stream' }, body: file as Uint8Array<ArrayBuffer> });
      if (!response.ok) throw new Error(`import: ${response.status} ${await response.text()}`);
      return { ms: Date.now() - began, body: (await response.json()) as { imported: number; reviews: number } };
    };
    // The preview does the same reading and replay (and loads the worker's code): its time sizes the load below.
    const preview = await post('?dryRun=true');
    log(`${database}: preview: ${preview.ms} ms; importing while GET /api/auth/me runs ...`);
    const during = meLoad(`GET /api/auth/me, ${CLIENTS} clients, during the import`, Math.ceil((preview.ms * 2) / 1000) + 1, TARGET_P99_MS);
    const [imported, busy] = await Promise.all([post(''), during]);
    log(`${database}: imported ${imported.body.imported.toLocaleString('en')} notes with ${imported.body.reviews.toLocaleString('en')} review logs in ${imported.ms} ms`);
    const row = (label: string, ms: number): Measurement => ({ label: `${label} [${database}]`, p50: ms, p99: ms, requestsPerSecond: 1000 / ms, failures: 0 });
    return {
      rows: [row('POST /api/cards/import/apkg?dryRun=true, one call', preview.ms), row('POST /api/cards/import/apkg, one call', imported.ms), idle.measurement, busy.measurement],
      note: `${database}: slowest answer ${idle.maxMs.toFixed(0)} ms with no import, ${busy.maxMs.toFixed(0)} ms during it`,
    };
  } finally {
    await close();
  }
}
