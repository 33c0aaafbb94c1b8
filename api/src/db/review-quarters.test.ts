// review_quarters (migration 0018) is kept by triggers on review_logs: whatever writes or
// deletes logs, each (user, UTC quarter hour) row holds their count and the remembered ones.
import { sql } from 'kysely';
import { describeEachDb } from '../test/harness';
import { reviewLogRow } from '../test/review-log';
import type { Db } from './index';

/** The user's quarter rows, and the same counts computed from the logs. */
async function quartersAndLogs(db: Db, userId: number) {
  const kept = await db
    .selectFrom('review_quarters')
    .select(['quarter', 'reviews', 'remembered'])
    .where('user_id', '=', userId)
    .orderBy('quarter')
    .execute();
  const logs = await db
    .selectFrom('review_logs')
    .select(['reviewed_at', 'rating'])
    .where('user_id', '=', userId)
    .execute();
  const byQuarter = new Map<string, { quarter: string; reviews: number; remembered: number }>();
  for (const log of logs) {
    const at = new Date(log.reviewed_at);
    at.setUTCMinutes(Math.floor(at.getUTCMinutes() / 15) * 15, 0, 0);
    const quarter = at.toISOString();
    const row = byQuarter.get(quarter) ?? { quarter, reviews: 0, remembered: 0 };
    row.reviews += 1;
    if (log.rating > 1) row.remembered += 1;
    byQuarter.set(quarter, row);
  }
  const summed = [...byQuarter.values()].sort((a, b) => (a.quarter < b.quarter ? -1 : 1));
  return {
    kept: kept.map((row) => ({
      quarter: row.quarter,
      reviews: Number(row.reviews),
      remembered: Number(row.remembered),
    })),
    summed,
  };
}

describeEachDb('review_quarters', (ctx) => {
  const now = '2024-06-11T05:00:00.000Z';
  const addUser = async (email: string) =>
    (
      await ctx.db
        .insertInto('users')
        .values({ email, password_hash: 'x', created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const addCard = async (userId: number, guid: string) =>
    (
      await ctx.db
        .insertInto('cards')
        .values({ user_id: userId, note_guid: guid, question: 'Q', answer: 'A', created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  it('counts logs per quarter hour through inserts (one or many a statement), deletes and cascades', async () => {
    const me = await addUser('quarters.me@example.com');
    const other = await addUser('quarters.other@example.com');
    const [a, b, theirs] = [await addCard(me, 'a'), await addCard(me, 'b'), await addCard(other, 'c')];
    // Quarter edges: 05:14:59.999 and 05:15:00.000 fall in different quarters.
    const first = await ctx.db
      .insertInto('review_logs')
      .values(reviewLogRow(me, a, '2024-06-11T05:14:59.999Z', 1))
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('review_logs')
      .values([
        reviewLogRow(me, a, '2024-06-11T05:00:00.000Z', 3),
        reviewLogRow(me, b, '2024-06-11T05:15:00.000Z', 4),
        reviewLogRow(me, b, '2024-06-11T23:59:59.999Z', 2),
        reviewLogRow(other, theirs, '2024-06-11T05:01:00.000Z', 3),
      ])
      .execute();
    let state = await quartersAndLogs(ctx.db, me);
    expect(state.kept).toEqual([
      { quarter: '2024-06-11T05:00:00.000Z', reviews: 2, remembered: 1 },
      { quarter: '2024-06-11T05:15:00.000Z', reviews: 1, remembered: 1 },
      { quarter: '2024-06-11T23:45:00.000Z', reviews: 1, remembered: 1 },
    ]);
    expect(state.kept).toEqual(state.summed);

    // One log deleted: its quarter counts one less.
    await ctx.db.deleteFrom('review_logs').where('id', '=', first.id).execute();
    state = await quartersAndLogs(ctx.db, me);
    expect(state.kept[0]).toEqual({ quarter: '2024-06-11T05:00:00.000Z', reviews: 1, remembered: 1 });
    expect(state.kept).toEqual(state.summed);

    // A card deleted takes its logs (cascade) out; a quarter left empty has no row.
    await ctx.db.deleteFrom('cards').where('id', '=', b).execute();
    state = await quartersAndLogs(ctx.db, me);
    expect(state.kept).toEqual([{ quarter: '2024-06-11T05:00:00.000Z', reviews: 1, remembered: 1 }]);
    expect(state.kept).toEqual(state.summed);

    // The other learner's rows were never touched; deleting the account deletes them.
    expect((await quartersAndLogs(ctx.db, other)).kept).toEqual([
      { quarter: '2024-06-11T05:00:00.000Z', reviews: 1, remembered: 1 },
    ]);
    await ctx.db.deleteFrom('users').where('id', '=', other).execute();
    expect((await quartersAndLogs(ctx.db, other)).kept).toEqual([]);
    const { rows } = await sql<{ n: number }>`select count(*) as n from review_quarters`.execute(ctx.db);
    expect(Number(rows[0]!.n)).toBe(1);
  });
});
