import { apiClient } from '../client';
import type { ReviewInput } from '../types';

export const learningApi = {
  reviewQueue: () => apiClient.get('/learning/review-queue').then((r) => r.data),
};

export const spacedRepetitionApi = {
  review: (input: ReviewInput) => apiClient.post('/spaced-repetition/review', input).then((r) => r.data),
  schedule: () => apiClient.get('/spaced-repetition/schedule').then((r) => r.data),
  stats: () => apiClient.get('/spaced-repetition/stats').then((r) => r.data),
  updateSettings: (settings: Record<string, unknown>) =>
    apiClient.put('/spaced-repetition/settings', settings).then((r) => r.data),
  reset: (cardId: number) => apiClient.post(`/spaced-repetition/reset/${cardId}`).then((r) => r.data),
  forecast: () => apiClient.get('/spaced-repetition/forecast').then((r) => r.data),
};

export const settingsApi = {
  get: () => apiClient.get('/user/settings').then((r) => r.data),
  update: (settings: Record<string, unknown>) => apiClient.put('/user/settings', settings).then((r) => r.data),
};
