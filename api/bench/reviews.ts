// Reviews under load: 50 learners at once, each rating its own 400 cards (POST
// /api/spaced-repetition/review, a fresh Idempotency-Key per review, random ratings, inside an
// open study session), first pausing between answers as people do, then as fast as the answers
// come back (the capacity of one process), over loopback HTTP, on SQLite and on PostgreSQL
// (BENCH_DATABASES narrows it); next to a bare Fastify route.
// Then the integrity check: every acknowledged review is stored exactly once, and retries of
// acknowledged keys (one after the other, and copies racing each other) add nothing.
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../src/db';
import { runLoop } from './lib/http-loop';
import { durationSeconds, type Benchmark, type Measurement } from './lib/load';
import { reviewKey, type Learner, type ReviewLoad } from './lib/review-requests';
import { seedLearners } from './lib/review-seed';
import { BARE_PATH, benchDatabases, startApp, startBare, type BenchDatabase } from './lib/server';

const LEARNERS = 50;
const CARDS_PER_LEARNER = 400;
const DURATION_SECONDS = durationSeconds(30);
const WARM_UP_SECONDS = 2;
const TARGET_P99_MS = 30;
/** Pause of a learner between an answer and the next rating (uniform). */
const THINK_MS: [number, number] = [200, 1000];
/** Acknowledged keys sent again, one after the other. */
const RETRIES = 25;
/** New keys each sent as this many simultaneous copies. */
const RACED_KEYS = 5;
const RACE_COPIES = 8;

const REVIEW_PATH = '/api/spaced-repetition/review';
const REQUESTS = path.join(__dirname, 'lib', 'review-requests.ts');

const benchmark: Benchmark = {
  name: 'reviews',
  async run(log) {
    const rows: Measurement[] = [];
    const notes: string[] = [];
    for (const dialect of benchDatabases()) {
      const result = await onDatabase(dialect, log);
      rows.push(...result.rows);
      notes.push(...result.notes);
    }

    log(`measuring POST ${BARE_PATH} ...`);
    const bare = await startBare();
    try {
      // The floor, paced like the learners and saturated: what this machine and this load
      // generator cost before the app does anything.
      for (const thinkMs of [THINK_MS, undefined]) {
        const floor = await runLoop({
          label: `POST ${BARE_PATH} (plain Fastify) ${thinkMs ? 'learners' : 'saturation'}`,
          origin: bare.base,
          connections: LEARNERS,
          durationSeconds: DURATION_SECONDS,
          requests: { method: 'POST', path: BARE_PATH, body: { cardId: 1, result: 2, timeSpent: 4_000, sessionId: 1 } },
          thinkMs,
        });
        rows.push(floor.measurement);
      }
    } finally {
      await bare.close();
    }

    notes.push(
      `"learners": each of the ${LEARNERS} pauses ${THINK_MS.join('-')} ms after every answer (a person takes seconds ` +
        `per card: this is a very fast class); the target applies here`,
      `"saturation": no pauses, each of the ${LEARNERS} loops always has one review in flight, so latency ~ ` +
        `${LEARNERS} x server time per review: the capacity of one process, reported without a target`,
    );
    return {
      title:
        `reviews: ${LEARNERS} learners x ${CARDS_PER_LEARNER} cards, ${LEARNERS} connections (one per learner), ` +
        `${DURATION_SECONDS} s per route, ${os.cpus().length} CPUs`,
      rows,
      notes,
    };
  },
};

export default benchmark;

