// Test data shaped like the API's answers.
import type { Analytics, AnalyticsDay, OptimizerStatus, Profile, Workload } from '@flashcard/api-contract';

const DAY_MS = 86_400_000;

export const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** `count` consecutive days ending on `lastDay`, oldest first; `reviews` by date (else 0). */
export function analyticsDays(lastDay: string, count: number, reviews: Record<string, number> = {}): AnalyticsDay[] {
  const end = Date.parse(`${lastDay}T00:00:00Z`);
  return Array.from({ length: count }, (_, index) => {
    const date = isoDay(end - (count - 1 - index) * DAY_MS);
    const n = reviews[date] ?? 0;
    return { date, reviews: n, correct: Math.round(n * 0.8), successRate: n === 0 ? null : 80 };
  });
}

export function analytics(days: AnalyticsDay[], successRate: number | null = null): Analytics {
  const reviews = days.reduce((sum, day) => sum + day.reviews, 0);
  const correct = days.reduce((sum, day) => sum + day.correct, 0);
  return { days, totals: { reviews, correct, successRate } };
}

/** Sat 2025-01-25 .. Fri 2025-01-31, with a day without reviews in the middle. */
export const WEEK: AnalyticsDay[] = [
  { date: '2025-01-25', reviews: 0, correct: 0, successRate: null },
  { date: '2025-01-26', reviews: 5, correct: 4, successRate: 80 },
  { date: '2025-01-27', reviews: 10, correct: 9, successRate: 90 },
  { date: '2025-01-28', reviews: 2, correct: 1, successRate: 50 },
  { date: '2025-01-29', reviews: 0, correct: 0, successRate: null },
  { date: '2025-01-30', reviews: 8, correct: 6, successRate: 75 },
  { date: '2025-01-31', reviews: 20, correct: 17, successRate: 85 },
];
export const WEEK_ANALYTICS = analytics(WEEK, 82.2);

export function profile(experience_points: number): Profile {
  return {
    id: 1,
    display_name: 'Ada',
    experience_points,
    level: 1,
    level_progress: { current: experience_points, next: 100 },
    achievements_unlocked: 0,
    tokens: 0,
  };
}

/** The optimizer's status for a learner with no reviews yet. */
export const NO_HISTORY: OptimizerStatus = {
  reviewCount: 0,
  minimumReviews: 400,
  suggested: false,
  running: false,
  result: null,
};

/** A simulated workload: `days` days of `reviews` reviews (a tenth of them new cards on day 0), and a curve from 70% to 97%. */
export function workload(overrides: Partial<Workload> = {}, reviews = 20, days = 365): Workload {
  const retention = overrides.retention ?? 0.9;
  const curve = Array.from({ length: 28 }, (_, i) => {
    const at = Math.round((0.7 + i / 100) * 100) / 100;
    return { retention: at, reviewsPerDay: 10 + i * 2, minutesPerDay: 2 + i * 0.5, knowledge: 100 + i * 5 };
  });
  return {
    retention,
    target: 0.9,
    days,
    personalParameters: false,
    cards: { studied: 120, new: 30, newPerDay: 10 },
    daily: {
      reviews: Array.from({ length: days }, (_, i) => (i === 3 ? reviews * 2 : reviews)),
      newCards: Array.from({ length: days }, (_, i) => (i < 3 ? 10 : 0)),
      minutes: Array.from({ length: days }, () => 4.5),
    },
    summary: { retention, reviewsPerDay: reviews, minutesPerDay: 4.5, knowledge: 130.4 },
    curve,
    efficient: 0.82,
    ...overrides,
  };
}
