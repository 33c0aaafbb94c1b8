// Where the session lives in the page (kernel 2). Every remote's code runs in this page, so no
// credential that outlives the tab is where a script can read it: the refresh token is an
// HttpOnly cookie the API sets (path /api/auth), the access token lives only in this module's
// memory. Storage holds two non-secrets: a hint that this browser has a session worth restoring,
// and the profile of its user (no token), so a page opened without a network shows who is signed
// in (an offline session) until the cookie's refresh can be made. A deliberate departure from the
// spec's storage keys (flashcard_refresh_token and friends), which kernel 1.x used and this module
// removes on sight.
//
// Plain code only (fetch, no axios, nothing shared): the shell's entry chunk restores the session
// through `restoreSession` before shared modules are ready (@flashcard/shared-auth/boot).
import type {
  ACCOUNT_DISABLED_ERROR as ContractDisabled,
  authEndpoints,
  BROWSER_SESSION_HEADER as ContractHeader,
  User,
} from '@flashcard/api-contract/schemas';
import { API_BASE_URL } from './api-base';

export const STORAGE_KEYS = {
  /** '1' while this browser has a session cookie worth trying; a hint, not a credential. */
  sessionHint: 'flashcard_session_hint',
  /** The signed-in user's profile (id, email, name, role, created): what an offline start shows. */
  lastUser: 'flashcard_last_user',
  /**
   * The prefix of the screens' last answers kept for showing offline (shared-ui's `useLoad` with
   * `keep`): `<prefix><user id>:<key>`. The learner's own data, not a credential; gone on sign-out.
   */
  keptLoads: 'flashcard_kept:',
} as const;

/** Kernel 1.x's keys (the spec's): tokens in localStorage. Removed by `clearSession` and at start. */
export const LEGACY_STORAGE_KEYS = {
  accessToken: 'flashcard_auth_token',
  refreshToken: 'flashcard_refresh_token',
  user: 'flashcard_user',
  persistedStore: 'flashcard-auth',
} as const;

/** The contract's header: the API then keeps the refresh token in the cookie, out of every body. */
export const BROWSER_SESSION_HEADER: typeof ContractHeader = { name: 'X-Requested-With', value: 'XMLHttpRequest' };
export const REFRESH_PATH: (typeof authEndpoints)['refresh']['path'] = '/auth/refresh';
/** Tabs take turns refreshing (Web Locks): one rotation at a time per browser. */
export const REFRESH_LOCK = 'flashcard-token-refresh';
/** Tabs tell each other about a new access token and about a sign-out. */
export const SESSION_CHANNEL = 'flashcard-session';

/** The API's refusal of a disabled account (the contract's text): the session ended for that reason. */
export const ACCOUNT_DISABLED_ERROR: typeof ContractDisabled = 'This account is disabled';

/** Why the server ended a session, when it said: the sign-in page tells the learner. */
export type SessionEnd = 'disabled';

/** The reason an error body `{ error }` gives for refusing a session, if it gives one. */
export function sessionEndOf(body: unknown): SessionEnd | undefined {
  return (body as { error?: unknown } | null)?.error === ACCOUNT_DISABLED_ERROR ? 'disabled' : undefined;
}

/** A hinted session the server refused for a reason it named (the account was disabled). */
export interface EndedSession {
  ended: SessionEnd;
}

/** What the page's first refresh found: a session, an offline one, one that ended and why, or none. */
export type SessionRestore = RestoredSession | OfflineSession | EndedSession | null;

export interface RestoredSession {
  accessToken: string;
  user: User;
}

/**
 * A hinted session whose refresh got no answer (the network is unreachable): the learner stays
 * signed in as the last known user, with no access token until a refresh succeeds.
 */
export interface OfflineSession {
  offline: true;
  user: User;
}

export type SessionMessage = ({ type: 'session' } & RestoredSession) | { type: 'signed-out' };

let accessToken: string | null = null;

/** The current access token (memory only; gone with the page). */
export function getAccessToken(): string | null {
  return accessToken;
}

export function setAccessToken(token: string | null): void {
  accessToken = token;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode): the page restores nothing, signs in anew
  }
}

export function hasSessionHint(): boolean {
  return storage()?.getItem(STORAGE_KEYS.sessionHint) === '1';
}

/**
 * Hints a session (and keeps `user`'s profile when given), or drops the hint and the profile
 * together: a refused cookie leaves nothing to show offline.
 */
