// user_totals (migration 0022) is kept by triggers on cards and review_logs: whatever writes,
// changes or deletes them (one row or many a statement, cascades included), each learner's row
// equals the sums over their cards and logs. Migrating a database with history fills it.
import { sql } from 'kysely';
import { describeEachDb, withFreshDatabase } from '../test/harness';
import { reviewLogRow } from '../test/review-log';
import type { Db } from './index';
import { migrateToLatest } from './migrate';

const NOW = '2024-06-11T05:00:00.000Z';

/** The learner's kept row (zeros when there is none) and the same totals computed from the tables. */
async function keptAndSummed(db: Db, userId: number) {
  const row = await db.selectFrom('user_totals').selectAll().where('user_id', '=', userId).executeTakeFirst();
  const kept = {
    reviews: Number(row?.reviews ?? 0),
    remembered: Number(row?.remembered ?? 0),
    timeSpentMs: Number(row?.time_spent_ms ?? 0),
    cards: [
      row?.cards,
      row?.new_cards,
      row?.learning_cards,
      row?.review_cards,
      row?.relearning_cards,
      row?.known_cards,
    ].map((n) => Number(n ?? 0)),
  };
  const logs = await db
    .selectFrom('review_logs')
    .select(['rating', 'time_spent_ms'])
    .where('user_id', '=', userId)
    .execute();
  const cards = await db.selectFrom('cards').select(['state', 'known']).where('user_id', '=', userId).execute();
  const summed = {
    reviews: logs.length,
    remembered: logs.filter((log) => log.rating > 1).length,
    timeSpentMs: logs.reduce((sum, log) => sum + Number(log.time_spent_ms), 0),
    cards: [
      cards.length,
      ...[0, 1, 2, 3].map((state) => cards.filter((card) => card.state === state).length),
      cards.filter((card) => Boolean(card.known)).length,
    ],
  };
  return { kept, summed };
}

async function addUser(db: Db, email: string): Promise<number> {
  return (
    await db
      .insertInto('users')
      .values({ email, password_hash: 'x', created_at: NOW, updated_at: NOW })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

async function addCards(db: Db, userId: number, guids: string[]): Promise<number[]> {
  const rows = await db
    .insertInto('cards')
    .values(
      guids.map((guid) => ({
        user_id: userId,
        note_guid: guid,
        question: 'Q',
        answer: 'A',
        created_at: NOW,
        updated_at: NOW,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

describeEachDb('user_totals', (ctx) => {
  it('follows inserts, state and known changes, deletes and cascades, one learner at a time', async () => {
    const me = await addUser(ctx.db, 'totals.me@example.com');
    const other = await addUser(ctx.db, 'totals.other@example.com');
    expect((await keptAndSummed(ctx.db, me)).kept.cards).toEqual([0, 0, 0, 0, 0, 0]);

    // Many cards in one statement (an import), one alone (a card created in the editor).
    const [a, b, c] = await addCards(ctx.db, me, ['a', 'b', 'c']);
    const [d] = await addCards(ctx.db, me, ['d']);
    const [theirs] = await addCards(ctx.db, other, ['t']);
    let state = await keptAndSummed(ctx.db, me);
    expect(state.kept.cards).toEqual([4, 4, 0, 0, 0, 0]);
    expect(state.kept).toEqual(state.summed);

    // Reviewed cards change state; one is marked known; an edit that changes neither counts nothing.
    await ctx.db.updateTable('cards').set({ state: 2 }).where('id', 'in', [a!, b!]).execute();
    await ctx.db.updateTable('cards').set({ state: 1 }).where('id', '=', c!).execute();
    await ctx.db.updateTable('cards').set({ known: true }).where('id', '=', d!).execute();
    await ctx.db.updateTable('cards').set({ state: 3, known: true }).where('id', '=', b!).execute();
    await ctx.db.updateTable('cards').set({ question: 'Edited' }).where('id', '=', a!).execute();
    state = await keptAndSummed(ctx.db, me);
    expect(state.kept.cards).toEqual([4, 1, 1, 1, 1, 2]);
    expect(state.kept).toEqual(state.summed);

    // Logs: a batch, a single one, then one deleted (undo).
    await ctx.db
      .insertInto('review_logs')
      .values([
        reviewLogRow(me, a!, NOW, 3),
        reviewLogRow(me, a!, NOW, 1),
        reviewLogRow(me, b!, NOW, 4),
        reviewLogRow(other, theirs!, NOW, 3),
      ])
      .execute();
    const undone = await ctx.db
      .insertInto('review_logs')
      .values(reviewLogRow(me, c!, NOW, 2))
      .returning('id')
      .executeTakeFirstOrThrow();
    state = await keptAndSummed(ctx.db, me);
    expect(state.kept).toMatchObject({ reviews: 4, remembered: 3, timeSpentMs: 4000 });
    expect(state.kept).toEqual(state.summed);
    await ctx.db.deleteFrom('review_logs').where('id', '=', undone.id).execute();
    state = await keptAndSummed(ctx.db, me);
    expect(state.kept).toMatchObject({ reviews: 3, remembered: 2 });
    expect(state.kept).toEqual(state.summed);

    // A card deleted takes its logs with it (cascade).
    await ctx.db.deleteFrom('cards').where('id', '=', a!).execute();
    state = await keptAndSummed(ctx.db, me);
    expect(state.kept).toMatchObject({ reviews: 1, remembered: 1, cards: [3, 1, 1, 0, 1, 2] });
    expect(state.kept).toEqual(state.summed);

    // The other learner was never touched; deleting that account deletes its row, and only it.
    expect((await keptAndSummed(ctx.db, other)).kept).toEqual({
      reviews: 1,
      remembered: 1,
      timeSpentMs: 1000,
      cards: [1, 1, 0, 0, 0, 0],
    });
    await ctx.db.deleteFrom('users').where('id', '=', other).execute();
    const { rows } = await sql<{ user_id: number }>`select user_id from user_totals`.execute(ctx.db);
    expect(rows.map((row) => Number(row.user_id))).toEqual([me]);
  });

  it('is filled for learners with history when the migration runs', async () => {
    await withFreshDatabase(ctx.dialect, async (db) => {
      await migrateToLatest(db, '0021_card_search_trigram');
      const learner = await addUser(db, 'history@example.com');
      const idle = await addUser(db, 'idle@example.com');
      const [x, y] = await addCards(db, learner, ['x', 'y']);
      await db.updateTable('cards').set({ state: 2, known: true }).where('id', '=', x!).execute();
      await db
        .insertInto('review_logs')
        .values([reviewLogRow(learner, x!, NOW, 1), reviewLogRow(learner, y!, NOW, 3)])
        .execute();

      expect(await migrateToLatest(db, '0022_user_totals')).toEqual(['0022_user_totals']);
      const state = await keptAndSummed(db, learner);
      expect(state.kept).toEqual({ reviews: 2, remembered: 1, timeSpentMs: 2000, cards: [2, 1, 0, 1, 0, 1] });
      expect(state.kept).toEqual(state.summed);
      // A learner with nothing has no row (the reads count zeros).
      expect(
        await db.selectFrom('user_totals').select('user_id').where('user_id', '=', idle).executeTakeFirst(),
      ).toBeUndefined();
    });
  });
});
