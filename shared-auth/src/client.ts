// THE API client. Every call of every app goes through this axios instance, so the bearer
// header, the one-shot token refresh and the error texts behave the same everywhere.
import axios, { type AxiosError, type AxiosRequestConfig, type InternalAxiosRequestConfig } from 'axios';
import type { authEndpoints, RefreshResponse, Tokens } from '@flashcard/api-contract/schemas';
import { getErrorMessage } from './errors';
import { clearSession, getAccessToken, getRefreshToken, saveTokens } from './session';
import { API_BASE_URL } from './api-base';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** The caller shows its own message (e.g. the login form's error box). */
    skipErrorToast?: boolean;
    /** Set once a request has been retried after a token refresh: never retried twice. */
    _retried?: boolean;
  }
}

export { API_BASE_URL };

type Auth = typeof authEndpoints;

/**
 * The paths of the auth calls the kernel makes itself (auth-calls.ts, the refresh below): the
 * contract's, checked against it at compile time (the kernel imports the contract as types only).
 */
export const AUTH_PATHS: { [K in keyof Auth]: Auth[K]['path'] } = {
  register: '/auth/register',
  login: '/auth/login',
  refresh: '/auth/refresh',
  logout: '/auth/logout',
  me: '/auth/me',
  changePassword: '/auth/change-password',
};
export const API_TIMEOUT_MS = 30000;

export const apiClient = axios.create({
  baseURL: API_BASE_URL,
  timeout: API_TIMEOUT_MS,
  headers: { 'Content-Type': 'application/json' },
});

export function bearer(token: string): string {
  return `Bearer ${token}`;
}

/** Put (or remove) the access token in the client's default Authorization header. */
export function setAuthHeader(token: string | null): void {
  if (token) apiClient.defaults.headers.common.Authorization = bearer(token);
  else delete apiClient.defaults.headers.common.Authorization;
}

// Spec 4: on start-up the stored token is restored into the Authorization header.
setAuthHeader(getAccessToken());

type Listener<T> = (value: T) => void;
const tokenListeners = new Set<Listener<Tokens>>();
const expiryListeners = new Set<Listener<void>>();
let notifyError: Listener<string> | null = null;
let goToLogin: () => void = () => window.location.assign('/login');

/** Called with the new pair whenever a refresh succeeds (the auth store keeps `token` in sync). */
export function onTokensRefreshed(listener: Listener<Tokens>): () => void {
  tokenListeners.add(listener);
  return () => tokenListeners.delete(listener);
}

/** Called when the session is over for good (refresh failed): the store resets itself. */
export function onSessionExpired(listener: Listener<void>): () => void {
  expiryListeners.add(listener);
  return () => expiryListeners.delete(listener);
}

/** The shell shows failed calls as toasts; shared-auth itself renders nothing. */
export function setErrorNotifier(notifier: Listener<string> | null): void {
  notifyError = notifier;
}

/** The shell routes to /login inside the SPA (keeping the page to come back to). */
export function setUnauthorizedHandler(handler: () => void): void {
  goToLogin = handler;
}

// Calls whose 401 means "wrong credentials", not "session expired".
const NO_REFRESH_PATHS = [AUTH_PATHS.login, AUTH_PATHS.refresh, AUTH_PATHS.register];

function isNoRefreshCall(config: AxiosRequestConfig): boolean {
  const url = config.url ?? '';
  return NO_REFRESH_PATHS.some((path) => url === path || url.endsWith(path));
}

function isOnLoginPage(): boolean {
  const path = typeof window === 'undefined' ? '' : window.location.pathname;
  return path.startsWith('/login') || path.startsWith('/signup');
}

let refreshInFlight: Promise<string | null> | null = null;

async function performRefresh(): Promise<string | null> {
  const refreshToken = getRefreshToken();
  if (!refreshToken) return null;
  try {
    // Partial: a sign-in counts only if the answer really carries an access token.
    const { data } = await apiClient.post<Partial<RefreshResponse>>(
      AUTH_PATHS.refresh,
      { refreshToken },
      { skipErrorToast: true },
    );
    if (!data?.tokens?.accessToken) return null;
    saveTokens(data.tokens);
    setAuthHeader(data.tokens.accessToken);
    tokenListeners.forEach((listener) => listener(data.tokens!));
    return data.tokens.accessToken;
  } catch {
    return null;
  }
}

/**
 * Tabs share the stored tokens, and the server treats a second use of a rotated refresh token
 * as theft. So tabs take turns (Web Locks), and a tab that finds the refresh token already
 * rotated by another tab simply uses the access token that tab stored.
 */
async function refreshAcrossTabs(): Promise<string | null> {
  const seen = getRefreshToken();
  const refreshOnce = async () => {
    const current = getRefreshToken();
    if (current && current !== seen) {
      const access = getAccessToken();
      if (access) {
        setAuthHeader(access);
        return access;
      }
    }
    return performRefresh();
  };
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('flashcard-token-refresh', refreshOnce) : refreshOnce();
}

/** Get a new access token; concurrent callers share one refresh request. */
export function refreshAccessToken(): Promise<string | null> {
  refreshInFlight ??= refreshAcrossTabs().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/** The session cannot be saved: forget it and go to /login (unless already there). */
export function expireSession(): void {
  clearSession();
  setAuthHeader(null);
  expiryListeners.forEach((listener) => listener());
  if (!isOnLoginPage()) goToLogin();
}

function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

apiClient.interceptors.request.use((config: InternalAxiosRequestConfig) => {
  // Read the token per request: another tab may have refreshed it since start-up.
  const token = getAccessToken();
  if (token) config.headers.set('Authorization', bearer(token));
  // An account takes its time zone from its first device (later changes go through settings).
  const timeZone = browserTimeZone();
  if (timeZone) config.headers.set('X-Time-Zone', timeZone);
  return config;
});

apiClient.interceptors.response.use(
  (response) => response,
  async (error: AxiosError) => {
    const config = error.config;
    if (error.response?.status === 401 && config && !isNoRefreshCall(config)) {
      if (!config._retried) {
        config._retried = true;
        const sentWith = String(config.headers?.Authorization ?? '');
        const current = getAccessToken();
        // A refresh finished while this request was in flight: retry with the newer token.
        const token = current && bearer(current) !== sentWith ? current : await refreshAccessToken();
        if (token) {
          config.headers.set('Authorization', bearer(token));
          return apiClient.request(config);
        }
      }
      expireSession();
      return Promise.reject(error);
    }
    if (!config?.skipErrorToast && error.response?.status !== 401) {
      const message = getErrorMessage(error);
      if (message) notifyError?.(message);
    }
    return Promise.reject(error);
  },
);
