// SQL for levels, achievements and the leaderboard. A learner's own rows are read through
// queries scoped to their id; the leaderboard and public profiles read other users' public
// fields (id, display name, XP) only, never an e-mail, and only of learners the viewer may see
// (modules/privacy).
import { DEFAULT_STUDY_SETTINGS } from '@flashcard/api-contract/schemas';
import { sql, type Kysely } from 'kysely';
import { localDay } from '../../db/functions';
import type { Database, UserAchievementRow } from '../../db/schema';
import { XP_SOURCES } from '../../lib/experience';
import { visibleTo } from '../privacy';
import type { AchievementFacts } from './achievements';

export interface PublicUser {
  id: number;
  display_name: string | null;
}

export interface LeaderboardRow extends PublicUser {
  rank: number;
  experience_points: number;
}

export class GamificationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The learner, when `viewerId` may see them (themselves always). */
  publicUser(viewerId: number, userId: number): Promise<PublicUser | undefined> {
    return this.db
      .selectFrom('users')
      .select(['id', 'display_name'])
      .where('id', '=', userId)
      .where(visibleTo(viewerId))
      .executeTakeFirst();
  }

  unlocked(userId: number): Promise<Array<Pick<UserAchievementRow, 'achievement_key' | 'unlocked_at'>>> {
    return this.db
      .selectFrom('user_achievements')
      .select(['achievement_key', 'unlocked_at'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  }

  async countUnlocked(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('user_achievements')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /**
   * Records the unlock; false when it was already there. A concurrent unlock of the same
   * achievement waits on the unique index and then inserts nothing, on both databases.
   */
  async unlock(userId: number, key: string, at: string): Promise<boolean> {
    const row = await this.db
      .insertInto('user_achievements')
      .values({ user_id: userId, achievement_key: key, unlocked_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'achievement_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Reviews logged and cards the learner has now: their running totals (user_totals, migration 0022). */
  async counts(userId: number): Promise<{ reviews: number; cards: number }> {
    const row = await this.db
      .selectFrom('user_totals')
      .select(['reviews', 'cards'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return { reviews: Number(row?.reviews ?? 0), cards: Number(row?.cards ?? 0) };
  }

  /**
   * What the achievement catalogue measures from the learner's own rows; the streaks are the
   * dashboard's (the service adds the longest).
   */
  async facts(userId: number, timeZone: string): Promise<Omit<AchievementFacts, 'bestReviewStreak'>> {
    const [counts, finishedSessions, bestDayCards, dailyGoal] = await Promise.all([
      this.counts(userId),
      this.db
        .selectFrom('study_sessions')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .where('ended_at', 'is not', null)
        .where('abandoned', '=', false)
        .where('cards_studied', '>', 0)
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.count)),
      this.bestDayCards(userId, timeZone),
      this.dailyGoal(userId),
    ]);
    return { ...counts, finishedSessions, bestDayCards, dailyGoal };
  }

  /** Most cards studied in sessions on one local day (what the daily goal counts). */
  private async bestDayCards(userId: number, timeZone: string): Promise<number> {
    const { rows } = await sql<{ best: number | null }>`
      select max(cards) as best from (
        select ${localDay('created_at', timeZone)} as day, sum(cards_studied) as cards
        from study_sessions
        where user_id = ${userId}
        group by 1
      ) as per_day
    `.execute(this.db);
    return Number(rows[0]?.best ?? 0);
  }

  private async dailyGoal(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('user_settings')
      .select('daily_goal')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.daily_goal ?? DEFAULT_STUDY_SETTINGS.dailyGoal;
  }

  /**
   * The top `limit` learners by XP among those `viewerId` may see (the viewer included; users
   * without XP count as 0), ties sharing a rank ("1, 2, 2, 4") and listed oldest account first.
   * Ranks count only these learners, so the viewer's own line (rankOf) agrees with the list.
   * Aggregates the whole ledger: fine at this product's scale; a per-user total column would be
   * the next step.
   */
  async leaderboard(viewerId: number, limit: number): Promise<LeaderboardRow[]> {
    const { rows } = await sql<LeaderboardRow>`
      with xp as (
        select user_id, sum(amount) as xp from experience_events group by user_id
      ),
      totals as (
        select users.id, users.display_name, coalesce(xp.xp, 0) as experience_points
        from users left join xp on xp.user_id = users.id
        where ${visibleTo(viewerId)}
      )
      select id, display_name, experience_points, rank() over (order by experience_points desc) as rank
      from totals
      order by experience_points desc, id
      limit ${limit}
    `.execute(this.db);
    return rows.map((row) => ({
      id: Number(row.id),
      display_name: row.display_name,
      experience_points: Number(row.experience_points),
      rank: Number(row.rank),
    }));
  }

  /** The viewer's rank with `xp` points: 1 + the learners they may see with more. */
  async rankOf(viewerId: number, xp: number): Promise<number> {
    const { rows } = await sql<{ ahead: number }>`
      select count(*) as ahead from (
        select user_id from experience_events group by user_id having sum(amount) > ${xp}
      ) as ahead
      inner join users on users.id = ahead.user_id
      where ${visibleTo(viewerId)}
    `.execute(this.db);
    return Number(rows[0]?.ahead ?? 0) + 1;
  }

  /**
   * Serialises one user's concurrent requests until the transaction ends: a no-op write to
   * their users row takes its row lock on PostgreSQL; SQLite runs one writer at a time anyway.
   * For rules no unique index can express ("once per local day" over the XP ledger).
   */
  async lockUser(userId: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ updated_at: sql<string>`updated_at` })
      .where('id', '=', userId)
      .execute();
  }

  /** Whether the daily-goal XP was granted on local day `day`; `since` narrows the scan. */
  async dailyGoalGrantedOn(userId: number, day: number, timeZone: string, since: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('experience_events')
      .select('id')
      .where('user_id', '=', userId)
      .where('source', '=', XP_SOURCES.dailyGoal)
      .where('created_at', '>=', since)
      .where(localDay('created_at', timeZone), '=', day)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }
}
