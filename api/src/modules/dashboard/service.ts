// The dashboard numbers. "Today" and streaks are calendar days in the learner's time zone
// (the account's zone), so a review at 23:30 counts for the day the learner lived it.
// Streaks are consecutive local days with at least one review; one that ended yesterday is
// still alive (today is not over yet).
import type {
  Analytics,
  AnalyticsDay,
  DailyGoalProgress,
  StudyProgress,
  UserStats,
} from '@flashcard/api-contract/schemas';
import { badRequest } from '../../lib/http-error';
import { localDayNumber, toTimestamp } from '../../lib/time';
import type { StudySessionRow } from '../../db/schema';
import { dayRanges, dayToDate, type DayRange } from '../../lib/local-time';
import { activeDays, runsOf, utcDaysOf } from './streaks';
import { MAX_BOUNDS_DAYS, type DashboardRepository } from './repository';

export const RECENT_SESSIONS_LIMIT = 10;
/** Recent activity shows 3 sessions unless asked for more. */
export const DEFAULT_ACTIVITY_LIMIT = 3;
export const MAX_ACTIVITY_LIMIT = 50;
export const DEFAULT_ANALYTICS_DAYS = 30;
/** A leap year's worth of days: "the last year" whatever the date. */
export const MAX_ANALYTICS_DAYS = 366;
/** Streaks look back this far at most (22 years): the most days one query can carry. */
export const MAX_HISTORY_DAYS = MAX_BOUNDS_DAYS;
/**
 * The first window the current streak is looked for in (see currentStreak): a year, one read
 * of at most that many review days for almost every streak.
 */
const STREAK_WINDOW_DAYS = 366;
// Local "today" began less than 48 hours ago in every time zone (offsets span UTC-12..UTC+14).
const TODAY_LOOKBACK_MS = 48 * 60 * 60 * 1000;

export const MESSAGES = {
  daysInvalid: `days must be a whole number between 1 and ${MAX_ANALYTICS_DAYS}`,
  limitInvalid: `limit must be a whole number between 1 and ${MAX_ACTIVITY_LIMIT}`,
} as const;

export interface Dashboard {
  totalCardsStudied: number;
  averageAccuracy: number;
  currentStreak: number;
  /** Correct reviews / all reviews (percent, one decimal), whole history; null before any review. */
  successRate: number | null;
  totalReviews: number;
  totalCards: number;
  recentSessions: StudySessionRow[];
  cardsStudiedToday: number;
  dailyGoal: number;
}

// The shapes the dashboard calls answer with are the contract's (api-contract/src/schemas/dashboard.ts).
export type { Analytics, AnalyticsDay, DailyGoalProgress, StudyProgress, UserStats };

export interface DashboardServiceDeps {
  repository: DashboardRepository;
  now: () => Date;
}

/** Percent with one decimal; null when there is nothing to divide by. */
export const percent = (part: number, whole: number): number | null =>
  whole > 0 ? Math.round((1000 * part) / whole) / 10 : null;

/** Query text that must be a whole number in [min, max]; `fallback` when absent. */
export function intParam(
  value: string | undefined,
  fallback: number,
  min: number,
  max: number,
  message: string,
): number {
  if (value === undefined || value === '') return fallback;
  if (!/^[0-9]{1,6}$/.test(value)) throw badRequest(message);
  const number = Number(value);
  if (number < min || number > max) throw badRequest(message);
  return number;
}

export class DashboardService {
  constructor(private readonly deps: DashboardServiceDeps) {}

  private today(timeZone: string): number {
    return localDayNumber(this.deps.now(), timeZone);
  }

  async dashboard(userId: number, timeZone: string): Promise<Dashboard> {
    const { repository } = this.deps;
    const [currentStreak, goal, recentSessions, learner] = await Promise.all([
      this.currentStreak(userId, timeZone),
      this.dailyGoalProgress(userId, timeZone),
      repository.recentSessions(userId, RECENT_SESSIONS_LIMIT),
      repository.learnerTotals(userId),
    ]);
    return {
      totalCardsStudied: learner.studied.totalCardsStudied,
      averageAccuracy: Math.round(learner.studied.averageAccuracy ?? 0),
      currentStreak,
      successRate: percent(learner.correct, learner.reviews),
      totalReviews: learner.reviews,
      totalCards: learner.cards.total,
      recentSessions,
      cardsStudiedToday: goal.cardsStudied,
      dailyGoal: goal.dailyGoal,
    };
  }

  /**
   * The alive streak, looked for window by window (a year, then twice as many days each time):
   * a run that reaches a window's first day goes on in the next, older one.
   */
  async currentStreak(userId: number, timeZone: string): Promise<number> {
    const today = this.today(timeZone);
    const oldest = today - MAX_HISTORY_DAYS + 1;
    let length = 0;
    let to = today;
    let aliveSince = today - 1;
    for (let size = STREAK_WINDOW_DAYS; ; size *= 2) {
      const from = Math.max(to - size + 1, oldest);
      const run = await this.currentRun(userId, dayRanges(timeZone, from, to), aliveSince);
      length += run.length;
      if (run.firstDay !== from || from === oldest) return length;
      // The run reaches this window's first day: it must go on from the last day of the next.
      to = from - 1;
      aliveSince = to;
    }
  }