async function onDatabase(
  dialect: BenchDatabase,
  log: (line: string) => void,
): Promise<{ rows: Measurement[]; notes: string[] }> {
  const { base, db, signAccessToken, close } = await startApp(dialect);
  try {
    const started = Date.now();
    const learners = await seedLearners(db, base, LEARNERS, CARDS_PER_LEARNER, (userId) =>
      signAccessToken({ id: userId, role: 'user', tokenVersion: 0 }),
    );
    log(
      `[${dialect}] seeded ${LEARNERS} learners x ${CARDS_PER_LEARNER} cards in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

    const load = (
      label: string,
      keyPrefix: string,
      seconds: number,
      options: { thinkMs?: [number, number]; targetP99Ms?: number } = {},
    ) =>
      runLoop<ReviewLoad>({
        label,
        origin: base,
        connections: LEARNERS,
        durationSeconds: seconds,
        requests: { factory: REQUESTS, data: { learners, keyPrefix } },
        ...options,
      });

    // JIT compilation and cold caches do not count; its reviews are checked like the others.
    const warmUp = await load('warm-up', 'warmup', WARM_UP_SECONDS);
    log(`[${dialect}] measuring POST ${REVIEW_PATH}, learners pausing ${THINK_MS.join('-')} ms ...`);
    const paced = await load(`POST ${REVIEW_PATH} [${dialect}] learners`, 'paced', DURATION_SECONDS, {
      thinkMs: THINK_MS,
      targetP99Ms: TARGET_P99_MS,
    });
    log(`[${dialect}] measuring POST ${REVIEW_PATH}, no pauses (saturation) ...`);
    const saturated = await load(`POST ${REVIEW_PATH} [${dialect}] saturation`, 'run', DURATION_SECONDS);

    log(`[${dialect}] checking what was stored ...`);
    const runs = [warmUp, paced, saturated];
    const integrity = await checkIntegrity(
      db,
      base,
      learners,
      runs.flatMap((run) => run.acknowledged),
    );
    const statuses: Record<string, number> = {};
    for (const run of runs) {
      for (const [status, count] of Object.entries(run.statuses)) statuses[status] = (statuses[status] ?? 0) + count;
    }
    const perReview = 1000 / saturated.measurement.requestsPerSecond;
    const notes = [
      `[${dialect}] saturation: 1000 / reviews per second = ${perReview.toFixed(1)} ms of server time per review ` +
        `(every review goes through one Node.js thread${dialect === 'sqlite' ? ' and one SQLite connection' : ''})`,
      `[${dialect}] answers: ${Object.entries(statuses)
        .map(([status, count]) => `${count.toLocaleString('en')} x ${status}`)
        .join(', ')} (all runs, warm-up included)`,
      `[${dialect}] integrity ${integrity.problems.length ? 'FAILED' : 'OK'}: ${integrity.summary}`,
      ...integrity.problems.map((problem) => `[${dialect}]   - ${problem}`),
    ];
    const problems = integrity.problems;
    return {
      rows: [
        { ...paced.measurement, problems },
        { ...saturated.measurement, problems },
      ],
      notes,
    };
  } finally {
    await close();
  }
}

interface ReviewAnswer {
  status: number;
  reviewId?: number;
}

async function submit(
  base: string,
  learner: Learner,
  key: string,
  body: Record<string, unknown>,
): Promise<ReviewAnswer> {
  const response = await fetch(`${base}${REVIEW_PATH}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${learner.accessToken}`,
      'idempotency-key': key,
    },
    body: JSON.stringify({ ...body, sessionId: learner.sessionId }),
  });
  const answer = (await response.json()) as { reviewId?: number };
  return { status: response.status, reviewId: answer.reviewId };
}

async function countRows(db: Db): Promise<number> {
  const row = await db
    .selectFrom('review_logs')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Every acknowledged review stored exactly once and nothing else stored; then retries of
 * acknowledged keys and racing copies of new keys, which must answer the first review and add
 * no row; and the counts derived from reviews (session counts, XP) agree with the rows.
 */
async function checkIntegrity(
  db: Db,
  base: string,
  learners: Learner[],
  acknowledged: string[],
): Promise<{ summary: string; problems: string[] }> {
  const problems: string[] = [];
  const acked = new Set(acknowledged);
  if (acked.size !== acknowledged.length) problems.push(`${acknowledged.length - acked.size} keys acknowledged twice`);

  const logs = await db
    .selectFrom('review_logs')
    .select(['id', 'user_id', 'card_id', 'rating', 'idempotency_key'])
    .execute();
  const stored = new Map<string, number>();
  let withoutKey = 0;
  for (const log of logs) {
    if (log.idempotency_key === null) withoutKey++;
    else stored.set(log.idempotency_key, (stored.get(log.idempotency_key) ?? 0) + 1);
  }
  const doubled = [...stored.values()].filter((count) => count > 1).length;
  const missing = [...acked].filter((key) => !stored.has(key)).length;
  const unacknowledged = [...stored.keys()].filter((key) => !acked.has(key)).length;
  if (logs.length !== acked.size) problems.push(`${logs.length} rows for ${acked.size} acknowledged reviews`);
  if (doubled) problems.push(`${doubled} keys stored more than once`);
  if (missing) problems.push(`${missing} acknowledged reviews not stored`);
  if (unacknowledged) problems.push(`${unacknowledged} stored reviews never acknowledged`);
  if (withoutKey) problems.push(`${withoutKey} rows without a key`);
  const summary = [
    `${acked.size.toLocaleString('en')} reviews acknowledged (2xx), ${logs.length.toLocaleString('en')} rows in review_logs, ` +
      `${stored.size.toLocaleString('en')} distinct keys`,
  ];

  // Retries of acknowledged keys, as a client whose answer was lost sends them.
  const learnerOf = new Map(learners.map((learner) => [learner.userId, learner]));
  const step = Math.max(1, Math.floor(logs.length / RETRIES));
  const sample = logs.filter((_, index) => index % step === 0).slice(0, RETRIES);
  const before = await countRows(db);
  let replayed = 0;
  for (const log of sample) {
    const learner = learnerOf.get(log.user_id);
    if (!learner) throw new Error(`no learner for user ${log.user_id}`);
    const answer = await submit(base, learner, log.idempotency_key!, {
      cardId: log.card_id,
      result: log.rating - 1,
      timeSpent: 3_000,
    });
    if (answer.status === 200 && answer.reviewId === log.id) replayed++;
  }
  const afterRetries = await countRows(db);
  if (replayed !== sample.length)
    problems.push(`${sample.length - replayed} of ${sample.length} retries did not answer the first review`);
  if (afterRetries !== before) problems.push(`retries of acknowledged keys added ${afterRetries - before} rows`);
  summary.push(
    `${replayed}/${sample.length} retries of acknowledged keys answered the stored review, ${afterRetries - before} rows added`,
  );

  // Copies of one new key sent at the same moment: one review, the same answer for all.
  let racedOk = 0;
  for (let n = 0; n < RACED_KEYS; n++) {
    const learner = learners[n % learners.length]!;
    const key = reviewKey('race', n, 0);
    const body = { cardId: learner.cardIds[0], result: 2, timeSpent: 3_000 };
    const answers = await Promise.all(Array.from({ length: RACE_COPIES }, () => submit(base, learner, key, body)));
    const ids = new Set(answers.map((answer) => answer.reviewId));
    if (answers.every((answer) => answer.status === 200) && ids.size === 1) racedOk++;
    else
      problems.push(
        `racing copies of ${key}: ${answers.map((answer) => `${answer.status}/${answer.reviewId}`).join(' ')}`,
      );
  }
  const afterRace = await countRows(db);
  if (afterRace - afterRetries !== RACED_KEYS)
    problems.push(`${RACED_KEYS} raced keys stored ${afterRace - afterRetries} rows`);
  summary.push(
    `${racedOk}/${RACED_KEYS} new keys sent as ${RACE_COPIES} simultaneous copies stored once each (${afterRace - afterRetries} rows)`,
  );

  // What reviews count elsewhere: the sessions' card counts and the XP ledger.
  const sessions = await db
    .selectFrom('study_sessions')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('cards_studied'), eb.lit(0)).as('studied'))
    .executeTakeFirstOrThrow();
  const xp = await db
    .selectFrom('experience_events')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('review_log_id', 'is not', null)
    .executeTakeFirstOrThrow();
  if (Number(sessions.studied) !== afterRace)
    problems.push(`sessions count ${sessions.studied} cards for ${afterRace} reviews`);
  if (Number(xp.count) !== afterRace) problems.push(`${xp.count} review XP events for ${afterRace} reviews`);
  summary.push(
    `the sessions count ${Number(sessions.studied).toLocaleString('en')} cards studied, ` +
      `the XP ledger ${Number(xp.count).toLocaleString('en')} review events, for ${afterRace.toLocaleString('en')} rows`,
  );

  return { summary: summary.join('; '), problems };
}
