// SQL of the load balancer (load-balancer.ts): how many of a learner's cards are due on each of a
// few local days. Scoped to one user.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { DayRange } from '../../lib/local-time';
import { STATE_LEARNING, STATE_RELEARNING, STATE_REVIEW } from './card-rows';

export class DueLoadRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Studied cards (not suspended, not known) due within each of these consecutive local days, in
   * their order: one statement over one (user_id, state, due) index range per state, each card
   * put in its day by comparing its due with the days' ends (no time-zone call per card).
   */
  async dueCounts(userId: number, ranges: readonly DayRange[]): Promise<number[]> {
    if (ranges.length === 0) return [];
    const slot = sql<number>`case ${sql.join(
      ranges.map((range, index) => sql`when cards.due < ${range.end} then ${sql.lit(index)}`),
      sql` `,
    )} end`;
    const rows = await this.db
      .selectFrom('cards')
      .select((eb) => [slot.as('slot'), eb.fn.countAll<number>().as('count')])
      .where('cards.user_id', '=', userId)
      .where('cards.state', 'in', [STATE_LEARNING, STATE_REVIEW, STATE_RELEARNING])
      .where('cards.due', '>=', ranges[0]!.start)
      .where('cards.due', '<', ranges.at(-1)!.end)
      .where('cards.suspended', '=', false)
      .where('cards.known', '=', false)
      .groupBy('slot')
      .execute();
    const counts = ranges.map(() => 0);
    for (const row of rows) counts[Number(row.slot)] = Number(row.count);
    return counts;
  }
}
