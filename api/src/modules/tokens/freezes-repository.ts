// Streak freezes (migration 0039), scoped to one learner: bought with tokens (tokens/service.ts),
// used for a missed day by the streak computation (dashboard, through its StreakFreezes).
import type { Kysely } from 'kysely';
import { dialectOf } from '../../db';
import { isUniqueViolation } from '../../db/errors';
import type { Database } from '../../db/schema';

export class StreakFreezesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * In a transaction on PostgreSQL, locks the learner's row until it ends, so two purchases of
   * one learner run one after the other and each reads the balance the other left (SQLite has
   * one writer: its transactions already do).
   */
  async lockLearner(userId: number): Promise<void> {
    if (!this.db.isTransaction || dialectOf(this.db) !== 'postgres') return;
    await this.db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  }

  async held(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('streak_freezes')
      .select((eb) => eb.fn.countAll<number>().as('held'))
      .where('user_id', '=', userId)
      .where('used_on', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.held);
  }

  async add(userId: number, boughtAt: string): Promise<number> {
    const row = await this.db
      .insertInto('streak_freezes')
      .values({ user_id: userId, bought_at: boughtAt, used_on: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** The held freezes' purchase times, oldest first (the order they are used in). */
  async unused(userId: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('streak_freezes')
      .select('bought_at')
      .where('user_id', '=', userId)
      .where('used_on', 'is', null)
      .orderBy('bought_at')
      .orderBy('id')
      .execute();
    return rows.map((row) => row.bought_at);
  }

  /** The local dates (YYYY-MM-DD) freezes kept, from `from` to `to` inclusive (null: no bound). */
  async usedOn(userId: number, from: string | null, to: string): Promise<string[]> {
    let query = this.db
      .selectFrom('streak_freezes')
      .select('used_on')
      .where('user_id', '=', userId)
      .where('used_on', 'is not', null)
      .where('used_on', '<=', to);
    if (from !== null) query = query.where('used_on', '>=', from);
    const rows = await query.orderBy('used_on').execute();
    return rows.map((row) => row.used_on!);
  }

  /** The newest local date a freeze kept; null before any was used. */
  async lastUsedOn(userId: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('streak_freezes')
      .select((eb) => eb.fn.max('used_on').as('last'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.last ?? null;
  }

  /**
   * Uses the oldest held freeze bought before `boughtBefore` for the local date `date`. True
   * when `date` is kept afterwards, by this call or by a request that got there first (the
   * unique (user_id, used_on) index lets one freeze keep a day, however many requests race).
   */
  async use(userId: number, date: string, boughtBefore: string): Promise<boolean> {
    try {
      await this.db
        .updateTable('streak_freezes')
        .set({ used_on: date })
        .where('used_on', 'is', null)
        .where('id', '=', (eb) =>
          eb
            .selectFrom('streak_freezes')
            .select('id')
            .where('user_id', '=', userId)
            .where('used_on', 'is', null)
            .where('bought_at', '<', boughtBefore)
            .orderBy('bought_at')
            .orderBy('id')
            .limit(1),
        )
        .execute();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    const kept = await this.usedOn(userId, date, date);
    return kept.length > 0;
  }
}
