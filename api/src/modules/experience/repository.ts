// The experience-point ledger (see lib/experience.ts for what earns XP). Scoped to one user.
import type { Kysely } from 'kysely';
import type { Database, NewExperienceEvent } from '../../db/schema';

export class ExperienceRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async grant(event: NewExperienceEvent): Promise<void> {
    await this.db.insertInto('experience_events').values(event).execute();
  }

  /** XP granted for one review (0 when it earned none). */
  async forReview(userId: number, reviewLogId: number): Promise<number> {
    const row = await this.db
      .selectFrom('experience_events')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('amount'))
      .where('user_id', '=', userId)
      .where('review_log_id', '=', reviewLogId)
      .executeTakeFirstOrThrow();
    return Number(row.amount);
  }

  async total(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('experience_events')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('amount'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.amount);
  }
}
