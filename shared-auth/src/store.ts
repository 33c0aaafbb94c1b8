// THE auth store. This module must be loaded once per page: module federation shares the whole
// package as a singleton, so the shell and every remote read and write the same state.
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { AuthResponse, RegisterInput, User } from '@flashcard/api-contract/schemas';
import { authCalls } from './auth-calls';
import { onSessionExpired, onTokensRefreshed, setAuthHeader } from './client';
import { ERROR_TEXTS, getErrorMessage, serverErrorOf } from './errors';
import { clearSession, getRefreshToken, saveTokens, saveUser, STORAGE_KEYS } from './session';

export type AuthResult = { success: true } | { success: false; error: string };

export interface AuthState {
  user: User | null;
  token: string | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  error: string | null;
  login: (email: string, password: string) => Promise<AuthResult>;
  register: (input: RegisterInput) => Promise<AuthResult>;
  logout: () => Promise<void>;
  refreshUser: () => Promise<void>;
  changePassword: (oldPassword: string, newPassword: string) => Promise<AuthResult>;
  clearError: () => void;
  /** Ends the start-up loading state once the stored session has been checked. */
  initialize: () => Promise<void>;
}

const signedOut = { user: null, token: null, isAuthenticated: false, isLoading: false } as const;

export const useAuthStore = create<AuthState>()(
  persist(
    (set, get) => {
      // A sign-in counts only if the server handed out an access token (spec 4).
      async function signIn(call: () => Promise<AuthResponse>, fallback: string): Promise<AuthResult> {
        set({ isLoading: true, error: null });
        try {
          const data = await call();
          if (!data?.tokens?.accessToken) throw new Error(fallback);
          saveTokens(data.tokens);
          saveUser(data.user);
          setAuthHeader(data.tokens.accessToken);
          set({ user: data.user, token: data.tokens.accessToken, isAuthenticated: true, isLoading: false });
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

        login: (email, password) => signIn(() => authCalls.login(email, password), ERROR_TEXTS.loginFailed),
        register: (input) => signIn(() => authCalls.register(input), ERROR_TEXTS.registrationFailed),

        logout: async () => {
          const refreshToken = getRefreshToken();
          try {
            if (get().isAuthenticated) await authCalls.logout(refreshToken);
          } catch {
            // The local sign-out below must happen whatever the server says (spec 4).
          } finally {
            clearSession();
            setAuthHeader(null);
            set({ ...signedOut, error: null });
          }
        },

        refreshUser: async () => {
          if (!get().isAuthenticated) return;
          try {
            const { user } = await authCalls.me();
            saveUser(user);
            set({ user });
          } catch {
            // A 401 here has already expired the session through the client; nothing else to do.
          }
        },

        changePassword: async (oldPassword, newPassword) => {
          try {
            const data = await authCalls.changePassword(oldPassword, newPassword);
            // Every earlier token of the account ended with the change; this device goes on with
            // its new ones (an API before them answers none: the next call then asks to sign in).
            if (data?.tokens?.accessToken) {
              saveTokens(data.tokens);
              setAuthHeader(data.tokens.accessToken);
              set({ token: data.tokens.accessToken });
            }
            return { success: true };
          } catch (err) {
            return { success: false, error: serverErrorOf(err) ?? getErrorMessage(err, ERROR_TEXTS.passwordChangeFailed)! };
          }
        },

        clearError: () => set({ error: null }),

        initialize: async () => {
          if (get().isAuthenticated) await get().refreshUser();
          set({ isLoading: false });
        },
      };
    },
    {
      name: STORAGE_KEYS.persistedStore,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ user, token, isAuthenticated }) => ({ user, token, isAuthenticated }),
    },
  ),
);

// Keep the store in step with what the client does behind its back.
onTokensRefreshed((tokens) => useAuthStore.setState({ token: tokens.accessToken }));
onSessionExpired(() => useAuthStore.setState({ ...signedOut, error: null }));
