// THE auth store. This module must be loaded once per page: module federation shares the whole
// package as a singleton, so the shell and every remote read and write the same state. It holds
// no token (kernel 2): the access token is the client's memory, the refresh token an HttpOnly
// cookie; nothing of the session is persisted but a hint and the user's profile (session.ts),
// which let a page opened offline keep its learner signed in (`isOffline`) until the cookie's
// refresh can be made.
import { create } from 'zustand';
import type { AuthResponse, RegisterInput, User } from '@flashcard/api-contract/schemas';
import { authCalls } from './auth-calls';
import {
  announceSession,
  onSessionExpired,
  onSessionOffline,
  onTokensRefreshed,
  restoreSessionThroughClient,
  resumeSession,
  setAuthHeader,
} from './client';
import { ERROR_TEXTS, getErrorMessage, serverErrorOf } from './errors';
import { clearSession, setSessionHint, type SessionEnd, type SessionRestore } from './session';

export type AuthResult = { success: true } | { success: false; error: string };

export interface AuthState {
  user: User | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  /**
   * Signed in without an access token because the API could not be reached (kernel 2.2): `user`
   * is this browser's last known profile, calls fail as offline calls do, and the kernel
   * refreshes through the cookie when the browser is back online or a call meets a 401.
   */
  isOffline: boolean;
  error: string | null;
  /**
   * Why the last session ended, when the server said: 'disabled', the account was
   * disabled. The sign-in page tells the learner; cleared by the next sign-in or sign-out.
   */
  endedBecause: SessionEnd | null;
  login: (email: string, password: string) => Promise<AuthResult>;
  register: (input: RegisterInput) => Promise<AuthResult>;
  logout: () => Promise<void>;
  refreshUser: () => Promise<void>;
  changePassword: (oldPassword: string, newPassword: string) => Promise<AuthResult>;
  clearError: () => void;
  /**
   * Restores the session once at start-up (the refresh cookie) and ends the loading state. The
   * shell passes the refresh its entry chunk already made (`restoreSession` of
   * `@flashcard/shared-auth/boot`); without one the client refreshes itself. A refresh that got
   * no answer in a browser with a kept profile starts an offline session.
   */
  initialize: (restoring?: Promise<SessionRestore> | null) => Promise<void>;
}

const signedOut = { user: null, isAuthenticated: false, isLoading: false, isOffline: false } as const;

/** A new access token for this page (and the other tabs), and the user it belongs to. */
function startSession(accessToken: string, user: User): void {
  setAuthHeader(accessToken);
  setSessionHint(true, user);
  announceSession({ type: 'session', accessToken, user });
}

export const useAuthStore = create<AuthState>()((set, get) => {
  // A sign-in counts only if the server handed out an access token.
  async function signIn(call: () => Promise<AuthResponse>, fallback: string): Promise<AuthResult> {
    set({ isLoading: true, error: null, endedBecause: null });
    try {
      const data = await call();
      if (!data?.tokens?.accessToken) throw new Error(fallback);
      startSession(data.tokens.accessToken, data.user);
      set({ user: data.user, isAuthenticated: true, isLoading: false, isOffline: false });
      return { success: true };
    } catch (err) {
      const error = getErrorMessage(err, fallback) ?? fallback;
      set({ ...signedOut, error });
      return { success: false, error };
    }
  }

  return {
    ...signedOut,
    isLoading: true,
    error: null,
    endedBecause: null,

    login: (email, password) => signIn(() => authCalls.login(email, password), ERROR_TEXTS.loginFailed),
    register: (input) => signIn(() => authCalls.register(input), ERROR_TEXTS.registrationFailed),

    logout: async () => {
      try {
        // The server revokes the cookie's refresh token and clears the cookie.
        if (get().isAuthenticated) await authCalls.logout();
      } catch {
        // The local sign-out below must happen whatever the server says.
      } finally {
        clearSession();
        setAuthHeader(null);
        announceSession({ type: 'signed-out' });
        set({ ...signedOut, error: null, endedBecause: null });
      }
    },

    refreshUser: async () => {
      if (!get().isAuthenticated) return;
      try {
        const { user } = await authCalls.me();
        setSessionHint(true, user);
        set({ user });
      } catch {
        // A 401 here has already expired the session through the client; nothing else to do.
      }
    },

    changePassword: async (oldPassword, newPassword) => {
      try {
        const data = await authCalls.changePassword(oldPassword, newPassword);
        // Every earlier token of the account ended with the change; this device goes on with
        // its new ones (the refresh token in the cookie the answer set; an API before them
        // answers none: the next call then asks to sign in).
        const user = get().user;
        if (data?.tokens?.accessToken && user) startSession(data.tokens.accessToken, user);
        return { success: true };
      } catch (err) {
        return { success: false, error: serverErrorOf(err) ?? getErrorMessage(err, ERROR_TEXTS.passwordChangeFailed)! };
      }
    },

    clearError: () => set({ error: null }),

    initialize: async (restoring) => {
      // Signed in already (a sign-in meanwhile, a test's mock kernel): the session is this one.
      if (get().isAuthenticated) return set({ isLoading: false });
      const session = await (restoring ?? restoreSessionThroughClient());
      if (session && 'ended' in session) set({ endedBecause: session.ended });
      else if (session && !get().isAuthenticated) {
        if ('offline' in session) set({ user: session.user, isAuthenticated: true, isOffline: true });
        else {
          setAuthHeader(session.accessToken);
          set({ user: session.user, isAuthenticated: true, isOffline: false });
        }
      }
      set({ isLoading: false });
    },
  };
});

// Keep the store in step with what the client does behind its back (and other tabs tell it).
onTokensRefreshed((_tokens, user) => {
  // A new access token ends an offline session, whoever made it (a call's refresh, another tab).
  useAuthStore.setState(user ? { user, isAuthenticated: true, isOffline: false } : { isOffline: false });
});
onSessionExpired((reason) => useAuthStore.setState({ ...signedOut, error: null, endedBecause: reason ?? null }));
onSessionOffline(() => {
  if (useAuthStore.getState().isAuthenticated) useAuthStore.setState({ isOffline: true });
});
// Back online: an offline session refreshes through the cookie (a refused cookie signs out).
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    if (useAuthStore.getState().isOffline) void resumeSession();
  });
}
