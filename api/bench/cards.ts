// Card listing and search under load: the real app on a fresh SQLite file, then in a fresh
// PostgreSQL schema, each holding 200,000 cards of 40 learners, measured over loopback HTTP
// next to a bare Fastify route (the floor this machine sets for any request).
import os from 'node:os';
import type { Db } from '../src/db';
import type { NewCard } from '../src/db/schema';
import { withSearchText } from '../src/db/search-text';
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

const USERS = 40;
const CARDS_PER_USER = 5_000;
const SETS_PER_USER = 5;
// Cards arrive in import-sized blocks, users taking turns: a user's rows are spread through
// the table as in a shared database, not stored contiguously.
const BLOCK = 250;
const INSERT_BATCH = 500;
/** In every 20th card (5%): the search term. */
const SEARCH_WORD = 'photosynthesis';
const TARGET_P99_MS = 50;

const COLLEGES = ['Arts', 'Engineering', 'Medicine', 'Science'];
const CLASSES = ['BIO 101', 'CHEM 110', 'HIST 210', 'MATH 220', 'PHYS 150', 'LAW 300'];
const OWN_PASSWORD = 'benchmark password';

const benchmark: Benchmark = {
  name: 'cards',
  async run(log) {
    const bare = await startBare();
    const rows: Measurement[] = [];
    let seeded = 0;
    try {
      for (const database of benchDatabases()) {
        const result = await runOn(database, log);
        rows.push(...result.rows);
        seeded = result.cards;
      }
      rows.push(await measure(`GET ${BARE_PATH} (plain Fastify)`, `${bare.base}${BARE_PATH}`));
    } finally {
      await bare.close();
    }
    return {
      title:
        `cards: ${benchDatabases().join(' and ')}, ${seeded.toLocaleString('en')} cards of ${USERS} users, ` +
        `16 connections, ${process.env.BENCH_DURATION ?? 10} s per route, ${os.cpus().length} CPUs`,
      rows,
      notes: [
        'latencies include queueing: on SQLite 16 connections share one Node.js thread (plus the SQLite reader thread),',
        `so p99 < ${TARGET_P99_MS} ms needs roughly under ${(TARGET_P99_MS / 16).toFixed(1)} ms of work per request on the busier thread`,
        "pages are 50 cards (the API default, what the screen asks for); on SQLite search scans the user's cards once,",
        'on the reader thread, as does the count of each list; on PostgreSQL a trigram index (migration 0021) finds the candidates',
      ],
    };
  },
};

async function runOn(
  database: BenchDatabase,
  log: (line: string) => void,
): Promise<{ rows: Measurement[]; cards: number }> {
  const { base, db, close } = await startApp(database);
  try {
    const email = 'bench.learner@example.com';
    const accessToken = await signUp(base, email, OWN_PASSWORD);

    const started = Date.now();
    const { userId, cards } = await seed(db, email);
    await settle(db);
    log(
      `${database}: seeded ${cards.toLocaleString('en')} cards for ${USERS} users in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

    const headers = { authorization: `Bearer ${accessToken}` };
    const list = await fetch(`${base}/api/cards`, { headers });
    const listed = ((await list.json()) as unknown[]).length;
    const total = list.headers.get('x-total-count');
    const search = await fetch(`${base}/api/cards/search?q=${SEARCH_WORD}`, { headers });
    const found = search.headers.get('x-total-count');
    // A page 1,000 cards down the list, as reached by "Show more" (the cursor is a card id).
    const middle = await fetch(`${base}/api/cards?limit=1000`, { headers });
    const cursor = middle.headers.get('x-next-cursor');
    log(`${database}: user ${userId}: GET /api/cards returns ${listed} of ${total} cards, the search ${found} matches`);

    const target = { headers, targetP99Ms: TARGET_P99_MS };
    const rows = [
      await measure(`GET /api/cards (first ${listed} of ${total}) [${database}]`, `${base}/api/cards`, target),
      await measure(
        `GET /api/cards?before=… (1,000 cards down) [${database}]`,
        `${base}/api/cards?before=${cursor}`,
        target,
      ),
      await measure(
        `GET /api/cards?college=…&hideKnown=true [${database}]`,
        `${base}/api/cards?college=Science&hideKnown=true`,
        target,
      ),
      await measure(
        `GET /api/cards/search?q=${SEARCH_WORD} (${found} matches) [${database}]`,
        `${base}/api/cards/search?q=${SEARCH_WORD}`,
        target,
      ),
      await measure(`GET /api/cards/search?q=zzz (no match) [${database}]`, `${base}/api/cards/search?q=zzz`, target),
      await measure(
        `GET /api/cards?limit=1000 (the largest page, for comparison) [${database}]`,
        `${base}/api/cards?limit=1000`,
        { headers },
      ),
    ];
    return { rows, cards };
  } finally {
    await close();
  }
}

export default benchmark;

/**
 * The measured learner (signed up through the API) and 39 others inserted directly with the
 * same password hash (hashing 39 passwords would only slow the setup). Everyone gets 5 sets and
 * 5,000 cards; every 20th card mentions SEARCH_WORD.
 */
export async function seed(db: Db, email: string): Promise<{ userId: number; cards: number }> {
  const own = await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const userIds = [own.id, ...(await cloneUsers(db, own, USERS - 1))];

  const setsByUser = new Map<number, number[]>();
  await db.transaction().execute(async (trx) => {
    for (const userId of userIds) {
      const sets = await trx
        .insertInto('categories')
        .values(
          Array.from({ length: SETS_PER_USER }, (_, index) => ({
            user_id: userId,
            name: `Set ${index + 1}`,
            name_key: `set ${index + 1}`,
            created_at: now,
            updated_at: now,
          })),
        )
        .returning('id')
        .execute();
      setsByUser.set(
        userId,
        sets.map((set) => set.id),
      );
    }
  });

  let total = 0;
  let batch: NewCard[] = [];
  await db.transaction().execute(async (trx) => {
    const flush = async () => {
      if (batch.length) await trx.insertInto('cards').values(batch).execute();
      total += batch.length;
      batch = [];
    };
    for (let start = 0; start < CARDS_PER_USER; start += BLOCK) {
      for (const userId of userIds) {
        const sets = setsByUser.get(userId)!;
        for (let n = start; n < start + BLOCK; n++) {
          batch.push(makeCard(userId, n, sets, now));
          if (batch.length === INSERT_BATCH) await flush();
        }
      }
    }
    await flush();
  });
  return { userId: own.id, cards: total };
}

function makeCard(userId: number, n: number, sets: number[], now: string): NewCard {
  const chapter = n % 40;
  // Inserted directly (for speed), so with the search text the cards repository would store.
  return withSearchText({
    user_id: userId,
    note_guid: `n${n}`,
    question: `Chapter ${chapter}, card ${n}: what does term ${n} mean${n % 20 === 0 ? ` in ${SEARCH_WORD}` : ''}?`,
    answer: `Term ${n} is explained in chapter ${chapter}; remember the example on page ${(n * 7) % 300}.`,
    difficulty_level: (n % 5) + 1,
    tags: `chapter-${chapter},review`,
    college: COLLEGES[n % COLLEGES.length]!,
    class_name: CLASSES[n % CLASSES.length]!,
    // One card in five is unfiled; the rest are spread over the sets.
    category_id: n % 5 === 0 ? null : sets[n % sets.length]!,
    known: n % 10 === 0,
    created_at: now,
    updated_at: now,
  });
}
