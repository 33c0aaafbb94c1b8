// Dashboard numbers -> the JSON the shell's dashboard and the progress screen read.
import type { DashboardData, StudySession } from '@flashcard/api-contract/schemas';
import type { StudySessionRow } from '../../db/schema';
import type { Analytics, Dashboard, StudyProgress, UserStats } from './service';

export function presentSession(session: StudySessionRow): StudySession {
  return {
    id: session.id,
    session_type: session.session_type,
    cards_studied: session.cards_studied,
    accuracy: session.accuracy,
    started_at: session.started_at,
    ended_at: session.ended_at,
    created_at: session.created_at,
  };
}

export function presentDashboard(dashboard: Dashboard): DashboardData {
  return {
    userStats: {
      totalCardsStudied: dashboard.totalCardsStudied,
      averageAccuracy: dashboard.averageAccuracy,
      currentStreak: dashboard.currentStreak,
      frozenDays: dashboard.frozenDays,
      successRate: dashboard.successRate,
      totalReviews: dashboard.totalReviews,
      totalCards: dashboard.totalCards,
    },
    recentSessions: dashboard.recentSessions.map(presentSession),
    dailyGoal: { cardsStudied: dashboard.cardsStudiedToday, dailyGoal: dashboard.dailyGoal },
  };
}

export const presentAnalytics = (analytics: Analytics): Analytics => ({
  days: analytics.days.map((day) => ({ ...day })),
  totals: { ...analytics.totals },
});

export const presentUserStats = (stats: UserStats): UserStats => ({ ...stats });

export const presentStudyProgress = (progress: StudyProgress): StudyProgress => ({
  dailyGoal: { ...progress.dailyGoal },
  cards: { ...progress.cards },
  reviewsToday: progress.reviewsToday,
});
