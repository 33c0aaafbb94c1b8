// /api/dashboard/*: the signed-in learner's own numbers (the shell's dashboard, the progress
// screen). Query values arrive as text up to 20 characters; the API turns bad ones into a 400 a
// person can read. "Today" and streaks are counted in the account's time zone (settings).
import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../endpoint';
import { errorResponses, Nullable, Percent, QueryInteger, TimeZoneHeaders } from './common';

export const SessionType = Type.Union([Type.Literal('practice'), Type.Literal('review'), Type.Literal('other')]);

export const StudySession = Type.Object({
  id: Type.Integer(),
  session_type: SessionType,
  cards_studied: Type.Integer(),
  accuracy: Type.Number(),
  started_at: Type.String(),
  /** null while the session is still open. */
  ended_at: Nullable(Type.String()),
  created_at: Type.String(),
});

/** Cards studied today and the learner's goal. */
export const DailyGoalProgress = Type.Object({ cardsStudied: Type.Integer(), dailyGoal: Type.Integer() });

/**
 * THE success rate (dashboard, progress screen, analytics): reviews rated above Again out of all
 * reviews over the same window (here the learner's whole history); percent with one decimal,
 * null before any review.
 */
export const SuccessRate = Percent;

export const DashboardData = Type.Object({
  userStats: Type.Object({
    totalCardsStudied: Type.Integer(),
    /** Mean accuracy of finished sessions (the spec's field); screens show `successRate`. */
    averageAccuracy: Type.Number(),
    currentStreak: Type.Integer(),
    /** Days inside the current streak kept by a streak freeze (not counted in currentStreak). */
    frozenDays: Type.Optional(Type.Integer()),
    /** Correct reviews / all reviews, whole history (see SuccessRate). */
    successRate: Type.Optional(SuccessRate),
    /** Reviews logged, whole history. */
    totalReviews: Type.Optional(Type.Integer()),
    /** Cards the learner has now. */
    totalCards: Type.Optional(Type.Integer()),
  }),
  /** Finished sessions that studied at least one card, newest first (open or abandoned ones never). */
  recentSessions: Type.Array(StudySession),
  dailyGoal: DailyGoalProgress,
});

/** One local day of the analytics. */
export const AnalyticsDay = Type.Object({
  /** Local calendar day, 'YYYY-MM-DD'. */
  date: Type.String(),
  reviews: Type.Integer(),
  /** Reviews rated other than Again. */
  correct: Type.Integer(),
  /** Percent with one decimal; null on a day without reviews. */
  successRate: Percent,
});

/** Every day listed, oldest first, ending today. */
export const Analytics = Type.Object({
  days: Type.Array(AnalyticsDay),
  totals: Type.Object({ reviews: Type.Integer(), correct: Type.Integer(), successRate: Percent }),
});

export const UserStats = Type.Object({
  totalCardsStudied: Type.Integer(),
  averageAccuracy: Type.Number(),
  currentStreak: Type.Integer(),
  longestStreak: Type.Integer(),
  /** Correct reviews / all reviews, whole history (see SuccessRate). */
  successRate: Type.Optional(SuccessRate),
  totalReviews: Type.Integer(),
  reviewsToday: Type.Integer(),
  totalCards: Type.Integer(),
  studyTimeMs: Type.Integer(),
});

/** The latest finished sessions that studied at least one card, newest first. */
export const RecentActivity = Type.Object({ sessions: Type.Array(StudySession) });

/** How many of the learner's cards are in each scheduler state, and how many are marked known. */
export const CardCounts = Type.Object({
  total: Type.Integer(),
  new: Type.Integer(),
  learning: Type.Integer(),
  review: Type.Integer(),
  relearning: Type.Integer(),
  known: Type.Integer(),
});

export const StudyProgress = Type.Object({
  dailyGoal: Type.Composite([DailyGoalProgress, Type.Object({ percent: Type.Integer(), reached: Type.Boolean() })]),
  cards: CardCounts,
  reviewsToday: Type.Integer(),
});

/** Days the analytics cover, today last: at most a leap year's worth, "the last year" whatever the date. */
export const ANALYTICS_DAYS = { min: 1, max: 366, default: 30 } as const;
/** Sessions recent activity lists: 3 unless asked for more. */
export const RECENT_ACTIVITY_LIMIT = { min: 1, max: 50, default: 3 } as const;

export const AnalyticsQuery = Type.Object({
  days: QueryInteger(
    ANALYTICS_DAYS,
    `days must be a whole number between ${ANALYTICS_DAYS.min} and ${ANALYTICS_DAYS.max}`,
  ),
});
export const RecentActivityQuery = Type.Object({
  limit: QueryInteger(
    RECENT_ACTIVITY_LIMIT,
    `limit must be a whole number between ${RECENT_ACTIVITY_LIMIT.min} and ${RECENT_ACTIVITY_LIMIT.max}`,
  ),
});
export type AnalyticsQuery = Static<typeof AnalyticsQuery>;
export type RecentActivityQuery = Static<typeof RecentActivityQuery>;

export const dashboardEndpoints = {
  dashboard: endpoint('GET', '/dashboard/dashboard', {
    headers: TimeZoneHeaders,
    response: { 200: DashboardData, ...errorResponses(401) },
  }),
  /** Reviews per local day over the last `days` days, today last. */
  analytics: endpoint('GET', '/dashboard/analytics', {
    headers: TimeZoneHeaders,
    querystring: AnalyticsQuery,
    response: { 200: Analytics, ...errorResponses(400, 401) },
  }),
  userStats: endpoint('GET', '/dashboard/user-stats', {
    headers: TimeZoneHeaders,
    response: { 200: UserStats, ...errorResponses(401) },
  }),
  recentActivity: endpoint('GET', '/dashboard/recent-activity', {
    querystring: RecentActivityQuery,
    response: { 200: RecentActivity, ...errorResponses(400, 401) },
  }),
  studyProgress: endpoint('GET', '/dashboard/study-progress', {
    headers: TimeZoneHeaders,
    response: { 200: StudyProgress, ...errorResponses(401) },
  }),
};

export type SessionType = Static<typeof SessionType>;
export type StudySession = Static<typeof StudySession>;
export type DailyGoalProgress = Static<typeof DailyGoalProgress>;
export type DashboardData = Static<typeof DashboardData>;
export type AnalyticsDay = Static<typeof AnalyticsDay>;
export type Analytics = Static<typeof Analytics>;
export type UserStats = Static<typeof UserStats>;
export type CardCounts = Static<typeof CardCounts>;
export type StudyProgress = Static<typeof StudyProgress>;
