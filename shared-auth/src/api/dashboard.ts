import { apiClient } from '../client';
import type {
  Analytics,
  DashboardData,
  EndSessionInput,
  EndSessionResponse,
  RecentActivity,
  StartSessionInput,
  StartSessionResponse,
  UserStats,
} from '../types';

/** Only the query values that were given (the server applies its own defaults otherwise). */
function given(params: Record<string, number | undefined>): Record<string, number> {
  const sent: Record<string, number> = {};
  for (const [key, value] of Object.entries(params)) if (value !== undefined) sent[key] = value;
  return sent;
}

export const dashboardApi = {
  getDashboard: () => apiClient.get<DashboardData>('/dashboard/dashboard').then((r) => r.data),
  /** Reviews per local day over the last `days` days (1-366; the server's default is 30), today last. */
  getAnalytics: (days?: number) =>
    apiClient.get<Analytics>('/dashboard/analytics', { params: given({ days }) }).then((r) => r.data),
  getUserStats: () => apiClient.get<UserStats>('/dashboard/user-stats').then((r) => r.data),
  /** The latest `limit` study sessions, newest first. */
  getRecentActivity: (limit?: number) =>
    apiClient.get<RecentActivity>('/dashboard/recent-activity', { params: given({ limit }) }).then((r) => r.data),
  getStudyProgress: () => apiClient.get('/dashboard/study-progress').then((r) => r.data),
  startSession: (options: StartSessionInput) =>
    apiClient.post<StartSessionResponse>('/dashboard/session/start', options).then((r) => r.data),
  endSession: (sessionId: number, extra: EndSessionInput = {}) =>
    apiClient.post<EndSessionResponse>('/dashboard/session/end', { sessionId, ...extra }).then((r) => r.data),
  recordCardStudy: (cardId: number, extra: Record<string, unknown> = {}) =>
    apiClient.post('/dashboard/session/card-study', { cardId, ...extra }).then((r) => r.data),
};
