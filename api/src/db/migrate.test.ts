import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql, type Kysely } from 'kysely';
import type { DatabaseConfig } from '../config';
import { localDayNumber } from '../lib/time';
import { createIsolatedDatabase, describeEachDb, makeTempDir } from '../test/harness';
import { isUniqueViolation } from './errors';
import { createDb } from './index';
import { migrateToLatest } from './migrate';
import { migrationsFor } from './migrations';
import { cardSearchText } from './search-text';

/** Every migration by name, in the order they run. */
const ALL_MIGRATIONS = Object.keys(migrationsFor('sqlite')).sort();

describeEachDb('database migrations', (ctx) => {
  it('has applied every migration, and running again does nothing', async () => {
    const tables = (await ctx.db.introspection.getTables()).map((table) => table.name);
    expect(tables).toEqual(
      expect.arrayContaining([
        'users',
        'refresh_tokens',
        'study_sessions',
        'user_settings',
        'categories',
        'cards',
        'review_logs',
        'experience_events',
        'user_achievements',
        'daily_bonus_claims',
        'token_ledger',
        'notifications',
      ]),
    );
    expect(await migrateToLatest(ctx.db)).toEqual([]);
  });

  it('can run from several instances at once on a fresh database', async () => {
    const dir = makeTempDir('flashcards-migrate-');
    const database = await createIsolatedDatabase(ctx.dialect, dir);
    try {
      // Separate processes for SQLite (its locking is per process and synchronous), separate
      // connection pools for PostgreSQL: the situation of several server instances starting.
      const applied =
        database.config.client === 'sqlite'
          ? await Promise.all([1, 2, 3].map(() => migrateInChildProcess((database.config as { file: string }).file)))
          : await migrateWithSeparatePools(database.config, 3);
      // Exactly one instance did the work; the others waited and found nothing left.
      expect(applied.flat().sort()).toEqual(ALL_MIGRATIONS);
      const db = createDb(database.config);
      try {
        const tables = (await db.introspection.getTables()).map((table) => table.name);
        expect(tables).toEqual(expect.arrayContaining(['users', 'study_sessions']));
      } finally {
        await db.destroy();
      }
    } finally {
      await database.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fills the search text of cards written before 0007, lower-cased in JavaScript', async () => {
    const dir = makeTempDir('flashcards-migrate-');
    const database = await createIsolatedDatabase(ctx.dialect, dir);
    const db = createDb(database.config);
    try {
      expect(await migrateToLatest(db, '0006_statistics')).toContain('0006_statistics');
      const now = new Date().toISOString();
      const user = await db
        .insertInto('users')
        .values({ email: 'old@example.com', password_hash: 'x', created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      // More than one batch of the backfill, and letters only JavaScript folds on SQLite.
      const cards = Array.from({ length: 1_205 }, (_, n) => ({
        user_id: user.id,
        question: n === 7 ? 'ÉTOILE Über' : `Question ${n}`,
        answer: `Answer ${n}`,
        tags: n % 2 ? null : 'Tag',
        created_at: now,
        updated_at: now,
      }));
      // Rows as the schema of migration 0006 had them (no note_guid yet).
      const early = db as unknown as Kysely<any>;
      await early.insertInto('cards').values(cards.slice(0, 600)).execute();
      await early.insertInto('cards').values(cards.slice(600)).execute();

      expect(await migrateToLatest(db)).toEqual(ALL_MIGRATIONS.filter((name) => name >= '0007'));
      const rows = await db
        .selectFrom('cards')
        .select(['question', 'answer', 'tags', 'search_text'])
        .orderBy('id')
        .execute();
      expect(rows).toHaveLength(1_205);
      for (const row of rows) expect(row.search_text).toBe(cardSearchText(row));
      expect(rows[7]!.search_text).toBe('étoile über\u001fanswer 7\u001f');
    } finally {
      await db.destroy();
      await database.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('sums the review history written before 0017 into card_review_totals and review_quarters', async () => {
    const dir = makeTempDir('flashcards-migrate-');
    const database = await createIsolatedDatabase(ctx.dialect, dir);
    const db = createDb(database.config);
    try {
      await migrateToLatest(db, '0016_account_time_zone');
      const now = new Date().toISOString();
      const early = db as unknown as Kysely<any>;
      const users = await early
        .insertInto('users')
        .values(
          ['a', 'b'].map((name) => ({
            email: `${name}@example.com`,
            password_hash: 'x',
            created_at: now,
            updated_at: now,
          })),
        )
        .returning('id')
        .execute();
      const cards = await early
        .insertInto('cards')
        .values(
          [0, 0, 1].map((owner, n) => ({
            user_id: users[owner]!.id,
            note_guid: `n${n}`,
            question: `Q${n}`,
            answer: 'A',
            created_at: now,
            updated_at: now,
          })),
        )
        .returning(['id', 'user_id'])
        .execute();
      const log = (card: { id: number; user_id: number }, rating: number, time: number) => ({
        user_id: card.user_id,
        card_id: card.id,
        rating,
        reviewed_at: now,
        time_spent_ms: time,
        state: 0,
        due: null,
        stability: 0,
        difficulty: 0,
        elapsed_days: 0,
        scheduled_days: 0,
        learning_steps: 0,
        repetitions: 0,
        lapses: 0,
        sched_version: 0,
        state_after: 1,
        due_after: now,
        stability_after: 1,
        scheduled_days_after: 0,
        sched_version_after: 1,
      });
      // Card 0: Again, Good, Easy; card 1: none; card 2 (the other user): Hard.
      await early
        .insertInto('review_logs')
        .values([log(cards[0]!, 1, 100), log(cards[0]!, 3, 200), log(cards[0]!, 4, 300), log(cards[2]!, 2, 50)])
        .execute();

      expect(await migrateToLatest(db)).toEqual(ALL_MIGRATIONS.filter((name) => name >= '0017'));
      const rows = await db.selectFrom('card_review_totals').selectAll().orderBy('card_id').execute();
      expect(rows.map((row) => ({ ...row, time_spent_ms: Number(row.time_spent_ms) }))).toEqual([
        // 0023 copies each card's difficulty, set and lapses onto its row.
        {
          card_id: cards[0]!.id,
          user_id: users[0]!.id,
          reviews: 3,
          remembered: 2,
          time_spent_ms: 600,
          difficulty_level: 1,
          category_id: null,
          lapses: 0,
        },
        {
          card_id: cards[2]!.id,
          user_id: users[1]!.id,
          reviews: 1,
          remembered: 1,
          time_spent_ms: 50,
          difficulty_level: 1,
          category_id: null,
          lapses: 0,
        },
      ]);
      const quarter = new Date(Math.floor(Date.parse(now) / 900_000) * 900_000).toISOString();
      const quarters = await db.selectFrom('review_quarters').selectAll().orderBy('user_id').execute();
      expect(quarters).toEqual([
        { user_id: users[0]!.id, quarter, reviews: 3, remembered: 2 },
        { user_id: users[1]!.id, quarter, reviews: 1, remembered: 1 },
      ]);
    } finally {
      await db.destroy();
      await database.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives the card search a trigram index on PostgreSQL (SQLite keeps its covering index)', async () => {
    if (ctx.dialect === 'postgres') {
      const { rows } = await sql<{
        indexdef: string;
      }>`select indexdef from pg_indexes where tablename = 'cards' and indexname = 'cards_user_search_trgm_idx' and schemaname = current_schema()`.execute(
        ctx.db,
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]!.indexdef).toMatch(/USING gin \(user_id, search_text public\.gin_trgm_ops\)/);
      // Whether the planner takes it depends on the table's size (at 5,000 cards per learner in
      // 200,000 it does: `npm run bench -- cards`); here: it exists, with the trigram operator class.
    } else {
      const indexes = await sql<{
        name: string;
      }>`select name from sqlite_master where type = 'index' and tbl_name = 'cards'`.execute(ctx.db);
      expect(indexes.rows.map((row) => row.name)).toEqual(expect.arrayContaining(['cards_user_search_idx']));
    }
  });

  it('computes local_day_number in SQL exactly as the JavaScript helper does', async () => {
    const instants = [
      '2024-03-10T09:59:59.000Z', // just before the US DST change
      '2024-03-10T10:00:00.000Z',
      '2024-10-27T00:30:00.000Z', // European DST ends that night
      '2024-06-11T23:45:00.000Z',
      '2024-12-31T23:59:59.999Z',
    ];
    const zones = [
      'UTC',
      'America/New_York',
      'Europe/Berlin',
      'Asia/Kolkata',
      'Pacific/Chatham',
      'Etc/GMT+12',
      'Pacific/Kiritimati',
    ];
    for (const instant of instants) {
      for (const zone of zones) {
        const { rows } = await sql<{ day: number }>`select local_day_number(${instant}, ${zone}) as day`.execute(
          ctx.db,
        );
        expect({ instant, zone, day: Number(rows[0]!.day) }).toEqual({
          instant,
          zone,
          day: localDayNumber(new Date(instant), zone),
        });
      }
    }
  });

  it('enforces the constraints the code relies on', async () => {
    // Compare driver error codes: better-sqlite3's errors come from whichever jest module
    // registry loaded the native addon first, so instanceof/toThrow cannot be trusted here.
    const errorOf = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (error: unknown) => error,
      );
    const now = new Date().toISOString();
    const user = { email: 'constraint@example.com', password_hash: 'x', created_at: now, updated_at: now };
    await ctx.db.insertInto('users').values(user).execute();

    const duplicate = await errorOf(ctx.db.insertInto('users').values(user).execute());
    expect(isUniqueViolation(duplicate)).toBe(true);

    const badRole = await errorOf(
      ctx.db
        .insertInto('users')
        .values({ ...user, email: 'other@example.com', role: 'root' as never })
        .execute(),
    );
    expect((badRole as { code?: string } | null)?.code).toMatch(/^(SQLITE_CONSTRAINT_CHECK|23514)$/);
  });
});

const TSX = path.resolve(__dirname, '../../../node_modules/.bin/tsx');

async function migrateInChildProcess(file: string): Promise<string[]> {
  const { stdout } = await promisify(execFile)(TSX, [path.join(__dirname, '../test/migrate-worker.ts'), file]);
  return JSON.parse(stdout) as string[];
}

async function migrateWithSeparatePools(database: DatabaseConfig, count: number): Promise<string[][]> {
  const handles = Array.from({ length: count }, () => createDb(database));
  try {
    return await Promise.all(handles.map((db) => migrateToLatest(db)));
  } finally {
    await Promise.all(handles.map((db) => db.destroy()));
  }
}
