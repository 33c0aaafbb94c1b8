// The study screens' calls (schemas/study.ts): the review queue, reviews (idempotent), undo,
// reset, the study settings, stats, schedule and forecast.
import { studyEndpoints as ep, type ReviewInput, type StudySettingsInput } from '../schemas/study';
import { callEndpoint } from './call';

/** Only the query values that were given (the server applies its own defaults otherwise). */
function given(params: Record<string, number | undefined>): Record<string, string> {
  const sent: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) if (value !== undefined) sent[key] = String(value);
  return sent;
}

export const learningApi = {
  /** Due cards and the first `newLimit` new cards, each with its rating preview; counts and daily goal. */
  reviewQueue: (newLimit?: number) => callEndpoint(ep.reviewQueue, { querystring: given({ newLimit }) }),
};

/** The learner's study settings (daily goal, desired retention, maximum interval, new cards per day). */
export const settingsApi = {
  get: () => callEndpoint(ep.getSettings, {}),
  /** Changes the fields given; the others keep their value. */
  update: (settings: StudySettingsInput) => callEndpoint(ep.updateSettings, { body: settings }),
};

export const spacedRepetitionApi = {
  /** The due queue as a list (at most `limit` cards; the server's default is 200). */
  due: (limit?: number) => callEndpoint(ep.due, { querystring: given({ limit }) }),
  /**
   * Every retry of one submit must carry the same key: a review whose answer was lost is then
   * not counted twice by the server.
   */
  review: (input: ReviewInput, idempotencyKey: string) =>
    callEndpoint(ep.review, { body: input, headers: { 'idempotency-key': idempotencyKey } }),
  /** Restores the card as it was before that review and takes it out of the session's counts. */
  undo: (reviewId: number) => callEndpoint(ep.undo, { body: { reviewId } }),
  schedule: () => callEndpoint(ep.schedule, {}),
  stats: () => callEndpoint(ep.stats, {}),
  settings: settingsApi.get,
  updateSettings: settingsApi.update,
  /** Forgets the card's scheduling: it is new again. */
  reset: (cardId: number) => callEndpoint(ep.reset, { params: { cardId: String(cardId) } }),
  /** Due cards per local day for the next `days` days (server default 30); today includes overdue ones. */
  forecast: (days?: number) => callEndpoint(ep.forecast, { querystring: given({ days }) }),
};
