// The dashboard's numbers and the study screens' sessions (schemas/dashboard.ts, schemas/sessions.ts).
import { dashboardEndpoints as ep } from '../schemas/dashboard';
import {
  sessionsEndpoints as sessions,
  type CardStudyInput,
  type EndSessionInput,
  type StartSessionInput,
} from '../schemas/sessions';
import { callEndpoint, given } from './call';

export const dashboardApi = {
  getDashboard: () => callEndpoint(ep.dashboard, {}),
  /** Reviews per local day over the last `days` days (ANALYTICS_DAYS), today last. */
  getAnalytics: (days?: number) => callEndpoint(ep.analytics, { querystring: given({ days }) }),
  getUserStats: () => callEndpoint(ep.userStats, {}),
  /** The latest `limit` study sessions, newest first. */
  getRecentActivity: (limit?: number) => callEndpoint(ep.recentActivity, { querystring: given({ limit }) }),
  getStudyProgress: () => callEndpoint(ep.studyProgress, {}),
  startSession: (options: StartSessionInput) => callEndpoint(sessions.start, { body: options }),
  endSession: (sessionId: number, extra: Omit<EndSessionInput, 'sessionId'> = {}) =>
    callEndpoint(sessions.end, { body: { sessionId, ...extra } }),
  /** A card studied outside the scheduler (practice), in session `extra.sessionId`; `correct` is true unless given. */
  recordCardStudy: (cardId: number, extra: Omit<CardStudyInput, 'cardId'>) =>
    callEndpoint(sessions.cardStudy, { body: { cardId, ...extra } }),
};
