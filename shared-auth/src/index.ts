export * from './types';
export { STORAGE_KEYS, clearSession, getAccessToken, getRefreshToken } from './session';
export { ERROR_TEXTS, getErrorMessage, serverErrorOf } from './errors';
export {
  API_BASE_URL,
  API_TIMEOUT_MS,
  apiClient,
  expireSession,
  onSessionExpired,
  onTokensRefreshed,
  refreshAccessToken,
  setAuthHeader,
  setErrorNotifier,
  setUnauthorizedHandler,
} from './client';
export { useAuthStore, type AuthResult, type AuthState } from './store';
export { authApi } from './api/auth';
export { dashboardApi } from './api/dashboard';
export { cardsApi, categoriesApi, cardQueryParams } from './api/cards';
export { learningApi, spacedRepetitionApi, settingsApi } from './api/study';
export {
  dailyBonusApi,
  gamificationApi,
  healthApi,
  insightsApi,
  notificationsApi,
  socialApi,
  tokensApi,
} from './api/engagement';
