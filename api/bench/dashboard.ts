// Statistics under load: one learner with 200,000 review logs over two years and 20,000 cards
// (plus 19 other learners' 190,000 logs, interleaved as in a shared database), on a fresh
// SQLite file and then a fresh PostgreSQL schema, measured over loopback HTTP next to a bare
// Fastify route: the dashboard, a year of analytics, the user stats, the comprehensive
// insights, a year's forecast and the CSV export, in Europe/Paris (two DST changes a year).
import os from 'node:os';
import { sql } from 'kysely';
import type { Db } from '../src/db';
import type { NewCard, NewReviewLog, NewStudySession } from '../src/db/schema';
import { MS_PER_DAY } from '../src/lib/time';
import { seededRandom } from '../src/lib/random';
import { measure, type Benchmark, type Measurement } from './lib/load';
import {
  BARE_PATH,
  benchDatabases,
  cloneUsers,
  signUp,
  settle,
  startApp,
  startBare,
  type BenchDatabase,
} from './lib/server';

const OTHER_USERS = 19;
const LEARNER_LOGS = 200_000;
const OTHER_LOGS = 10_000;
const LEARNER_CARDS = 20_000;
const OTHER_CARDS = 500;
const SETS = 6;
const HISTORY_DAYS = 730;
/** The learner studied every one of the last days: the dashboard must follow the whole run. */
const CURRENT_STREAK_DAYS = 120;
/** Before that run, the share of days with any study. */
const ACTIVE_DAY_SHARE = 0.8;
const INSERT_BATCH = 400;
const TARGET_P99_MS = 50;
/** The endpoints that read a whole history (analytics, stats, insights, forecast) get a looser target. */
const FULL_HISTORY_P99_MS = 100;
const TIME_ZONE = 'Europe/Paris';
const PASSWORD = 'benchmark password';

const benchmark: Benchmark = {
  name: 'dashboard',
  async run(log) {
    const bare = await startBare();
    const rows: Measurement[] = [];
    const notes: string[] = [];
    let seededLine = '';
    try {
      for (const database of benchDatabases()) {
        const result = await runOn(database, log);
        rows.push(...result.rows);
        notes.push(...result.notes);
        seededLine = result.seeded;
      }
      log(`measuring GET ${BARE_PATH} ...`);
      rows.push(await measure(`GET ${BARE_PATH} (plain Fastify)`, `${bare.base}${BARE_PATH}`));
    } finally {
      await bare.close();
    }
    return {
      title:
        `dashboard: ${benchDatabases().join(' and ')}, ${seededLine}, ${TIME_ZONE}, ` +
        `16 connections, ${process.env.BENCH_DURATION ?? 10} s per route, ${os.cpus().length} CPUs`,
      rows,
      notes: [
        `the learner's current streak is at least ${CURRENT_STREAK_DAYS} days in ${TIME_ZONE} (the seeded days before it may extend it); ` +
          "streaks are read from one row per UTC study day (review_days), the dashboard's first window is a year",
        'on SQLite 16 connections share one Node.js thread and one SQLite connection: p99 is roughly 16 x the work of one request',
        ...notes,
      ],
    };
  },
};

