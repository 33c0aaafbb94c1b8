// The dashboard's numbers and the study screens' sessions (schemas/dashboard.ts, schemas/sessions.ts).
import { dashboardEndpoints as ep } from '../schemas/dashboard';
import {
  sessionsEndpoints as sessions,
  type CardStudyInput,
  type EndSessionInput,
  type StartSessionInput,
} from '../schemas/sessions';
import { callEndpoint } from './call';

/** Only the query values that were given (the server applies its own defaults otherwise). */
function given(params: Record<string, number | undefined>): Record<string, string> {
  const sent: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) if (value !== undefined) sent[key] = String(value);
  return sent;
}

export const dashboardApi = {
  getDashboard: () => callEndpoint(ep.dashboard, {}),
  /** Reviews per local day over the last `days` days (1-366; the server's default is 30), today last. */
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
