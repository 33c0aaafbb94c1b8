// The study screens' calls (schemas/study.ts): the review queue, reviews (idempotent), undo,
// reset, the study settings, stats, schedule and forecast.
import { studyEndpoints as ep, type CardAction, type ReviewInput, type StudySettingsInput } from '../schemas/study';
import { callEndpoint, given } from './call';

/** What a session covers: one set, one tag, or every card when both are absent. */
export interface StudyScope {
  set?: number;
  tag?: string;
}

export const learningApi = {
  /** Due cards and the first `newLimit` new cards, each with its rating preview; counts and daily goal. */
  reviewQueue: (newLimit?: number, scope: StudyScope = {}) =>
    callEndpoint(ep.reviewQueue, { querystring: given({ newLimit, ...scope }) }),
  /** Custom study (nothing rescheduled): cram every card of the scope, or the cards due in the next `days` days. */
  custom: (mode: 'cram' | 'ahead', scope: StudyScope = {}, options: { days?: number; limit?: number } = {}) =>
    callEndpoint(ep.custom, { querystring: { mode, ...given({ ...scope, ...options }) } }),
  /** Questions with their shuffled choices (the card's answer among other answers of the scope). */
  multipleChoice: (scope: StudyScope = {}, options: { limit?: number; choices?: number } = {}) =>
    callEndpoint(ep.multipleChoice, { querystring: given({ ...scope, ...options }) }),
};

/** The learner's study settings (daily goal, desired retention, maximum interval, new cards per day). */
export const settingsApi = {
  get: () => callEndpoint(ep.getSettings, {}),
  /** Changes the fields given; the others keep their value. */
  update: (settings: StudySettingsInput) => callEndpoint(ep.updateSettings, { body: settings }),
};

export const spacedRepetitionApi = {
  /** The due queue as a list (at most `limit` cards; the server's default is QUEUE_DUE_LIMIT's). */
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
  /** suspend / unsuspend, bury (until the learner's next day) / unbury. */
  cardAction: (cardId: number, action: CardAction) =>
    callEndpoint(ep.cardAction, { params: { cardId: String(cardId), action } }),
  /** Forgets the card's scheduling: it is new again. */
  reset: (cardId: number) => callEndpoint(ep.reset, { params: { cardId: String(cardId) } }),
  /** Due cards per local day for the next `days` days (the server's default: FORECAST_DAYS'); today includes overdue ones. */
  forecast: (days?: number) => callEndpoint(ep.forecast, { querystring: given({ days }) }),
};