export function setSessionHint(signedIn: boolean, user?: User): void {
  const s = storage();
  if (!signedIn) {
    s?.removeItem(STORAGE_KEYS.sessionHint);
    s?.removeItem(STORAGE_KEYS.lastUser);
    if (s) for (const key of Object.keys(s)) if (key.startsWith(STORAGE_KEYS.keptLoads)) s.removeItem(key);
    return;
  }
  s?.setItem(STORAGE_KEYS.sessionHint, '1');
  if (user) {
    // Field by field: whatever else an answer carries never reaches storage.
    const { id, email, display_name, role, created_at } = user;
    s?.setItem(STORAGE_KEYS.lastUser, JSON.stringify({ id, email, display_name, role, created_at }));
  }
}

/** The offline session of a hinted browser with a kept profile; null otherwise. */
export function offlineSession(): OfflineSession | null {
  if (!hasSessionHint()) return null;
  try {
    const user = JSON.parse(storage()?.getItem(STORAGE_KEYS.lastUser) ?? 'null') as User | null;
    return user && typeof user.id === 'number' ? { offline: true, user } : null;
  } catch {
    return null; // not ours, or cut short: no profile to show
  }
}

/** A session hinted, or a kernel 1.x token to move into the cookie: a refresh may succeed. */
export function sessionWorthRestoring(): boolean {
  const s = storage();
  return hasSessionHint() || Boolean(s?.getItem(LEGACY_STORAGE_KEYS.refreshToken));
}

/** A kernel 1.x refresh token, taken once to move the session into the cookie; the 1.x keys go. */
export function takeLegacyRefreshToken(): string | null {
  const s = storage();
  const token = s?.getItem(LEGACY_STORAGE_KEYS.refreshToken) ?? null;
  for (const key of Object.values(LEGACY_STORAGE_KEYS)) s?.removeItem(key);
  return token;
}

/** Forget the session on this page: the access token, the hint, the kept profile and anything kernel 1.x stored. */
export function clearSession(): void {
  accessToken = null;
  setSessionHint(false);
  takeLegacyRefreshToken();
}

/**
 * The tabs' channel, in a browser only: Node has BroadcastChannel too, and an open one would keep
 * a process that merely loads the kernel (a team's script using the mock kernel) from exiting.
 */
export function openSessionChannel(): BroadcastChannel | null {
  if (typeof window === 'undefined' || typeof BroadcastChannel === 'undefined') return null;
  return new BroadcastChannel(SESSION_CHANNEL);
}

/** Runs `work` while holding the browser-wide refresh lock (alone where Web Locks are missing). */
export function withRefreshLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request(REFRESH_LOCK, work) as Promise<T>) : work();
}

/**
 * The page's first refresh, through the cookie (or a kernel 1.x token, moved into the cookie):
 * the access token and the user, the offline session when no answer came (fetch threw) in a
 * browser with a kept profile, the reason the server refused it when it named one (`ended`), or
 * null when there is no session. Skipped when no session is
 * hinted, so a signed-out first visit makes no request. Another tab's refresh finished while
 * this one waited for the lock is used instead of rotating again.
 */
export function restoreSession(): Promise<SessionRestore> {
  if (!sessionWorthRestoring()) return Promise.resolve(null);
  const legacy = takeLegacyRefreshToken();
  const channel = openSessionChannel();
  let heard: RestoredSession | null = null;
  channel?.addEventListener('message', (event: MessageEvent<SessionMessage>) => {
    heard = event.data.type === 'session' ? { accessToken: event.data.accessToken, user: event.data.user } : null;
  });
  return withRefreshLock(async (): Promise<SessionRestore> => {
    if (heard) return heard;
    let response: Response;
    try {
      response = await fetch(`${API_BASE_URL}${REFRESH_PATH}`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/json',
          [BROWSER_SESSION_HEADER.name]: BROWSER_SESSION_HEADER.value,
        },
        body: JSON.stringify(legacy ? { refreshToken: legacy } : {}),
      });
    } catch {
      // No answer at all: the cookie may be fine, the network is not. Any HTTP answer is below.
      return offlineSession();
    }
    if (!response.ok) {
      if (response.status !== 401 && response.status !== 403) return null;
      setSessionHint(false);
      const ended = sessionEndOf(await response.json().catch(() => null));
      return ended ? { ended } : null;
    }
    const data = (await response.json()) as { tokens?: { accessToken?: string }; user?: User };
    if (!data?.tokens?.accessToken || !data.user) return null;
    const session = { accessToken: data.tokens.accessToken, user: data.user };
    setSessionHint(true, data.user);
    channel?.postMessage({ type: 'session', ...session } satisfies SessionMessage);
    return session;
  })
    .catch(() => null)
    .finally(() => channel?.close());
}
