// The dashboard numbers. "Today" and streaks are calendar days in the learner's time zone
// (the account's zone), so a review at 23:30 counts for the day the learner lived it.
// Streaks are consecutive local days with at least one review; one that ended yesterday is
// still alive (today is not over yet). A day a streak freeze kept (bought with tokens) bridges a
// streak without counting in it; held freezes are used for missed days when a streak is
// computed, by the rule of streaks.ts's daysToFreeze (deterministic, so using them then is too).
import type {
  Analytics,
  AnalyticsDay,
  AnalyticsQuery,
  DailyGoalProgress,
  RecentActivityQuery,
  StudyProgress,
  UserStats,
} from '@flashcard/api-contract/schemas';
import { percent } from '../../lib/percent';
import { localDayNumber, MS_PER_DAY } from '../../lib/time';
import type { StudySessionRow } from '../../db/schema';
import { dayRanges, dayToDate, type DayRange } from '../../lib/local-time';
import { activeDays, daysToFreeze, runsOf, utcDaysOf } from './streaks';
import { MAX_BOUNDS_DAYS, type DashboardRepository } from './repository';

export const RECENT_SESSIONS_LIMIT = 10;
/** Streaks look back this far at most (22 years): the most days one query can carry. */
export const MAX_HISTORY_DAYS = MAX_BOUNDS_DAYS;
/**
 * The first window the current streak is looked for in (see currentStreak): a year, one read
 * of at most that many review days for almost every streak.
 */
const STREAK_WINDOW_DAYS = 366;

export interface Dashboard {
  totalCardsStudied: number;
  averageAccuracy: number;
  currentStreak: number;
  /** Days of the current streak kept by a streak freeze (not counted in currentStreak). */
  frozenDays: number;
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

/**
 * The learner's streak freezes (the tokens module's table, migration 0039), as this module uses
 * them; dates are local YYYY-MM-DD.
 */
export interface StreakFreezes {
  /** The held freezes' purchase instants, oldest first. */
  unused(userId: number): Promise<string[]>;
  lastUsedOn(userId: number): Promise<string | null>;
  usedOn(userId: number, from: string | null, to: string): Promise<string[]>;
  /** Keeps `date` with the oldest held freeze bought before `boughtBefore`; true when it is kept. */
  use(userId: number, date: string, boughtBefore: string): Promise<boolean>;
}

export interface DashboardServiceDeps {
  repository: DashboardRepository;
  freezes: StreakFreezes;
  now: () => Date;
}

/** The current streak: its studied days, and the days inside it a freeze kept. */
interface AliveStreak {
  length: number;
  frozen: number;
}

const dateToDay = (date: string): number => Date.parse(date) / MS_PER_DAY;

export class DashboardService {
  constructor(private readonly deps: DashboardServiceDeps) {}

  private today(timeZone: string): number {
    return localDayNumber(this.deps.now(), timeZone);
  }

  async dashboard(userId: number, timeZone: string): Promise<Dashboard> {
    const { repository } = this.deps;
    const [streak, goal, recentSessions, learner] = await Promise.all([
      this.aliveStreak(userId, timeZone),
      this.dailyGoalProgress(userId, timeZone),
      repository.recentSessions(userId, RECENT_SESSIONS_LIMIT),
      repository.learnerTotals(userId),
    ]);
    return {
      totalCardsStudied: learner.studied.totalCardsStudied,
      averageAccuracy: Math.round(learner.studied.averageAccuracy ?? 0),
      currentStreak: streak.length,
      frozenDays: streak.frozen,
      successRate: percent(learner.correct, learner.reviews),
      totalReviews: learner.reviews,
      totalCards: learner.cards.total,
      recentSessions,
      cardsStudiedToday: goal.cardsStudied,
      dailyGoal: goal.dailyGoal,
    };
  }

  async currentStreak(userId: number, timeZone: string): Promise<number> {
    return (await this.aliveStreak(userId, timeZone)).length;
  }

  /**
   * The alive streak, looked for window by window (a year, then twice as many days each time):
   * a run that reaches a window's first day goes on in the next, older one. Held freezes are
   * used for the days it missed first.
   */
  private async aliveStreak(userId: number, timeZone: string): Promise<AliveStreak> {
    const today = this.today(timeZone);
    await this.useFreezes(userId, timeZone, today);
    const oldest = today - MAX_HISTORY_DAYS + 1;
    const streak = { length: 0, frozen: 0 };
    let to = today;
    let aliveSince = today - 1;
    for (let size = STREAK_WINDOW_DAYS; ; size *= 2) {
      const from = Math.max(to - size + 1, oldest);
      const run = await this.currentRun(userId, dayRanges(timeZone, from, to), aliveSince);
      streak.length += run.length;
      streak.frozen += run.frozen;
      if (run.firstDay !== from || from === oldest) return streak;
      // The run reaches this window's first day: it must go on from the last day of the next.
      to = from - 1;
      aliveSince = to;
    }
  }

