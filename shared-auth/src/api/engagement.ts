import { apiClient } from '../client';
import type {
  GamificationProfile,
  MarkAllReadResponse,
  MarkReadResponse,
  NotificationList,
  UnreadCount,
} from '../types';

export const gamificationApi = {
  profile: (id?: number) =>
    apiClient
      .get<GamificationProfile>(id === undefined ? '/gamification/profile' : `/gamification/profile/${id}`)
      .then((r) => r.data),
  leaderboard: () => apiClient.get('/gamification/leaderboard').then((r) => r.data),
  achievements: () => apiClient.get('/gamification/achievements').then((r) => r.data),
  checkAchievements: () => apiClient.post('/gamification/achievements/check').then((r) => r.data),
  addExperience: (amount: number, source: string) =>
    apiClient.post('/gamification/experience/add', { amount, source }).then((r) => r.data),
};

export const dailyBonusApi = {
  info: () => apiClient.get('/daily-bonus/info').then((r) => r.data),
  claim: () => apiClient.post('/daily-bonus/claim').then((r) => r.data),
};

export const socialApi = {
  friends: () => apiClient.get('/social/friends').then((r) => r.data),
  following: () => apiClient.get('/social/following').then((r) => r.data),
  followers: () => apiClient.get('/social/followers').then((r) => r.data),
  sendFriendRequest: (email: string) => apiClient.post('/social/friend-request', { email }).then((r) => r.data),
  friendRequests: () => apiClient.get('/social/friend-requests').then((r) => r.data),
  acceptFriendRequest: (id: number) => apiClient.post(`/social/friend-request/${id}/accept`).then((r) => r.data),
  declineFriendRequest: (id: number) => apiClient.delete(`/social/friend-request/${id}`).then((r) => r.data),
  removeFriend: (id: number) => apiClient.delete(`/social/friend/${id}`).then((r) => r.data),
  feed: () => apiClient.get('/social/feed').then((r) => r.data),
  searchUsers: (q: string) => apiClient.get('/social/users/search', { params: { q } }).then((r) => r.data),
};

export const tokensApi = {
  balance: () => apiClient.get('/tokens/balance').then((r) => r.data),
  history: () => apiClient.get('/tokens/history').then((r) => r.data),
  opportunities: () => apiClient.get('/tokens/opportunities').then((r) => r.data),
};

export const insightsApi = {
  comprehensive: () => apiClient.get('/insights/comprehensive').then((r) => r.data),
  byType: (type: string) => apiClient.get(`/insights/${encodeURIComponent(type)}`).then((r) => r.data),
  userInsights: () => apiClient.get('/insights/user-insights').then((r) => r.data),
  recommendedActions: () => apiClient.get('/insights/actions/recommended').then((r) => r.data),
};

export const notificationsApi = {
  /** The latest `limit` notifications (1-100; the server's default is 20), newest first. */
  list: (limit?: number) =>
    apiClient
      .get<NotificationList>('/notifications', { params: limit === undefined ? {} : { limit } })
      .then((r) => r.data),
  /**
   * Polled in the background by the bell: a failure never shows a toast (the caller only logs
   * it); an expired session is still handled as on every call.
   */
  unreadCount: () =>
    apiClient.get<UnreadCount>('/notifications/unread-count', { skipErrorToast: true }).then((r) => r.data),
  markRead: (id: number) => apiClient.put<MarkReadResponse>(`/notifications/${id}/mark-read`).then((r) => r.data),
  markAllRead: () => apiClient.put<MarkAllReadResponse>('/notifications/mark-all-read').then((r) => r.data),
};

export const healthApi = {
  check: () => apiClient.get<{ status: string }>('/health').then((r) => r.data),
};
