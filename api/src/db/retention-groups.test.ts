// retention_groups (migration 0025) is kept by triggers on card_review_totals: whatever adds,
// changes, moves or deletes a card's totals (a review, an undo, an edit of the card's
// difficulty or set, a deleted set, card or account), each (learner, difficulty, set) group
// holds the sums over that learner's reviewed cards in it. Migrating fills it.
import { describeEachDb, withFreshDatabase } from '../test/harness';
import type { Db } from './index';
import { migrateToLatest } from './migrate';

const NOW = '2024-06-11T05:00:00.000Z';

/** The learner's non-empty groups, and the same sums computed from card_review_totals. */
async function keptAndSummed(db: Db, userId: number) {
  const kept = (
    await db
      .selectFrom('retention_groups')
      .select(['difficulty_level', 'category_key', 'reviews', 'remembered'])
      .where('user_id', '=', userId)
      .where('reviews', '>', 0)
      .execute()
  ).map((row) => `${row.difficulty_level}/${row.category_key}: ${row.remembered} of ${row.reviews}`);
  const summed = new Map<string, { reviews: number; remembered: number }>();
  for (const row of await db
    .selectFrom('card_review_totals')
    .select(['difficulty_level', 'category_id', 'reviews', 'remembered'])
    .where('user_id', '=', userId)
    .execute()) {
    const group = `${row.difficulty_level}/${row.category_id ?? 0}`;
    const sums = summed.get(group) ?? { reviews: 0, remembered: 0 };
    sums.reviews += Number(row.reviews);
    sums.remembered += Number(row.remembered);
    summed.set(group, sums);
  }
  return {
    kept: kept.sort(),
    summed: [...summed].map(([group, sums]) => `${group}: ${sums.remembered} of ${sums.reviews}`).sort(),
  };
}

async function learner(db: Db, email: string) {
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
  const card = (difficulty: number, category: number | null, guid: string) => ({
    user_id: user,
    note_guid: guid,
    question: 'Q',
    answer: 'A',
    difficulty_level: difficulty,
    category_id: category,
    created_at: NOW,
    updated_at: NOW,
  });
  const cards = await db
    .insertInto('cards')
    .values([card(2, set, 'a'), card(2, set, 'b'), card(3, null, 'c')])
    .returning('id')
    .execute();
  return { user, set, cards: cards.map((row) => row.id) as [number, number, number] };
}

const totals = (user: number, card: number, reviews: number, remembered: number) => ({
  card_id: card,
  user_id: user,
  reviews,
  remembered,
  time_spent_ms: 0,
});

describeEachDb('retention_groups', (ctx) => {
  it('follows reviews, undo, edits of difficulty and set, and deleted sets, cards and accounts', async () => {
    const me = await learner(ctx.db, 'groups.me@example.com');
    const other = await learner(ctx.db, 'groups.other@example.com');
    const [a, b, c] = me.cards;
    // An import (many rows a statement), then a review of a card already reviewed (an upsert).
    await ctx.db
      .insertInto('card_review_totals')
      .values([totals(me.user, a, 4, 3), totals(me.user, b, 2, 1), totals(me.user, c, 5, 5)])
      .execute();
    await ctx.db
      .insertInto('card_review_totals')
      .values(totals(other.user, other.cards[0], 1, 0))
      .execute();
    await ctx.db
      .insertInto('card_review_totals')
      .values(totals(me.user, a, 1, 0))
      .onConflict((conflict) =>
        conflict.column('card_id').doUpdateSet({ reviews: (eb) => eb('card_review_totals.reviews', '+', 1) }),
      )
      .execute();
    let state = await keptAndSummed(ctx.db, me.user);
    expect(state.kept).toEqual([`2/${me.set}: 4 of 7`, '3/0: 5 of 5']);
    expect(state.kept).toEqual(state.summed);

    // An undo (a row's sums go down), a card made harder, a card moved out of its set.
    await ctx.db
      .updateTable('card_review_totals')
      .set({ reviews: 1, remembered: 1 })
      .where('card_id', '=', c)
      .execute();
    await ctx.db.updateTable('cards').set({ difficulty_level: 5 }).where('id', '=', a).execute();
    await ctx.db.updateTable('cards').set({ category_id: null }).where('id', '=', b).execute();
    state = await keptAndSummed(ctx.db, me.user);
    expect(state.kept).toEqual(['2/0: 1 of 2', '3/0: 1 of 1', `5/${me.set}: 3 of 5`]);
    expect(state.kept).toEqual(state.summed);

    // The set deleted (its cards unfiled), then a card deleted with its totals.
    await ctx.db.deleteFrom('categories').where('id', '=', me.set).execute();
    await ctx.db.deleteFrom('cards').where('id', '=', c).execute();
    state = await keptAndSummed(ctx.db, me.user);
    expect(state.kept).toEqual(['2/0: 1 of 2', '5/0: 3 of 5']);
    expect(state.kept).toEqual(state.summed);

    // Deleting an account whose reviewed cards are in a set deletes its groups and creates none.
    await ctx.db.deleteFrom('users').where('id', '=', other.user).execute();
    const left = await ctx.db.selectFrom('retention_groups').select('user_id').distinct().execute();
    expect(left.map((row) => row.user_id)).toEqual([me.user]);
  });

  it('is filled from the per-card totals when the migration runs', async () => {
    await withFreshDatabase(ctx.dialect, async (db) => {
      await migrateToLatest(db, '0024_review_days');
      const { user, set, cards } = await learner(db, 'history@example.com');
      await db
        .insertInto('card_review_totals')
        .values([totals(user, cards[0], 3, 2), totals(user, cards[1], 1, 1), totals(user, cards[2], 2, 0)])
        .execute();
      expect(await migrateToLatest(db, '0025_retention_groups')).toEqual(['0025_retention_groups']);
      const state = await keptAndSummed(db, user);
      expect(state.kept).toEqual([`2/${set}: 3 of 4`, '3/0: 0 of 2']);
      expect(state.kept).toEqual(state.summed);
    });
  });
});