  /**
   * The run of review days within `ranges` that reaches `aliveSince` or later: from the review
   * days (one row per UTC study day); from the logs, one probe per day of the run, when those
   * cannot tell (a day not on quarter hours).
   */
  private async currentRun(
    userId: number,
    ranges: readonly DayRange[],
    aliveSince: number,
  ): Promise<{ length: number; firstDay: number | null }> {
    const active = await this.activeDays(userId, ranges);
    if (active === null) return this.deps.repository.currentRun(userId, ranges, aliveSince);
    const { current, currentFirstDay } = runsOf(
      ranges.map((range) => range.day),
      active,
      aliveSince,
    );
    return { length: current, firstDay: currentFirstDay };
  }

  /** The days of `ranges` with a review, from the review days; null when they cannot tell. */
  private async activeDays(userId: number, ranges: readonly DayRange[]): Promise<Set<number> | null> {
    const { from, to } = utcDaysOf(ranges);
    return activeDays(ranges, await this.deps.repository.reviewDays(userId, from, to));
  }

  /** Current (alive since yesterday) and longest streak of review days in `timeZone`. */
  reviewStreaks(userId: number, timeZone: string): Promise<{ current: number; longest: number }> {
    return this.streaks(userId, timeZone, this.today(timeZone));
  }

  /** Current and longest streak over the learner's whole history (up to MAX_HISTORY_DAYS). */
  private async streaks(
    userId: number,
    timeZone: string,
    today: number,
  ): Promise<{ current: number; longest: number }> {
    const { repository } = this.deps;
    const first = await repository.firstReviewAt(userId);
    if (first === null) return { current: 0, longest: 0 };
    const from = Math.max(localDayNumber(new Date(first), timeZone), today - MAX_HISTORY_DAYS + 1);
    // Reviews dated after today (a clock set ahead) count for no day.
    if (from > today) return { current: 0, longest: 0 };
    const ranges = dayRanges(timeZone, from, today);
    const active = await this.activeDays(userId, ranges);
    const { current, longest } =
      active === null
        ? await repository.reviewStreaks(userId, ranges, today - 1)
        : runsOf(
            ranges.map((range) => range.day),
            active,
            today - 1,
          );
    return { current, longest };
  }

  /** Cards studied today (in `timeZone`, already checked) and the learner's daily goal. */
  async dailyGoalProgress(userId: number, timeZone: string): Promise<DailyGoalProgress> {
    const { repository } = this.deps;
    const now = this.deps.now();
    const since = toTimestamp(new Date(now.getTime() - TODAY_LOOKBACK_MS));
    return repository.dailyGoalProgress(userId, localDayNumber(now, timeZone), timeZone, since);
  }

  /** Reviews per local day over the last `days` days (today included), every day listed. */
  async analytics(userId: number, timeZone: string, query: { days?: string }): Promise<Analytics> {
    const count = intParam(query.days, DEFAULT_ANALYTICS_DAYS, 1, MAX_ANALYTICS_DAYS, MESSAGES.daysInvalid);
    const today = this.today(timeZone);
    const from = today - count + 1;
    const rows = await this.deps.repository.reviewsPerDay(userId, dayRanges(timeZone, from, today));

    const byDay = new Map(rows.map((row) => [row.day, row]));
    const days: AnalyticsDay[] = [];
    let reviews = 0;
    let correct = 0;
    for (let day = from; day <= today; day++) {
      const row = byDay.get(day) ?? { reviews: 0, correct: 0 };
      reviews += row.reviews;
      correct += row.correct;
      days.push({
        date: dayToDate(day),
        reviews: row.reviews,
        correct: row.correct,
        successRate: percent(row.correct, row.reviews),
      });
    }
    return { days, totals: { reviews, correct, successRate: percent(correct, reviews) } };
  }

  async userStats(userId: number, timeZone: string): Promise<UserStats> {
    const { repository } = this.deps;
    const today = this.today(timeZone);
    const [streaks, learner, reviewsToday] = await Promise.all([
      this.streaks(userId, timeZone, today),
      repository.learnerTotals(userId),
      this.reviewsOn(userId, timeZone, today),
    ]);
    return {
      totalCardsStudied: learner.studied.totalCardsStudied,
      averageAccuracy: Math.round(learner.studied.averageAccuracy ?? 0),
      currentStreak: streaks.current,
      longestStreak: streaks.longest,
      successRate: percent(learner.correct, learner.reviews),
      totalReviews: learner.reviews,
      reviewsToday,
      totalCards: learner.cards.total,
      studyTimeMs: learner.timeSpentMs,
    };
  }

  private async reviewsOn(userId: number, timeZone: string, day: number): Promise<number> {
    const [range] = dayRanges(timeZone, day, day);
    return this.deps.repository.countReviewsIn(userId, range!);
  }

  recentActivity(userId: number, query: { limit?: string }): Promise<StudySessionRow[]> {
    const limit = intParam(query.limit, DEFAULT_ACTIVITY_LIMIT, 1, MAX_ACTIVITY_LIMIT, MESSAGES.limitInvalid);
    return this.deps.repository.recentSessions(userId, limit);
  }

  async studyProgress(userId: number, timeZone: string): Promise<StudyProgress> {
    const [goal, cards, reviewsToday] = await Promise.all([
      this.dailyGoalProgress(userId, timeZone),
      this.deps.repository.cardCounts(userId),
      this.reviewsOn(userId, timeZone, this.today(timeZone)),
    ]);
    const percentDone =
      goal.dailyGoal > 0 ? Math.min(100, Math.round((100 * goal.cardsStudied) / goal.dailyGoal)) : 100;
    return {
      dailyGoal: { ...goal, percent: percentDone, reached: goal.cardsStudied >= goal.dailyGoal },
      cards,
      reviewsToday,
    };
  }
}
