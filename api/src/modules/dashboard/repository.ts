// SQL over study sessions and user settings. Every query is scoped to one user.
// Day arithmetic happens in SQL through local_day_number (see db/functions.ts), so SQLite and
// PostgreSQL count "today" and streak days the same way, in the caller's time zone.
import { sql, type Kysely } from 'kysely';
import type { Database, StudySessionRow } from '../../db/schema';
import { localDay } from '../../db/functions';

export const DEFAULT_DAILY_GOAL = 15;

export interface StudyTotals {
  totalCardsStudied: number;
  /** Mean accuracy of sessions that studied at least one card; null when there are none. */
  averageAccuracy: number | null;
}

export interface StudyStreak {
  /** Length of the latest run of consecutive study days up to `today`. */
  length: number;
  /** Day number the run ends on; null when the user never studied. */
  lastDay: number | null;
}

export class DashboardRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async totals(userId: number): Promise<StudyTotals> {
    const row = await this.db
      .selectFrom('study_sessions')
      .where('user_id', '=', userId)
      .select((eb) => [
        eb.fn.coalesce(eb.fn.sum<number>('cards_studied'), eb.lit(0)).as('total_cards'),
        // Empty sessions say nothing about accuracy; leave them out of the mean.
        eb.fn.avg<number | null>(eb.case().when('cards_studied', '>', 0).then(eb.ref('accuracy')).end()).as('avg_accuracy'),
      ])
      .executeTakeFirstOrThrow();
    return {
      totalCardsStudied: Number(row.total_cards),
      averageAccuracy: row.avg_accuracy === null ? null : Number(row.avg_accuracy),
    };
  }

  /**
   * Cards studied on calendar day `day` in `timeZone`. `since` (a timestamp safely before that
   * day began anywhere) lets the (user_id, created_at) index narrow the scan first.
   */
  async cardsStudiedOn(userId: number, day: number, timeZone: string, since: string): Promise<number> {
    const row = await this.db
      .selectFrom('study_sessions')
      .where('user_id', '=', userId)
      .where('created_at', '>=', since)
      .where(localDay('created_at', timeZone), '=', day)
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('cards_studied'), eb.lit(0)).as('cards'))
      .executeTakeFirstOrThrow();
    return Number(row.cards);
  }

  /**
   * The latest run of consecutive days (in `timeZone`, not after `today`) with a session that
   * studied cards. Gaps and islands: on consecutive days, day + rank (newest first) is
   * constant, so the newest run is the rows sharing the newest day's value.
   */
  async latestStreak(userId: number, timeZone: string, today: number): Promise<StudyStreak> {
    const { rows } = await sql<{ length: number; last_day: number | null }>`
      with days as (
        select distinct ${localDay('created_at', timeZone)} as day
        from study_sessions
        where user_id = ${userId} and cards_studied > 0
      ),
      past_days as (
        select day from days where day <= ${today}
      ),
      runs as (
        select day, day + row_number() over (order by day desc) as run from past_days
      )
      select count(*) as length, max(day) as last_day
      from runs
      where run = (select max(day) + 1 from past_days)
    `.execute(this.db);
    const row = rows[0];
    return {
      length: Number(row?.length ?? 0),
      lastDay: row?.last_day === null || row?.last_day === undefined ? null : Number(row.last_day),
    };
  }

  recentSessions(userId: number, limit: number): Promise<StudySessionRow[]> {
    return this.db
      .selectFrom('study_sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  async dailyGoal(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('user_settings')
      .select('daily_goal')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.daily_goal ?? DEFAULT_DAILY_GOAL;
  }
}
