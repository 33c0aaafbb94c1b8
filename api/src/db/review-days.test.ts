// review_days (migration 0024) is kept by triggers on review_quarters: whatever writes or
// deletes review logs, each (user, UTC day) row holds the first and last reviewed quarter hour
// of that day, and a day without reviews has none. Migrating a database with history fills it.
import { describeEachDb, withFreshDatabase } from '../test/harness';
import { reviewLogRow } from '../test/review-log';
import type { Db } from './index';
import { migrateToLatest } from './migrate';

const NOW = '2024-06-11T05:00:00.000Z';

/** The user's review_days rows, and the same computed from review_quarters. */
async function keptAndComputed(db: Db, userId: number) {
  const kept = await db
    .selectFrom('review_days')
    .select(['day', 'first_quarter', 'last_quarter'])
    .where('user_id', '=', userId)
    .orderBy('day')
    .execute();
  const quarters = await db
    .selectFrom('review_quarters')
    .select('quarter')
    .where('user_id', '=', userId)
    .orderBy('quarter')
    .execute();
  const byDay = new Map<string, { day: string; first_quarter: string; last_quarter: string }>();
  for (const { quarter } of quarters) {
    const day = quarter.slice(0, 10);
    const row = byDay.get(day);
    if (row) row.last_quarter = quarter;
    else byDay.set(day, { day, first_quarter: quarter, last_quarter: quarter });
  }
  return { kept, computed: [...byDay.values()] };
}

async function learner(db: Db, email: string) {
  const user = (
    await db
      .insertInto('users')
      .values({ email, password_hash: 'x', created_at: NOW, updated_at: NOW })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const cards = await db
    .insertInto('cards')
    .values(
      ['a', 'b'].map((guid) => ({
        user_id: user,
        note_guid: guid,
        question: 'Q',
        answer: 'A',
        created_at: NOW,
        updated_at: NOW,
      })),
    )
    .returning('id')
    .execute();
  return { user, cards: cards.map((card) => card.id) as [number, number] };
}

describeEachDb('review_days', (ctx) => {
  it('keeps each UTC day’s first and last reviewed quarter through inserts, deletes and cascades', async () => {
    const me = await learner(ctx.db, 'days.me@example.com');
    const other = await learner(ctx.db, 'days.other@example.com');
    const [a, b] = me.cards;
    await ctx.db
      .insertInto('review_logs')
      .values([
        reviewLogRow(me.user, a, '2024-06-11T05:14:59.999Z', 3),
        reviewLogRow(me.user, a, '2024-06-11T00:00:00.000Z', 1),
        reviewLogRow(me.user, b, '2024-06-11T23:59:59.999Z', 4),
        reviewLogRow(me.user, b, '2024-06-12T00:00:00.000Z', 2),
        reviewLogRow(other.user, other.cards[0], '2024-06-11T12:00:00.000Z', 3),
      ])
      .execute();
    const late = await ctx.db
      .insertInto('review_logs')
      .values(reviewLogRow(me.user, a, '2024-06-12T13:31:00.000Z', 3))
      .returning('id')
      .executeTakeFirstOrThrow();
    let state = await keptAndComputed(ctx.db, me.user);
    expect(state.kept).toEqual([
      { day: '2024-06-11', first_quarter: '2024-06-11T00:00:00.000Z', last_quarter: '2024-06-11T23:45:00.000Z' },
      { day: '2024-06-12', first_quarter: '2024-06-12T00:00:00.000Z', last_quarter: '2024-06-12T13:30:00.000Z' },
    ]);
    expect(state.kept).toEqual(state.computed);

    // Undo of the day's last review: the day ends earlier again.
    await ctx.db.deleteFrom('review_logs').where('id', '=', late.id).execute();
    state = await keptAndComputed(ctx.db, me.user);
    expect(state.kept[1]).toEqual({
      day: '2024-06-12',
      first_quarter: '2024-06-12T00:00:00.000Z',
      last_quarter: '2024-06-12T00:00:00.000Z',
    });
    expect(state.kept).toEqual(state.computed);

    // A card deleted takes its logs: the 12th is left without reviews and goes; the 11th narrows.
    await ctx.db.deleteFrom('cards').where('id', '=', b).execute();
    state = await keptAndComputed(ctx.db, me.user);
    expect(state.kept).toEqual([
      { day: '2024-06-11', first_quarter: '2024-06-11T00:00:00.000Z', last_quarter: '2024-06-11T05:00:00.000Z' },
    ]);
    expect(state.kept).toEqual(state.computed);

    // The other learner's day was never touched; deleting the account deletes it.
    expect((await keptAndComputed(ctx.db, other.user)).kept).toEqual([
      { day: '2024-06-11', first_quarter: '2024-06-11T12:00:00.000Z', last_quarter: '2024-06-11T12:00:00.000Z' },
    ]);
    await ctx.db.deleteFrom('users').where('id', '=', other.user).execute();
    expect((await keptAndComputed(ctx.db, other.user)).kept).toEqual([]);
  });

  it('is filled from the review history when the migration runs', async () => {
    await withFreshDatabase(ctx.dialect, async (db) => {
      await migrateToLatest(db, '0023_card_review_totals_attributes');
      const { user, cards } = await learner(db, 'history@example.com');
      await db
        .insertInto('review_logs')
        .values([
          reviewLogRow(user, cards[0], '2024-06-10T22:50:00.000Z', 3),
          reviewLogRow(user, cards[1], '2024-06-10T08:01:00.000Z', 1),
        ])
        .execute();
      expect(await migrateToLatest(db, '0024_review_days')).toEqual(['0024_review_days']);
      const state = await keptAndComputed(db, user);
      expect(state.kept).toEqual([
        { day: '2024-06-10', first_quarter: '2024-06-10T08:00:00.000Z', last_quarter: '2024-06-10T22:45:00.000Z' },
      ]);
      expect(state.kept).toEqual(state.computed);
    });
  });
});