async function runOn(
  database: BenchDatabase,
  log: (line: string) => void,
): Promise<{ rows: Measurement[]; notes: string[]; seeded: string }> {
  const { base, db, close } = await startApp(database);
  try {
    const email = 'bench.learner@example.com';
    const accessToken = await signUp(base, email, PASSWORD);

    const started = Date.now();
    const seeded = await seed(db, email, Date.now());
    await settle(db);
    const seededLine =
      `${seeded.learnerLogs.toLocaleString('en')} review logs and ${LEARNER_CARDS.toLocaleString('en')} cards of one learner over ${HISTORY_DAYS} days ` +
      `(+${(seeded.logs - seeded.learnerLogs).toLocaleString('en')} logs of ${OTHER_USERS} others)`;
    log(
      `${database}: seeded ${seeded.logs.toLocaleString('en')} review logs, ${seeded.cards.toLocaleString('en')} cards, ` +
        `${seeded.sessions.toLocaleString('en')} sessions in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

    const oneSet = await firstSet(db, email);
    const headers = { authorization: `Bearer ${accessToken}`, 'x-time-zone': TIME_ZONE };
    const routes: Array<{ label: string; path: string; target?: number }> = [
      { label: 'GET /api/dashboard/dashboard', path: '/api/dashboard/dashboard', target: TARGET_P99_MS },
      {
        label: 'GET /api/dashboard/analytics?days=365',
        path: '/api/dashboard/analytics?days=365',
        target: FULL_HISTORY_P99_MS,
      },
      { label: 'GET /api/dashboard/user-stats', path: '/api/dashboard/user-stats', target: FULL_HISTORY_P99_MS },
      { label: 'GET /api/insights/comprehensive', path: '/api/insights/comprehensive', target: FULL_HISTORY_P99_MS },
      {
        label: 'GET /api/spaced-repetition/forecast?days=365',
        path: '/api/spaced-repetition/forecast?days=365',
        target: FULL_HISTORY_P99_MS,
      },
      // The whole collection as a file: its work grows with what it returns (no target), which
      // the export of one set (a seventh of the cards) beside it shows.
      { label: `GET /api/cards/export (${LEARNER_CARDS.toLocaleString('en')} cards)`, path: '/api/cards/export' },
      {
        label: `GET /api/cards/export?category=… (${oneSet.cards.toLocaleString('en')} cards of one set)`,
        path: `/api/cards/export?category=${oneSet.id}`,
      },
    ];
    for (const route of routes) {
      const response = await fetch(`${base}${route.path}`, { headers });
      if (!response.ok) throw new Error(`${route.path}: ${response.status} ${await response.text()}`);
      const text = await response.text();
      log(
        `${database} ${route.path}: ${route.path.includes('export') ? `${text.length.toLocaleString('en')} characters` : summarise(route.path, JSON.parse(text) as Answer)}`,
      );
    }

    const rows: Measurement[] = [];
    for (const route of routes) {
      log(`${database}: measuring ${route.label} ...`);
      rows.push(
        await measure(`${route.label} [${database}]`, `${base}${route.path}`, { headers, targetP99Ms: route.target }),
      );
    }
    const exports = rows
      .slice(-2)
      .map((row, index) => (1000 / row.requestsPerSecond / (index ? oneSet.cards : LEARNER_CARDS)) * 1000);
    return {
      rows,
      seeded: seededLine,
      notes: [
        `${database}: export work per card: ${exports.map((us) => `${us.toFixed(2)} µs`).join(' (whole collection), ')} (one set)`,
        `${database}: measured work (1000 / req/s): ${rows
          .map(
            (row) =>
              `${row.label.replace('GET /api/', '').replace(` [${database}]`, '')} ${(1000 / row.requestsPerSecond).toFixed(1)} ms`,
          )
          .join(', ')}`,
      ],
    };
  } finally {
    await close();
  }
}

export default benchmark;

/** The learner's first set and how many cards it holds. */
async function firstSet(db: Db, email: string): Promise<{ id: number; cards: number }> {
  const set = await db
    .selectFrom('categories')
    .innerJoin('users', 'users.id', 'categories.user_id')
    .select('categories.id')
    .where('users.email', '=', email)
    .orderBy('categories.id')
    .executeTakeFirstOrThrow();
  const { count } = await db
    .selectFrom('cards')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('category_id', '=', set.id)
    .executeTakeFirstOrThrow();
  return { id: set.id, cards: Number(count) };
}

/** The parts of the measured answers the log line shows (each route answers some of them). */
interface Answer {
  userStats?: unknown;
  days?: unknown[];
  totals?: unknown;
  retentionBySet?: unknown[];
  hardestCards?: unknown[];
  bestStudyHour?: unknown;
}

function summarise(route: string, body: Answer): string {
  if (route.includes('/dashboard/dashboard')) return JSON.stringify(body.userStats);
  if (route.includes('analytics')) return `${body.days?.length} days, totals ${JSON.stringify(body.totals)}`;
  if (route.includes('user-stats')) return JSON.stringify(body);
  if (route.includes('forecast'))
    return `${body.days?.length} days, ${(body.days as Array<{ due: number }>).reduce((sum, day) => sum + day.due, 0)} cards due`;
  return `${body.retentionBySet?.length} sets, ${body.hardestCards?.length} hardest cards, best hour ${JSON.stringify(body.bestStudyHour)}`;
}

interface Learner {
  userId: number;
  cards: Array<{ id: number; difficulty: number }>;
  logsPerActiveDay: number;
  activeDays: Set<number>;
}

/**
 * The learner (signed up through the API) and 19 others (same password hash) with their sets,
 * cards and two years of reviews, written day by day for everyone, so the tables interleave
 * users as a shared database does. Each learner's study days hold one session.
 */
export async function seed(
  db: Db,
  email: string,
  now: number,
): Promise<{ logs: number; learnerLogs: number; cards: number; sessions: number }> {
  const rand = seededRandom(42);
  const own = await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  const userIds = [own.id, ...(await cloneUsers(db, own, OTHER_USERS))];
  const stamp = new Date(now).toISOString();
  const today = Math.floor(now / MS_PER_DAY);
  const firstDay = today - HISTORY_DAYS + 1;

  const learners: Learner[] = [];
  let cardTotal = 0;
  await db.transaction().execute(async (trx) => {
    for (const [index, userId] of userIds.entries()) {
      const sets = await trx
        .insertInto('categories')
        .values(
          Array.from({ length: SETS }, (_, n) => ({
            user_id: userId,
            name: `Set ${n + 1}`,
            name_key: `set ${n + 1}`,
            created_at: stamp,
            updated_at: stamp,
          })),
        )
        .returning('id')
        .execute();
      const count = index === 0 ? LEARNER_CARDS : OTHER_CARDS;
      const cards: Learner['cards'] = [];
      for (let start = 0; start < count; start += INSERT_BATCH) {
        const batch: NewCard[] = [];
        for (let n = start; n < Math.min(count, start + INSERT_BATCH); n++)
          batch.push(
            makeCard(
              userId,
              n,
              count,
              sets.map((set) => set.id),
              stamp,
              now,
              rand,
            ),
          );
        const inserted = await trx.insertInto('cards').values(batch).returning(['id', 'difficulty_level']).execute();
        cards.push(...inserted.map((card) => ({ id: card.id, difficulty: card.difficulty_level })));
      }
      cardTotal += cards.length;
      const activeDays = new Set<number>();
      for (let day = firstDay; day <= today; day++) {
        // The learner: every one of the last CURRENT_STREAK_DAYS days, none the day before.
        const active =
          index === 0 && day > today - CURRENT_STREAK_DAYS - 1
            ? day > today - CURRENT_STREAK_DAYS
            : rand() < ACTIVE_DAY_SHARE;
        if (active) activeDays.add(day);
      }
      const logs = index === 0 ? LEARNER_LOGS : OTHER_LOGS;
      learners.push({ userId, cards, activeDays, logsPerActiveDay: logs / activeDays.size });
    }
  });

  let logTotal = 0;
  let learnerLogs = 0;
  let sessionTotal = 0;
  let logBatch: NewReviewLog[] = [];
  let sessionBatch: NewStudySession[] = [];
  await db.transaction().execute(async (trx) => {
    const flush = async () => {
      if (logBatch.length) await trx.insertInto('review_logs').values(logBatch).execute();
      if (sessionBatch.length) await trx.insertInto('study_sessions').values(sessionBatch).execute();
      logTotal += logBatch.length;
      sessionTotal += sessionBatch.length;
      logBatch = [];
      sessionBatch = [];
    };
    const carry = new Map<number, number>();
    for (let day = firstDay; day <= today; day++) {
      for (const learner of learners) {
        if (!learner.activeDays.has(day)) continue;
        // Whole reviews per day, the fractions carried over, so the totals come out exact.
        const due = learner.logsPerActiveDay + (carry.get(learner.userId) ?? 0);
        const count = Math.floor(due + 1e-9);
        carry.set(learner.userId, due - count);
        let correct = 0;
        for (let n = 0; n < count; n++) {
          const card = learner.cards[Math.floor(rand() * learner.cards.length * 0.9)]!; // the last 10% stay new
          const at = Math.min(now - 1000, day * MS_PER_DAY + studyTime(rand));
          const log = makeLog(learner.userId, card, at, rand);
          if (log.rating > 1) correct++;
          logBatch.push(log);
          if (learner === learners[0]) learnerLogs++;
          if (logBatch.length === INSERT_BATCH) await flush();
        }
        const end = new Date(Math.min(now - 1000, day * MS_PER_DAY + 21 * 3_600_000)).toISOString();
        sessionBatch.push({
          user_id: learner.userId,
          session_type: 'review',
          cards_studied: count,
          correct_count: correct,
          accuracy: count ? Math.round((1000 * correct) / count) / 10 : 0,
          started_at: end,
          ended_at: end,
          created_at: end,
        });
      }
    }
    await flush();
    // The logs went in directly (for speed): their per-card totals as the study repository
    // keeps them (and migration 0017 fills them in).
    await sql`
      insert into card_review_totals (card_id, user_id, reviews, remembered, time_spent_ms)
      select card_id, user_id, count(*), sum(case when rating > 1 then 1 else 0 end), sum(time_spent_ms)
      from review_logs group by card_id, user_id
    `.execute(trx);
  });
  return { logs: logTotal, learnerLogs, cards: cardTotal, sessions: sessionTotal };
}

/** Milliseconds into a UTC day: mornings and evenings, some at any hour. */
function studyTime(rand: () => number): number {
  const pick = rand();
  const hour = pick < 0.4 ? 6 + rand() * 3 : pick < 0.85 ? 18 + rand() * 4 : rand() * 24;
  return Math.floor(hour * 3_600_000);
}

/** Card `n` of `count`: the last 10% were never reviewed (no log picks them), the rest mostly in review. */
function makeCard(
  userId: number,
  n: number,
  count: number,
  sets: number[],
  stamp: string,
  now: number,
  rand: () => number,
): NewCard {
  const reviewed = n < 0.9 * count;
  const state = reviewed ? (rand() < 0.85 ? 2 : rand() < 0.5 ? 1 : 3) : 0;
  return {
    user_id: userId,
    note_guid: `n${n}`,
    question: `Card ${n}: what does term ${n} mean?`,
    answer: `Term ${n} means what chapter ${n % 40} says.`,
    difficulty_level: (n % 5) + 1,
    category_id: n % 7 === 0 ? null : sets[n % sets.length]!,
    known: n % 25 === 0,
    created_at: stamp,
    updated_at: stamp,
    state,
    // Due from three days ago to two months ahead: some of the queue is due now.
    due: state === 0 ? null : new Date(now + (rand() * 63 - 3) * MS_PER_DAY).toISOString(),
    stability: state === 0 ? 0 : 1 + rand() * 60,
    difficulty: state === 0 ? 0 : 1 + rand() * 9,
    repetitions: state === 0 ? 0 : 1 + Math.floor(rand() * 30),
    lapses: state === 0 ? 0 : Math.floor(rand() ** 3 * 8),
  };
}

function makeLog(
  userId: number,
  card: { id: number; difficulty: number },
  at: number,
  rand: () => number,
): NewReviewLog {
  // Harder cards are forgotten more often.
  const rating = rand() < 0.96 - card.difficulty * 0.04 ? 2 + Math.floor(rand() * 3) : 1;
  const reviewedAt = new Date(at).toISOString();
  const state = rand() < 0.1 ? 0 : rand() < 0.8 ? 2 : 1;
  return {
    user_id: userId,
    card_id: card.id,
    session_id: null,
    rating,
    reviewed_at: reviewedAt,
    time_spent_ms: 2_000 + Math.floor(rand() * 10_000),
    state,
    due: reviewedAt,
    stability: 5,
    difficulty: 5,
    elapsed_days: 3,
    scheduled_days: 3,
    learning_steps: 0,
    repetitions: 3,
    lapses: 0,
    last_review: null,
    sched_version: 0,
    state_after: 2,
    due_after: new Date(at + 3 * MS_PER_DAY).toISOString(),
    stability_after: 6,
    scheduled_days_after: 3,
    sched_version_after: 1,
    idempotency_key: null,
  };
}
