// SQL over study sessions, review logs (and their quarter-hour counts), cards and user
// settings. Every query is scoped to one user. Days are the learner's local days: sessions
// "today" go through local_day_number (a 48-hour window of rows); review statistics compare
// stored times with the exact bounds of each local day (see local-time.ts) through an index,
// never reading every log.
import { DEFAULT_STUDY_SETTINGS, type CardCounts } from '@flashcard/api-contract/schemas';
import { sql, type Kysely } from 'kysely';
import type { Database, StudySessionRow } from '../../db/schema';
import { quarterAligned, queryWithBounds } from '../../db/day-bounds';
import { dialectOf } from '../../db';
import type { DayRange } from '../../lib/local-time';
import type { ReviewDay } from './streaks';

export interface StudyTotals {
  totalCardsStudied: number;
  /** Mean accuracy of sessions that studied at least one card; null when there are none. */
  averageAccuracy: number | null;
}

export interface ReviewStreaks {
  /** Longest run of consecutive local days with a review (within the days asked about). */
  longest: number;
  /** The run reaching `aliveSince`; 0 when there is none. */
  current: number;
  /** Day that run began; null when there is none. */
  currentFirstDay: number | null;
}

export interface DayCount {
  day: number;
  reviews: number;
  /** Reviews rated above Again: the card was remembered. */
  correct: number;
}

export type { CardCounts };

export interface LearnerTotals {
  /** Review logs, those rated above Again (remembered), and the time spent on them. */
  reviews: number;
  correct: number;
  timeSpentMs: number;
  cards: CardCounts;
  /** Over every study session. */
  studied: StudyTotals;
}

/** ts-fsrs Rating.Again (the card was forgotten); every higher rating counts as remembered. */
export const RATING_AGAIN = 1;

export { MAX_BOUNDS_DAYS } from '../../db/day-bounds';

/**
 * A mean from a sum the triggers keep by adding and taking away values such as 66.666...: the
 * float sum drifts in its last bits, which could tip an exact 82.5 to 82.4999... and a rounded
 * 83 to 82. Nine decimals are far below any reading and far above the drift.
 */
function meanOfKeptSum(sum: number, count: number): number {
  return Math.round((sum / count) * 1e9) / 1e9;
}

