// card_review_totals carries its card's difficulty, set and lapses (migration 0023), kept by
// triggers: a new totals row takes them, a card's change of any of them is copied (a deleted
// set's ON DELETE SET NULL included), and migrating a database with history fills them.
import { describeEachDb, withFreshDatabase } from '../test/harness';
import type { Db } from './index';
import { migrateToLatest } from './migrate';

const NOW = '2024-06-11T05:00:00.000Z';

/** Each of the user's totals rows next to its card's own attributes. */
async function copiedAndOwn(db: Db, userId: number) {
  const rows = await db
    .selectFrom('card_review_totals')
    .innerJoin('cards', 'cards.id', 'card_review_totals.card_id')
    .select([
      'card_review_totals.card_id',
      'card_review_totals.difficulty_level as copiedDifficulty',
      'card_review_totals.category_id as copiedCategory',
      'card_review_totals.lapses as copiedLapses',
      'cards.difficulty_level',
      'cards.category_id',
      'cards.lapses',
    ])
    .where('card_review_totals.user_id', '=', userId)
    .orderBy('card_review_totals.card_id')
    .execute();
  return {
    copied: rows.map((row) => ({
      card: row.card_id,
      difficulty: row.copiedDifficulty,
      category: row.copiedCategory,
      lapses: row.copiedLapses,
    })),
    own: rows.map((row) => ({
      card: row.card_id,
      difficulty: row.difficulty_level,
      category: row.category_id,
      lapses: row.lapses,
    })),
  };
}

async function seedLearner(db: Db, email: string) {
  const user = (
    await db
      .insertInto('users')
      .values({ email, password_hash: 'x', created_at: NOW, updated_at: NOW })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const set = (
    await db
      .insertInto('categories')
      .values({ user_id: user, name: 'Verbs', name_key: 'verbs', created_at: NOW, updated_at: NOW })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const cards = await db
    .insertInto('cards')
    .values([
      {
        user_id: user,
        note_guid: 'a',
        question: 'A',
        answer: 'a',
        difficulty_level: 4,
        category_id: set,
        lapses: 2,
        created_at: NOW,
        updated_at: NOW,
      },
      {
        user_id: user,
        note_guid: 'b',
        question: 'B',
        answer: 'b',
        difficulty_level: 1,
        category_id: null,
        lapses: 0,
        created_at: NOW,
        updated_at: NOW,
      },
    ])
    .returning('id')
    .execute();
  return { user, set, cards: cards.map((card) => card.id) };
}

const totals = (user: number, card: number) => ({
  card_id: card,
  user_id: user,
  reviews: 2,
  remembered: 1,
  time_spent_ms: 10,
});

describeEachDb('card_review_totals attributes', (ctx) => {
  it('takes the card’s difficulty, set and lapses when written, and follows every change of the card', async () => {
    const { user, set, cards } = await seedLearner(ctx.db, 'attributes@example.com');
    const [a, b] = cards as [number, number];
    await ctx.db
      .insertInto('card_review_totals')
      .values([totals(user, a), totals(user, b)])
      .execute();
    let state = await copiedAndOwn(ctx.db, user);
    expect(state.copied).toEqual([
      { card: a, difficulty: 4, category: set, lapses: 2 },
      { card: b, difficulty: 1, category: null, lapses: 0 },
    ]);

    // An upsert of an existing row (a second review) keeps them; a lapse, an edit and a move follow.
    await ctx.db
      .insertInto('card_review_totals')
      .values(totals(user, a))
      .onConflict((conflict) => conflict.column('card_id').doUpdateSet({ reviews: 9 }))
      .execute();
    await ctx.db.updateTable('cards').set({ lapses: 3 }).where('id', '=', a).execute();
    await ctx.db.updateTable('cards').set({ difficulty_level: 5, category_id: set }).where('id', '=', b).execute();
    state = await copiedAndOwn(ctx.db, user);
    expect(state.copied).toEqual([
      { card: a, difficulty: 4, category: set, lapses: 3 },
      { card: b, difficulty: 5, category: set, lapses: 0 },
    ]);
    expect(state.copied).toEqual(state.own);

    // The set deleted: its cards become unfiled (ON DELETE SET NULL), and so do their totals.
    await ctx.db.deleteFrom('categories').where('id', '=', set).execute();
    state = await copiedAndOwn(ctx.db, user);
    expect(state.copied.map((row) => row.category)).toEqual([null, null]);
    expect(state.copied).toEqual(state.own);
  });

  it('is filled from the cards when the migration runs', async () => {
    await withFreshDatabase(ctx.dialect, async (db) => {
      await migrateToLatest(db, '0022_user_totals');
      const { user, set, cards } = await seedLearner(db, 'history@example.com');
      // Before 0023 the table has none of the copied columns.
      const early = db as unknown as Db;
      await early
        .insertInto('card_review_totals')
        .values(cards.map((card) => totals(user, card)))
        .execute();

      expect(await migrateToLatest(db, '0023_card_review_totals_attributes')).toEqual([
        '0023_card_review_totals_attributes',
      ]);
      const state = await copiedAndOwn(db, user);
      expect(state.copied).toEqual([
        { card: cards[0], difficulty: 4, category: set, lapses: 2 },
        { card: cards[1], difficulty: 1, category: null, lapses: 0 },
      ]);
    });
  });
});
