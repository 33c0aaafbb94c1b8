// THE API client. Every call of every app goes through this axios instance, so the bearer
// header, the one-shot token refresh and the error texts behave the same everywhere. The access
// token is the kernel's memory (session.ts); the refresh token is the HttpOnly cookie the API
// reads on /auth/refresh, which no script of the page can read.
import axios, { AxiosError, type AxiosRequestConfig, type InternalAxiosRequestConfig } from 'axios';
import type { authEndpoints, RefreshResponse, Tokens, User } from '@flashcard/api-contract/schemas';
import { getErrorMessage } from './errors';
import {
  BROWSER_SESSION_HEADER,
  clearSession,
  getAccessToken,
  offlineSession,
  openSessionChannel,
  sessionEndOf,
  sessionWorthRestoring,
  setAccessToken,
  setSessionHint,
  takeLegacyRefreshToken,
  withRefreshLock,
  type SessionEnd,
  type SessionMessage,
  type SessionRestore,
} from './session';
import { API_BASE_URL } from './api-base';
import { fetchingAhead, withFetchAhead } from './fetch-ahead';

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
  forgotPassword: '/auth/forgot-password',
  resetPassword: '/auth/reset-password',
};
export const API_TIMEOUT_MS = 30000;

export const apiClient = axios.create({
  baseURL: API_BASE_URL,
  timeout: API_TIMEOUT_MS,
  // The browser session's mark: the API answers refresh tokens only in its HttpOnly cookie.
  headers: { 'Content-Type': 'application/json', [BROWSER_SESSION_HEADER.name]: BROWSER_SESSION_HEADER.value },
});

export function bearer(token: string): string {
  return `Bearer ${token}`;
}

/**
 * Set (or forget) the access token every request of the client carries. Memory only: nothing
 * of the session is written to storage (kernel 2).
 */
export function setAuthHeader(token: string | null): void {
  setAccessToken(token);
}

type Listener<T> = (value: T) => void;
const tokenListeners = new Set<(tokens: Tokens, user?: User) => void>();
const expiryListeners = new Set<Listener<SessionEnd | undefined>>();
const offlineListeners = new Set<Listener<void>>();
/**
 * A call that got no answer while the browser says it is offline: the page shows that it is
 * offline (the shell's top bar, an area's own banner), so a toast per failed call would only
 * repeat it. Areas still toast their own failures.
 */
function knownOffline(error: { response?: unknown }): boolean {
  return !error.response && typeof navigator !== 'undefined' && navigator.onLine === false;
}

let notifyError: Listener<string> | null = null;
let goToLogin: () => void = () => window.location.assign('/login');

/**
 * Called with a new access token from a refresh here, or from another tab's sign-in or refresh,
 * and the user its answer carried (the auth store follows). `tokens` holds no refresh token.
 */
export function onTokensRefreshed(listener: (tokens: Tokens, user?: User) => void): () => void {
  tokenListeners.add(listener);
  return () => tokenListeners.delete(listener);
}

/**
 * Called when the session is over for good (refresh failed), with the reason when the server
 * named one (the account was disabled): the store resets itself and keeps the reason.
 */
export function onSessionExpired(listener: Listener<SessionEnd | undefined>): () => void {
  expiryListeners.add(listener);
  return () => expiryListeners.delete(listener);
}

