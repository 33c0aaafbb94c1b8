// Where the tokens and the signed-in user live in the browser. The storage keys are part of the
// product contract (spec section 3), so only this module names them.

import type { Tokens, User } from '@flashcard/api-contract/schemas';

export const STORAGE_KEYS = {
  accessToken: 'flashcard_auth_token',
  refreshToken: 'flashcard_refresh_token',
  user: 'flashcard_user',
  persistedStore: 'flashcard-auth',
} as const;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode): run signed-in for this page only
  }
}

export function getAccessToken(): string | null {
  return storage()?.getItem(STORAGE_KEYS.accessToken) ?? null;
}

export function getRefreshToken(): string | null {
  return storage()?.getItem(STORAGE_KEYS.refreshToken) ?? null;
}

export function getStoredUser(): User | null {
  const raw = storage()?.getItem(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as User;
  } catch {
    return null;
  }
}

export function saveTokens(tokens: Tokens): void {
  const s = storage();
  s?.setItem(STORAGE_KEYS.accessToken, tokens.accessToken);
  s?.setItem(STORAGE_KEYS.refreshToken, tokens.refreshToken);
}

export function saveUser(user: User): void {
  storage()?.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

/** Forget everything about the session, including the persisted zustand store. */
export function clearSession(): void {
  const s = storage();
  if (!s) return;
  for (const key of Object.values(STORAGE_KEYS)) s.removeItem(key);
}
