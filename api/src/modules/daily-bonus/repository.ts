// SQL over daily bonus claims. Scoped to one user.
import type { Kysely } from 'kysely';
import type { DailyBonusClaimRow, Database, NewDailyBonusClaim } from '../../db/schema';

export class DailyBonusRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The claim of the latest local day (served by the unique (user_id, claim_day) index). */
  latest(userId: number): Promise<DailyBonusClaimRow | undefined> {
    return this.db
      .selectFrom('daily_bonus_claims')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('claim_day', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Throws a unique violation when this user already claimed on that day. */
  async insert(claim: NewDailyBonusClaim): Promise<number> {
    const row = await this.db.insertInto('daily_bonus_claims').values(claim).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }
}
