import { apiClient } from '../client';
import type {
  DashboardData,
  EndSessionInput,
  EndSessionResponse,
  StartSessionInput,
  StartSessionResponse,
} from '../types';

export const dashboardApi = {
  getDashboard: () => apiClient.get<DashboardData>('/dashboard/dashboard').then((r) => r.data),
  getAnalytics: () => apiClient.get('/dashboard/analytics').then((r) => r.data),
  getUserStats: () => apiClient.get('/dashboard/user-stats').then((r) => r.data),
  getRecentActivity: () => apiClient.get('/dashboard/recent-activity').then((r) => r.data),
  getStudyProgress: () => apiClient.get('/dashboard/study-progress').then((r) => r.data),
  startSession: (options: StartSessionInput) =>
    apiClient.post<StartSessionResponse>('/dashboard/session/start', options).then((r) => r.data),
  endSession: (sessionId: number, extra: EndSessionInput = {}) =>
    apiClient.post<EndSessionResponse>('/dashboard/session/end', { sessionId, ...extra }).then((r) => r.data),
  recordCardStudy: (cardId: number, extra: Record<string, unknown> = {}) =>
    apiClient.post('/dashboard/session/card-study', { cardId, ...extra }).then((r) => r.data),
};