  /**
   * Uses held streak freezes for the days missed since the newest kept day (daysToFreeze);
   * nothing to do, and nothing read but the held freezes, for a learner who holds none.
   */
  private async useFreezes(userId: number, timeZone: string, today: number): Promise<void> {
    const { repository, freezes } = this.deps;
    const held = await freezes.unused(userId);
    if (held.length === 0) return;
    const [todayRange] = dayRanges(timeZone, today, today);
    const [lastReview, lastUsed] = await Promise.all([
      repository.lastReviewBefore(userId, todayRange!.start),
      freezes.lastUsedOn(userId),
    ]);
    const kept = [
      lastReview === null ? null : localDayNumber(new Date(lastReview), timeZone),
      lastUsed === null ? null : dateToDay(lastUsed),
    ];
    const lastKept = Math.max(...kept.filter((day): day is number => day !== null));
    if (!Number.isFinite(lastKept)) return; // nothing studied yet: no streak to keep
    const boughtOn = held.map((at) => localDayNumber(new Date(at), timeZone));
    for (const day of daysToFreeze(lastKept, today - 1, boughtOn)) {
      const [range] = dayRanges(timeZone, day, day);
      if (!(await freezes.use(userId, dayToDate(day), range!.end))) return;
    }
  }

  /** The local days of `ranges` a freeze kept. */
  private async frozenDays(userId: number, ranges: readonly DayRange[]): Promise<Set<number>> {
    const dates = await this.deps.freezes.usedOn(
      userId,
      dayToDate(ranges[0]!.day),
      dayToDate(ranges[ranges.length - 1]!.day),
    );
    return new Set(dates.map(dateToDay));
  }

  /**
   * The run of kept days within `ranges` that reaches `aliveSince` or later: its studied days
   * and its frozen ones. Without a frozen day and when the review days cannot tell, the logs
   * are walked from the newest day, one probe per day of the run.
   */
  private async currentRun(
    userId: number,
    ranges: readonly DayRange[],
    aliveSince: number,
  ): Promise<{ length: number; frozen: number; firstDay: number | null }> {
    const [active, frozen] = await Promise.all([this.activeDays(userId, ranges), this.frozenDays(userId, ranges)]);
    if (active === null && frozen.size === 0) {
      return { ...(await this.deps.repository.currentRun(userId, ranges, aliveSince)), frozen: 0 };
    }
    const { current, currentFirstDay, currentFrozen } = runsOf(
      ranges.map((range) => range.day),
      active ?? (await this.deps.repository.reviewedDays(userId, ranges)),
      aliveSince,
      frozen,
    );
    return { length: current, frozen: currentFrozen, firstDay: currentFirstDay };
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
    await this.useFreezes(userId, timeZone, today);
    const ranges = dayRanges(timeZone, from, today);
    const [active, frozen] = await Promise.all([this.activeDays(userId, ranges), this.frozenDays(userId, ranges)]);
    if (active === null && frozen.size === 0) {
      const { current, longest } = await repository.reviewStreaks(userId, ranges, today - 1);
      return { current, longest };
    }
    const { current, longest } = runsOf(
      ranges.map((range) => range.day),
      active ?? (await repository.reviewedDays(userId, ranges)),
      today - 1,
      frozen,
    );
    return { current, longest };
  }

  /**
   * Distinct cards reviewed today (in `timeZone`, already checked) in scheduled study, and the
   * learner's daily goal: the one count of "cards studied today" (dashboard, study hub, daily-goal XP).
   */
  async dailyGoalProgress(userId: number, timeZone: string): Promise<DailyGoalProgress> {
    const [range] = dayRanges(timeZone, this.today(timeZone), this.today(timeZone));
    return this.deps.repository.dailyGoalProgress(userId, range!);
  }

  /** Reviews per local day over the last `days` days (today included), every day listed. */
  async analytics(userId: number, timeZone: string, { days: count }: AnalyticsQuery): Promise<Analytics> {
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

  recentActivity(userId: number, { limit }: RecentActivityQuery): Promise<StudySessionRow[]> {
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
