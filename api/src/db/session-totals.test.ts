// user_totals' session columns (migration 0026) are kept by triggers on study_sessions: whatever
// starts, advances, ends or deletes sessions (one a statement or many, cascades included), each
// learner's row equals the sums over their sessions. Migrating a database with sessions fills it.
import { sql } from 'kysely';
import { DashboardRepository } from '../modules/dashboard/repository';
import { describeEachDb, withFreshDatabase } from '../test/harness';
import type { Db } from './index';
import { migrateToLatest } from './migrate';

const NOW = '2024-06-11T05:00:00.000Z';

/** The learner's kept session totals (zeros when there is no row) and the same sums over study_sessions. */
async function keptAndSummed(db: Db, userId: number) {
  const row = await db.selectFrom('user_totals').selectAll().where('user_id', '=', userId).executeTakeFirst();
  const kept = {
    cardsStudied: Number(row?.cards_studied ?? 0),
    accuracySum: Number(row?.accuracy_sum ?? 0),
    accuracySessions: Number(row?.accuracy_sessions ?? 0),
  };
  const sessions = await db
    .selectFrom('study_sessions')
    .select(['cards_studied', 'accuracy'])
    .where('user_id', '=', userId)
    .execute();
  const studied = sessions.filter((session) => session.cards_studied > 0);
  const summed = {
    cardsStudied: sessions.reduce((sum, session) => sum + session.cards_studied, 0),
    accuracySum: studied.reduce((sum, session) => sum + session.accuracy, 0),
    accuracySessions: studied.length,
  };
  return { kept, summed };
}

/** Equal, the accuracy sum to floating-point rounding (it is added and subtracted in steps). */
function expectEqual(state: Awaited<ReturnType<typeof keptAndSummed>>) {
  expect({ ...state.kept, accuracySum: undefined }).toEqual({ ...state.summed, accuracySum: undefined });
  expect(state.kept.accuracySum).toBeCloseTo(state.summed.accuracySum, 9);
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

const session = (userId: number, cards = 0, accuracy = 0) => ({
  user_id: userId,
  session_type: 'review' as const,
  cards_studied: cards,
  correct_count: Math.round((cards * accuracy) / 100),
  accuracy,
  started_at: NOW,
  ended_at: null,
  created_at: NOW,
});

describeEachDb('user_totals: study sessions', (ctx) => {
  it('follows sessions started, advanced, ended and deleted, one learner at a time', async () => {
    const me = await addUser(ctx.db, 'sessions.me@example.com');
    const other = await addUser(ctx.db, 'sessions.other@example.com');
    expect((await keptAndSummed(ctx.db, me)).kept).toEqual({ cardsStudied: 0, accuracySum: 0, accuracySessions: 0 });

    // A batch (an import of history), then a session started empty (it creates the row's share).
    await ctx.db
      .insertInto('study_sessions')
      .values([session(me, 10, 80), session(me, 0, 0), session(me, 4, 75), session(other, 7, 100)])
      .execute();
    const started = await ctx.db
      .insertInto('study_sessions')
      .values(session(me))
      .returning('id')
      .executeTakeFirstOrThrow();
    let state = await keptAndSummed(ctx.db, me);
    expect(state.kept).toEqual({ cardsStudied: 14, accuracySum: 155, accuracySessions: 2 });
    expectEqual(state);

    // It advances card by card (its first card makes it count for accuracy), then ends.
    for (const [cards, accuracy] of [
      [1, 100],
      [2, 50],
      [3, 66.66666666666667],
    ] as const) {
      await ctx.db
        .updateTable('study_sessions')
        .set({ cards_studied: cards, accuracy })
        .where('id', '=', started.id)
        .execute();
      expectEqual(await keptAndSummed(ctx.db, me));
    }
    await ctx.db.updateTable('study_sessions').set({ ended_at: NOW }).where('id', '=', started.id).execute();
    state = await keptAndSummed(ctx.db, me);
    expect(state.kept).toMatchObject({ cardsStudied: 17, accuracySessions: 3 });
    expect(state.kept.accuracySum / state.kept.accuracySessions).toBeCloseTo((80 + 75 + 66.66666666666667) / 3, 9);
    expectEqual(state);

    // One deleted, then all of them (several in one statement).
    await ctx.db.deleteFrom('study_sessions').where('id', '=', started.id).execute();
    expectEqual(await keptAndSummed(ctx.db, me));
    await ctx.db.deleteFrom('study_sessions').where('user_id', '=', me).execute();
    expect((await keptAndSummed(ctx.db, me)).kept).toEqual({ cardsStudied: 0, accuracySum: 0, accuracySessions: 0 });

    // The other learner was never touched; deleting that account (sessions by cascade) deletes its row, and only it.
    expect((await keptAndSummed(ctx.db, other)).kept).toEqual({
      cardsStudied: 7,
      accuracySum: 100,
      accuracySessions: 1,
    });
    await ctx.db.deleteFrom('users').where('id', '=', other).execute();
    const { rows } = await sql<{ user_id: number }>`select user_id from user_totals`.execute(ctx.db);
    expect(rows.map((row) => Number(row.user_id))).toEqual([me]);
  });

  it("gives the mean of exact accuracies exactly, whatever the kept sum's float drift", async () => {
    const me = await addUser(ctx.db, 'sessions.mean@example.com');
    await ctx.db
      .insertInto('study_sessions')
      .values([session(me, 4, 80), session(me, 4, 85)])
      .execute();
    // A session that goes through thirds and sevenths, then is deleted: the kept sum is added to
    // and taken from in steps that leave its last bits off 165.
    const passing = await ctx.db
      .insertInto('study_sessions')
      .values(session(me, 3, 66.66666666666667))
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const accuracy of [33.333333333333336, 14.285714285714286]) {
      await ctx.db.updateTable('study_sessions').set({ accuracy }).where('id', '=', passing.id).execute();
    }
    await ctx.db.deleteFrom('study_sessions').where('id', '=', passing.id).execute();
    const { studied } = await new DashboardRepository(ctx.db).learnerTotals(me);
    // 82.5 exactly, which the dashboard rounds to 83 (82.49999999999999 would give 82).
    expect(studied).toEqual({ totalCardsStudied: 8, averageAccuracy: 82.5 });
  });

  it('is filled for learners with sessions when the migration runs', async () => {
    await withFreshDatabase(ctx.dialect, async (db) => {
      await migrateToLatest(db, '0025_retention_groups');
      const learner = await addUser(db, 'history@example.com');
      const idle = await addUser(db, 'idle@example.com');
      await db
        .insertInto('study_sessions')
        .values([session(learner, 5, 60), session(learner, 0, 0), session(learner, 3, 100)])
        .execute();

      expect(await migrateToLatest(db, '0026_session_totals')).toEqual(['0026_session_totals']);
      const state = await keptAndSummed(db, learner);
      expect(state.kept).toEqual({ cardsStudied: 8, accuracySum: 160, accuracySessions: 2 });
      expectEqual(state);
      // A learner with nothing has no row (the reads count zeros).
      expect(
        await db.selectFrom('user_totals').select('user_id').where('user_id', '=', idle).executeTakeFirst(),
      ).toBeUndefined();
    });
  });
});