export class DashboardRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The learner's daily goal and the cards studied in `range` (a local day), in one query (both
   * are read on every dashboard, queue and insights request). Studied means reviewed in scheduled
   * study: distinct cards with a review log (practice writes none), a card rated three times
   * counting once; the (user_id, reviewed_at) index narrows the scan to the day.
   */
  async dailyGoalProgress(userId: number, range: DayRange): Promise<{ cardsStudied: number; dailyGoal: number }> {
    const row = await this.db
      .selectNoFrom((eb) => [
        eb
          .selectFrom('review_logs')
          .where('user_id', '=', userId)
          .where('reviewed_at', '>=', range.start)
          .where('reviewed_at', '<', range.end)
          .select((inner) => inner.fn.count<number>('card_id').distinct().as('cards'))
          .as('cards'),
        eb.selectFrom('user_settings').select('daily_goal').where('user_id', '=', userId).as('goal'),
      ])
      .executeTakeFirstOrThrow();
    return { cardsStudied: Number(row.cards ?? 0), dailyGoal: row.goal ?? DEFAULT_STUDY_SETTINGS.dailyGoal };
  }

  /**
   * The run of consecutive review days reaching `aliveSince` or later (today - 1 for a streak
   * still alive), within the local days `ranges`: walks back day by day from the newest active
   * day and stops at the first day without a review, so it costs one index probe per day of
   * the run (plus one), not one per day of the window.
   */
  async currentRun(
    userId: number,
    ranges: readonly DayRange[],
    aliveSince: number,
  ): Promise<{ length: number; firstDay: number | null }> {
    const reviewed = sql`exists (
      select 1 from review_logs
      where review_logs.user_id = ${userId}
        and review_logs.reviewed_at >= bounds.start_at and review_logs.reviewed_at < bounds.end_at
    )`;
    const rows = await queryWithBounds(
      this.db,
      'currentRun',
      ranges,
      [aliveSince, userId, userId],
      (bounds) => sql<{ length: number; first_day: number | null }>`
        with recursive ${bounds},
        walk(day) as (
          select day from (
            select max(day) as day from bounds where day >= ${aliveSince} and ${reviewed}
          ) as newest
          where day is not null
          union all
          select bounds.day from walk join bounds on bounds.day = walk.day - 1
          where ${reviewed}
        )
        select count(*) as length, min(day) as first_day from walk
      `,
    );
    const row = rows[0];
    return {
      length: Number(row?.length ?? 0),
      firstDay: row?.first_day === null || row?.first_day === undefined ? null : Number(row.first_day),
    };
  }

  /** The newest review before `before` (an instant), or null. */
  async lastReviewBefore(userId: number, before: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('review_logs')
      .select((eb) => eb.fn.max('reviewed_at').as('last'))
      .where('user_id', '=', userId)
      .where('reviewed_at', '<', before)
      .executeTakeFirst();
    return row?.last ?? null;
  }

  /** The local days of `ranges` with a review, one index probe per day (any zone's days). */
  async reviewedDays(userId: number, ranges: readonly DayRange[]): Promise<Set<number>> {
    const rows = await queryWithBounds(
      this.db,
      'reviewedDays',
      ranges,
      [userId],
      (bounds) => sql<{ day: number }>`
        with ${bounds}
        select day from bounds
        where exists (
          select 1 from review_logs
          where review_logs.user_id = ${userId}
            and review_logs.reviewed_at >= bounds.start_at and review_logs.reviewed_at < bounds.end_at
        )
      `,
      { offThread: true },
    );
    return new Set(rows.map((row) => Number(row.day)));
  }

  /** The learner's review days (review_days, migration 0024) from UTC date `from` to `to`, inclusive. */
  reviewDays(userId: number, from: string, to: string): Promise<ReviewDay[]> {
    return this.db
      .selectFrom('review_days')
      .select(['day', 'first_quarter', 'last_quarter'])
      .where('user_id', '=', userId)
      .where('day', '>=', from)
      .where('day', '<=', to)
      .execute();
  }

  /**
   * Streaks over the local days `ranges` (consecutive, oldest first): the longest run of days
   * with a review, and the run that reaches `aliveSince` or later (today - 1 for a streak still
   * alive). One index probe per day (EXISTS on (user_id, reviewed_at)) instead of reading every
   * log; then gaps and islands: on consecutive days, day - rank is constant.
   */
  async reviewStreaks(userId: number, ranges: readonly DayRange[], aliveSince: number): Promise<ReviewStreaks> {
    const rows = await queryWithBounds(
      this.db,
      'reviewStreaks',
      ranges,
      [userId, aliveSince, aliveSince],
      (bounds) => sql<{ longest: number | null; current: number | null; current_first_day: number | null }>`
        with ${bounds},
        active as (
          select day from bounds
          where exists (
            select 1 from review_logs
            where review_logs.user_id = ${userId}
              and review_logs.reviewed_at >= bounds.start_at and review_logs.reviewed_at < bounds.end_at
          )
        ),
        runs as (
          select day, day - row_number() over (order by day) as island from active
        ),
        islands as (
          select min(day) as first_day, max(day) as last_day, count(*) as length from runs group by island
        )
        select
          (select max(length) from islands) as longest,
          (select length from islands where last_day >= ${aliveSince}) as current,
          (select first_day from islands where last_day >= ${aliveSince}) as current_first_day
      `,
      { offThread: true },
    );
    const row = rows[0];
    return {
      longest: Number(row?.longest ?? 0),
      current: Number(row?.current ?? 0),
      currentFirstDay:
        row?.current_first_day === null || row?.current_first_day === undefined ? null : Number(row.current_first_day),
    };
  }

  /**
   * Reviews and recalled reviews (rating above Again) per local day of `ranges`, in order.
   * Index range sums per day over the learner's quarter-hour counts (review_quarters, ~40 rows
   * a study day); over the logs themselves when a day does not begin on a quarter hour.
   */
  async reviewsPerDay(userId: number, ranges: readonly DayRange[]): Promise<DayCount[]> {
    const quarters = quarterAligned(ranges);
    const inDay = quarters
      ? sql`review_quarters.user_id = ${userId}
          and review_quarters.quarter >= bounds.start_at and review_quarters.quarter < bounds.end_at`
      : sql`review_logs.user_id = ${userId}
          and review_logs.reviewed_at >= bounds.start_at and review_logs.reviewed_at < bounds.end_at`;
    // PostgreSQL sums both counts over one range a day (a lateral subquery: half the index
    // scans); SQLite, which has no LATERAL, takes two scalar subqueries.
    const lateral = quarters && dialectOf(this.db) === 'postgres';
    const counts = lateral
      ? sql`day_counts.reviews, day_counts.correct`
      : quarters
        ? sql`(select sum(reviews) from review_quarters where ${inDay}) as reviews,
          (select sum(remembered) from review_quarters where ${inDay}) as correct`
        : sql`(select count(*) from review_logs where ${inDay}) as reviews,
          (select sum(case when review_logs.rating > ${RATING_AGAIN} then 1 else 0 end) from review_logs where ${inDay}) as correct`;
    const join = lateral
      ? sql`cross join lateral (select sum(reviews) as reviews, sum(remembered) as correct from review_quarters where ${inDay}) as day_counts`
      : sql``;
    const rows = await queryWithBounds(
      this.db,
      lateral ? 'reviewsPerDay:quarters-lateral' : quarters ? 'reviewsPerDay:quarters' : 'reviewsPerDay:logs',
      ranges,
      lateral ? [userId] : quarters ? [userId, userId] : [userId, RATING_AGAIN, userId],
      (bounds) => sql<{ day: number; reviews: number | null; correct: number | null }>`
        with ${bounds}
        select bounds.day as day, ${counts}
        from bounds ${join}
        where bounds.day >= 0
        order by bounds.day
      `,
      { offThread: true },
    );
    return rows.map((row) => ({
      day: Number(row.day),
      reviews: Number(row.reviews ?? 0),
      correct: Number(row.correct ?? 0),
    }));
  }

  /** Reviews in [range.start, range.end): one local day. */
  async countReviewsIn(userId: number, range: DayRange): Promise<number> {
    const row = await this.db
      .selectFrom('review_logs')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .where('reviewed_at', '>=', range.start)
      .where('reviewed_at', '<', range.end)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** The time of the user's first review, null before any. */
  async firstReviewAt(userId: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('review_logs')
      .select((eb) => eb.fn.min<string | null>('reviewed_at').as('first'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return row.first ?? null;
  }

  /**
   * The learner's review and card totals: one row kept by the database on every write
   * (user_totals, migration 0022), zeros before any card or review.
   */
  async learnerTotals(userId: number): Promise<LearnerTotals> {
    const row = await this.db.selectFrom('user_totals').selectAll().where('user_id', '=', userId).executeTakeFirst();
    return {
      reviews: Number(row?.reviews ?? 0),
      correct: Number(row?.remembered ?? 0),
      timeSpentMs: Number(row?.time_spent_ms ?? 0),
      cards: {
        total: Number(row?.cards ?? 0),
        new: Number(row?.new_cards ?? 0),
        learning: Number(row?.learning_cards ?? 0),
        review: Number(row?.review_cards ?? 0),
        relearning: Number(row?.relearning_cards ?? 0),
        known: Number(row?.known_cards ?? 0),
      },
      studied: {
        totalCardsStudied: Number(row?.cards_studied ?? 0),
        averageAccuracy:
          row && Number(row.accuracy_sessions) > 0
            ? meanOfKeptSum(Number(row.accuracy_sum), Number(row.accuracy_sessions))
            : null,
      },
    };
  }

  async countCards(userId: number): Promise<number> {
    return (await this.learnerTotals(userId)).cards.total;
  }

  async cardCounts(userId: number): Promise<CardCounts> {
    return (await this.learnerTotals(userId)).cards;
  }

  /**
   * The latest finished sessions that studied at least one card. A session opened and left
   * (never ended: abandoned once it is 2 hours old, or still going) or ended with no card is
   * not a completed session, so it is never listed and never pushes a real one out.
   */
  recentSessions(userId: number, limit: number): Promise<StudySessionRow[]> {
    return this.db
      .selectFrom('study_sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('ended_at', 'is not', null)
      .where('abandoned', '=', false)
      .where('cards_studied', '>', 0)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }
}