/** Called when a refresh got no answer: the session goes on offline, without an access token (the store follows). */
export function onSessionOffline(listener: Listener<void>): () => void {
  offlineListeners.add(listener);
  return () => offlineListeners.delete(listener);
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

/**
 * A refresh's outcome: the new access token, or none and, when no answer came at all (the network
 * is unreachable, not an HTTP refusal), that request's error.
 */
interface Refresh {
  token: string | null;
  unreachable?: AxiosError;
  /** The server refused it for a reason it named. */
  ended?: SessionEnd;
}

/** No answer: a network failure or a timeout; never an HTTP status, never a cancelled call. */
function noAnswer(error: unknown): error is AxiosError {
  return axios.isAxiosError(error) && !error.response && error.code !== AxiosError.ERR_CANCELED;
}

let refreshInFlight: Promise<Refresh> | null = null;
const channel = openSessionChannel();

function tokensChanged(accessToken: string, user?: User): void {
  setAuthHeader(accessToken);
  tokenListeners.forEach((listener) => listener({ accessToken }, user));
}

/** Tells the other tabs of this browser: a new access token (they stop refreshing), or a sign-out. */
export function announceSession(message: SessionMessage): void {
  channel?.postMessage(message);
}

channel?.addEventListener('message', (event: MessageEvent<SessionMessage>) => {
  const message = event.data;
  if (message?.type === 'session') tokensChanged(message.accessToken, message.user);
  else if (message?.type === 'signed-out') expireSession();
});

async function performRefresh(): Promise<Refresh> {
  if (!sessionWorthRestoring()) return { token: null }; // never signed in here: no cookie to try
  // A kernel 1.x token still in storage is sent once: the answer moves the session into the cookie.
  const legacy = takeLegacyRefreshToken();
  try {
    // Partial: a sign-in counts only if the answer really carries an access token.
    const { data } = await apiClient.post<Partial<RefreshResponse>>(
      AUTH_PATHS.refresh,
      legacy ? { refreshToken: legacy } : {},
      { skipErrorToast: true },
    );
    if (!data?.tokens?.accessToken) return { token: null };
    setSessionHint(true, data.user);
    tokensChanged(data.tokens.accessToken, data.user);
    if (data.user) announceSession({ type: 'session', accessToken: data.tokens.accessToken, user: data.user });
    return { token: data.tokens.accessToken };
  } catch (error) {
    // No session behind the cookie: the next page load asks nothing (and has no profile to show).
    const status = (error as AxiosError).response?.status;
    if (status === 401 || status === 403) setSessionHint(false);
    return {
      token: null,
      unreachable: noAnswer(error) ? error : undefined,
      ended: sessionEndOf((error as AxiosError).response?.data),
    };
  }
}

/**
 * Tabs share the cookie, and the server treats a second use of a rotated refresh token as theft.
 * So tabs take turns (Web Locks), and a tab that got another tab's new access token while it
 * waited (BroadcastChannel) uses it instead of rotating again.
 */
async function refreshAcrossTabs(): Promise<Refresh> {
  const seen = getAccessToken();
  return withRefreshLock(async () => {
    const current = getAccessToken();
    if (current && current !== seen) return { token: current };
    return performRefresh();
  });
}

/** One refresh at a time: concurrent callers share its request. */
function refreshSession(): Promise<Refresh> {
  refreshInFlight ??= refreshAcrossTabs().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/** Get a new access token; concurrent callers share one refresh request. */
export function refreshAccessToken(): Promise<string | null> {
  return refreshSession().then(({ token }) => token);
}

/**
 * The page's session from the cookie (no session hinted and no kernel 1.x token: none, no
 * request); the offline session when the refresh got no answer.
 */
export async function restoreSessionThroughClient(): Promise<SessionRestore> {
  if (!sessionWorthRestoring()) return null;
  let user: User | undefined;
  const off = onTokensRefreshed((_tokens, refreshedUser) => void (user = refreshedUser ?? user));
  try {
    const { token, unreachable, ended } = await refreshSession();
    if (token && user) return { accessToken: token, user };
    if (ended) return { ended };
    return unreachable ? offlineSession() : null;
  } finally {
    off();
  }
}

/**
 * An offline session's way back (the browser is online again): a refresh through the cookie.
 * A new token ends the offline state (`onTokensRefreshed`); a refused cookie, which leaves no
 * session to restore, ends the session; anything else (no answer, a server error) stays offline.
 */
export async function resumeSession(): Promise<void> {
  const { token, ended } = await refreshSession();
  if (!token && !sessionWorthRestoring()) expireSession(ended);
}

/** A refresh got no answer: the refused token is dropped, the session goes on offline. */
function goOffline(): void {
  setAuthHeader(null);
  offlineListeners.forEach((listener) => listener());
}

/**
 * The session cannot be saved (or another tab signed out): forget it and go to /login (unless
 * already there). `reason`: why, when the server said (the account was disabled).
 */
export function expireSession(reason?: SessionEnd): void {
  clearSession();
  setAuthHeader(null);
  expiryListeners.forEach((listener) => listener(reason));
  if (!isOnLoginPage()) goToLogin();
}

function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

// Synchronous, so that a request reaches the adapter in the call that made it (fetch-ahead.ts).
apiClient.interceptors.request.use(
  (config: InternalAxiosRequestConfig) => {
    // Read the token per request: another tab may have refreshed it since start-up.
    const token = getAccessToken();
    if (token) config.headers.set('Authorization', bearer(token));
    // An account takes its time zone from its first device (later changes go through settings).
    const timeZone = browserTimeZone();
    if (timeZone) config.headers.set('X-Time-Zone', timeZone);
    // Data fetched ahead fails quietly: its screen asks again and words the failure.
    if (fetchingAhead()) config.skipErrorToast = true;
    // Around whichever adapter this request would use (the network's, or a test's).
    config.adapter = withFetchAhead(config.adapter);
    return config;
  },
  undefined,
  { synchronous: true },
);

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
        const { token, unreachable, ended }: Refresh =
          current && bearer(current) !== sentWith ? { token: current } : await refreshSession();
        if (token) {
          config.headers.set('Authorization', bearer(token));
          return apiClient.request(config);
        }
        // The network went between the call and its refresh: not a reason to sign out.
        if (unreachable) {
          goOffline();
          const message = getErrorMessage(unreachable);
          if (message && !config.skipErrorToast && !knownOffline(unreachable)) notifyError?.(message);
          return Promise.reject(unreachable);
        }
        // The call's own refusal names the reason (the refresh's may not: disabling revoked it).
        expireSession(sessionEndOf(error.response.data) ?? ended);
        return Promise.reject(error);
      }
      expireSession(sessionEndOf(error.response.data));
      return Promise.reject(error);
    }
    if (!config?.skipErrorToast && error.response?.status !== 401 && !knownOffline(error)) {
      const message = getErrorMessage(error);
      if (message) notifyError?.(message);
    }
    return Promise.reject(error);
  },
);
