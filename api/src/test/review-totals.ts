// The invariant of card_review_totals (migration 0017): each card's row holds exactly the sums
// over its review logs, and a card without logs has none.
import { sql } from 'kysely';
import type { Db } from '../db';

export interface TotalsRow {
  card_id: number;
  reviews: number;
  remembered: number;
  time_spent_ms: number;
}

/** The user's card_review_totals rows and the same sums computed from review_logs, by card. */
export async function reviewTotalsAndLogSums(
  db: Db,
  userId: number,
): Promise<{ kept: TotalsRow[]; summed: TotalsRow[] }> {
  const kept = await db
    .selectFrom('card_review_totals')
    .select(['card_id', 'reviews', 'remembered', 'time_spent_ms'])
    .where('user_id', '=', userId)
    .orderBy('card_id')
    .execute();
  const summed = await db
    .selectFrom('review_logs')
    .select((eb) => [
      'card_id',
      eb.fn.countAll<number>().as('reviews'),
      sql<number>`sum(case when rating > 1 then 1 else 0 end)`.as('remembered'),
      eb.fn.sum<number>('time_spent_ms').as('time_spent_ms'),
    ])
    .where('user_id', '=', userId)
    .groupBy('card_id')
    .orderBy('card_id')
    .execute();
  const numbers = (rows: TotalsRow[]) =>
    rows.map((row) => ({
      card_id: Number(row.card_id),
      reviews: Number(row.reviews),
      remembered: Number(row.remembered),
      time_spent_ms: Number(row.time_spent_ms),
    }));
  return { kept: numbers(kept), summed: numbers(summed) };
}
