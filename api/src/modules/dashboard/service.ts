// The dashboard numbers. "Today" and streaks are calendar days in the learner's time zone
// (X-Time-Zone header), so a session at 23:30 counts for the day the learner lived it.
import { canonicalTimeZone, localDayNumber, toTimestamp } from '../../lib/time';
import type { StudySessionRow } from '../../db/schema';
import type { DashboardRepository } from './repository';

export const RECENT_SESSIONS_LIMIT = 10;
// Local "today" began less than 48 hours ago in every time zone (offsets span UTC-12..UTC+14).
const TODAY_LOOKBACK_MS = 48 * 60 * 60 * 1000;

export interface Dashboard {
  totalCardsStudied: number;
  averageAccuracy: number;
  currentStreak: number;
  recentSessions: StudySessionRow[];
  cardsStudiedToday: number;
  dailyGoal: number;
}

export interface DashboardServiceDeps {
  repository: DashboardRepository;
  now: () => Date;
}

export class DashboardService {
  constructor(private readonly deps: DashboardServiceDeps) {}

  /** An unknown or missing time zone falls back to UTC rather than failing the whole page. */
  async dashboard(userId: number, requestedTimeZone: string | undefined): Promise<Dashboard> {
    const { repository } = this.deps;
    const timeZone = canonicalTimeZone(requestedTimeZone) ?? 'UTC';
    const now = this.deps.now();
    const today = localDayNumber(now, timeZone);

    const [totals, streak, goal, recentSessions] = await Promise.all([
      repository.totals(userId),
      repository.latestStreak(userId, timeZone, today),
      this.dailyGoalProgress(userId, timeZone),
      repository.recentSessions(userId, RECENT_SESSIONS_LIMIT),
    ]);

    // A run that ended before yesterday is broken; one ending yesterday can still go on today.
    const streakIsAlive = streak.lastDay !== null && streak.lastDay >= today - 1;
    return {
      totalCardsStudied: totals.totalCardsStudied,
      averageAccuracy: Math.round(totals.averageAccuracy ?? 0),
      currentStreak: streakIsAlive ? streak.length : 0,
      recentSessions,
      cardsStudiedToday: goal.cardsStudied,
      dailyGoal: goal.dailyGoal,
    };
  }

  /** Cards studied today (in `timeZone`, already checked) and the learner's daily goal. */
  async dailyGoalProgress(userId: number, timeZone: string): Promise<{ cardsStudied: number; dailyGoal: number }> {
    const { repository } = this.deps;
    const now = this.deps.now();
    const since = toTimestamp(new Date(now.getTime() - TODAY_LOOKBACK_MS));
    const [cardsStudied, dailyGoal] = await Promise.all([
      repository.cardsStudiedOn(userId, localDayNumber(now, timeZone), timeZone, since),
      repository.dailyGoal(userId),
    ]);
    return { cardsStudied, dailyGoal };
  }
}
