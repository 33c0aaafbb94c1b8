// The daily bonus, tokens, insights and notifications (schemas/daily-bonus.ts, tokens.ts,
// insights.ts, notifications.ts).
import { dailyBonusEndpoints as bonus } from '../schemas/daily-bonus';
import { insightsEndpoints as insights, type InsightType } from '../schemas/insights';
import { notificationsEndpoints as notifications } from '../schemas/notifications';
import { tokensEndpoints as tokens } from '../schemas/tokens';
import { callEndpoint, given } from './call';

export const dailyBonusApi = {
  info: () => callEndpoint(bonus.info, {}),
  /** Refused (409) when today's bonus was already claimed. */
  claim: () => callEndpoint(bonus.claim, {}),
};

export const tokensApi = {
  balance: () => callEndpoint(tokens.balance, {}),
  /** Newest first. */
  history: () => callEndpoint(tokens.history, {}),
  opportunities: () => callEndpoint(tokens.opportunities, {}),
  streakFreezes: () => callEndpoint(tokens.streakFreezes, {}),
  /** Refused (400, the reason in `error`) when the balance is short or the most are held. */
  buyStreakFreeze: () => callEndpoint(tokens.buyStreakFreeze, {}),
};

export const insightsApi = {
  comprehensive: () => callEndpoint(insights.comprehensive, {}),
  byType: (type: InsightType) => callEndpoint(insights.byType, { params: { type } }),
  userInsights: () => callEndpoint(insights.userInsights, {}),
  recommendedActions: () => callEndpoint(insights.recommendedActions, {}),
};

export const notificationsApi = {
  /** The latest `limit` notifications (NOTIFICATION_LIMIT), newest first. */
  list: (limit?: number) => callEndpoint(notifications.list, { querystring: given({ limit }) }),
  /**
   * Polled in the background by the bell: a failure never shows a toast (the caller only logs
   * it); an expired session is still handled as on every call.
   */
  unreadCount: () => callEndpoint(notifications.unreadCount, {}, { skipErrorToast: true }),
  markRead: (id: number) => callEndpoint(notifications.markRead, { params: { id: String(id) } }),
  markAllRead: () => callEndpoint(notifications.markAllRead, {}),
};
