// The kernel: the one auth store, the one API client, the session's storage keys and the error
// catalogue, and the translation instance (i18n.ts), shared by the shell and every remote as one
// instance (a federation singleton).
// The typed calls of every endpoint are in @flashcard/api-contract, which each app bundles.
// The data types the kernel's own API uses are the contract's (re-exported as types only).
export type { AuthResponse, RegisterInput, Role, Tokens, User } from '@flashcard/api-contract/schemas';
// Kernel 2: no token getter; the access token stays inside the kernel's memory.
export {
  STORAGE_KEYS,
  clearSession,
  type EndedSession,
  type OfflineSession,
  type RestoredSession,
  type SessionEnd,
  type SessionRestore,
} from './session';
export { ERROR_TEXTS, failureToastId, getErrorMessage, serverErrorOf } from './errors';
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
/** An area's first calls started beside its code (kernel 2.1). */
export { fetchAhead, FETCH_AHEAD_FRESH_MS } from './fetch-ahead';
/** The auth store's own calls (the contract's `authApi` is this object). */
export { authCalls } from './auth-calls';
export { useAuthStore, type AuthResult, type AuthState } from './store';
/** The page's one translation instance, and the languages offered (kernel 1.1). */
export {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  browserLanguage,
  currentLanguage,
  i18n,
  isLanguage,
  registerMessages,
  setLanguage,
  type Catalogue,
  type Language,
  type Messages,
  type MessagesOf,
} from './i18n';
