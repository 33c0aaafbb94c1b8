// SQL behind the study statistics, schedule and forecast: cards per state, review counts,
// studied cards by due time and per local day. Every query is scoped to one user.
import { sql, type Kysely } from 'kysely';
import { queryWithBounds } from '../../db/day-bounds';
import { localDay } from '../../db/functions';
import type { Database } from '../../db/schema';
import type { DayRange } from '../../lib/local-time';
import {
  RATING_AGAIN,
  selectStudyCards,
  STATE_LEARNING,
  STATE_NEW,
  STATE_RELEARNING,
  STATE_REVIEW,
  type StudyCardRow,
} from './card-rows';

export interface ReviewCounts {
  total: number;
  /** Reviews of cards that were in the review state (what retention is measured on). */
  ofReviewCards: number;
  /** ...of which recalled (any rating but Again). */
  recalled: number;
}

export class StudyStatsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Cards per scheduler state: new, learning, review, relearning. */
  async countByState(userId: number): Promise<[number, number, number, number]> {
    const rows = await this.db
      .selectFrom('cards')
      .select((eb) => ['state', eb.fn.countAll<number>().as('count')])
      .where('user_id', '=', userId)
      .groupBy('state')
      .execute();
    const counts: [number, number, number, number] = [0, 0, 0, 0];
    for (const row of rows) counts[row.state as 0 | 1 | 2 | 3] = Number(row.count);
    return counts;
  }

  /** Review counts since `since` (all of them when undefined). */
  async reviewCounts(userId: number, since?: string): Promise<ReviewCounts> {
    let query = this.db
      .selectFrom('review_logs')
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.sum<number>(eb.case().when('state', '=', STATE_REVIEW).then(1).else(0).end()).as('of_review'),
        eb.fn
          .sum<number>(
            eb
              .case()
              .when(eb.and([eb('state', '=', STATE_REVIEW), eb('rating', '>', RATING_AGAIN)]))
              .then(1)
              .else(0)
              .end(),
          )
          .as('recalled'),
      ])
      .where('user_id', '=', userId);
    if (since !== undefined) query = query.where('reviewed_at', '>=', since);
    const row = await query.executeTakeFirstOrThrow();
    return { total: Number(row.total), ofReviewCards: Number(row.of_review ?? 0), recalled: Number(row.recalled ?? 0) };
  }

  async countReviewsOn(userId: number, day: number, timeZone: string, since: string): Promise<number> {
    const row = await this.db
      .selectFrom('review_logs')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .where('reviewed_at', '>=', since)
      .where(localDay('reviewed_at', timeZone), '=', day)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /**
   * Studied (not new, not known) cards due within each local day of `ranges`, in day order:
   * one (user_id, state, due, known) index range per day and state, not a time-zone call per
   * card; on SQLite's reader thread.
   */
  async dueCountsByDay(userId: number, ranges: readonly DayRange[]): Promise<Array<{ day: number; count: number }>> {
    const rows = await queryWithBounds(
      this.db,
      'dueCountsByDay',
      ranges,
      [userId],
      (bounds) => sql<{ day: number; count: number }>`
        with ${bounds}
        select bounds.day as day,
          (select count(*) from cards
            where cards.user_id = ${userId}
              and cards.state in (${sql.lit(STATE_LEARNING)}, ${sql.lit(STATE_REVIEW)}, ${sql.lit(STATE_RELEARNING)})
              and cards.due >= bounds.start_at and cards.due < bounds.end_at
              and cards.known = ${sql.lit(false)}) as count
        from bounds
        where bounds.day >= 0
        order by bounds.day
      `,
      { offThread: true },
    );
    return rows.map((row) => ({ day: Number(row.day), count: Number(row.count) }));
  }

  /** Studied cards by due time, soonest first: what the scheduler has planned. */
  scheduledCards(userId: number, limit: number, offset: number): Promise<StudyCardRow[]> {
    return selectStudyCards(this.db, userId)
      .where('cards.state', '!=', STATE_NEW)
      .orderBy('cards.due')
      .orderBy('cards.id')
      .limit(limit)
      .offset(offset)
      .execute();
  }
}
