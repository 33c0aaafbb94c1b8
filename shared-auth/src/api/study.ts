import { apiClient } from '../client';
import type { Forecast, ReviewInput, ReviewQueue, ReviewResponse, UndoReviewResponse } from '../types';

export const learningApi = {
  /** Due cards and the first `newLimit` new cards, each with its rating preview; counts and daily goal. */
  reviewQueue: (newLimit?: number) =>
    apiClient
      .get<ReviewQueue>('/learning/review-queue', { params: newLimit === undefined ? {} : { newLimit } })
      .then((r) => r.data),
};

export const spacedRepetitionApi = {
  /**
   * Every retry of one submit must carry the same key: a review whose answer was lost is then
   * not counted twice by the server.
   */
  review: (input: ReviewInput, idempotencyKey: string) =>
    apiClient
      .post<ReviewResponse>('/spaced-repetition/review', input, { headers: { 'Idempotency-Key': idempotencyKey } })
      .then((r) => r.data),
  /** Restores the card as it was before that review and takes it out of the session's counts. */
  undo: (reviewId: number) =>
    apiClient.post<UndoReviewResponse>('/spaced-repetition/undo', { reviewId }).then((r) => r.data),
  schedule: () => apiClient.get('/spaced-repetition/schedule').then((r) => r.data),
  stats: () => apiClient.get('/spaced-repetition/stats').then((r) => r.data),
  updateSettings: (settings: Record<string, unknown>) =>
    apiClient.put('/spaced-repetition/settings', settings).then((r) => r.data),
  reset: (cardId: number) => apiClient.post(`/spaced-repetition/reset/${cardId}`).then((r) => r.data),
  /** Due cards per local day for the next `days` days (server default 30); today includes overdue ones. */
  forecast: (days?: number) =>
    apiClient
      .get<Forecast>('/spaced-repetition/forecast', { params: days === undefined ? {} : { days } })
      .then((r) => r.data),
};

export const settingsApi = {
  get: () => apiClient.get('/user/settings').then((r) => r.data),
  update: (settings: Record<string, unknown>) => apiClient.put('/user/settings', settings).then((r) => r.data),
};
