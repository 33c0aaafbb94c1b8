// A screen's last answer, kept in this browser for showing offline: `useLoad(load, deps, { keep })`
// keeps each answer under the signed-in learner and, when a later load gets no answer at all
// (offline), gives the kept one with the time it was loaded, for the screen to say so
// (`KeptNotice`). Local storage under the kernel's prefix, which signing out empties: a screen's
// summary (dashboard, statistics) is a few kilobytes; a list that can grow keeps its own store.
import { STORAGE_KEYS, useAuthStore } from '@flashcard/shared-auth';

export interface Kept<T> {
  data: T;
  /** When it was loaded (ms since epoch). */
  savedAt: number;
}

function storageKey(key: string): string | null {
  const userId = useAuthStore.getState().user?.id;
  return userId === undefined ? null : `${STORAGE_KEYS.keptLoads}${userId}:${key}`;
}

export function keepLoad<T>(key: string, data: T, savedAt = Date.now()): void {
  const name = storageKey(key);
  if (!name) return;
  try {
    localStorage.setItem(name, JSON.stringify({ data, savedAt } satisfies Kept<T>));
  } catch {
    // Storage full or disabled: the screen simply has nothing to show offline.
  }
}

export function keptLoad<T>(key: string): Kept<T> | null {
  const name = storageKey(key);
  if (!name) return null;
  try {
    const kept = JSON.parse(localStorage.getItem(name) ?? 'null') as Kept<T> | null;
    return kept && typeof kept.savedAt === 'number' ? kept : null;
  } catch {
    return null;
  }
}

/** A call that got no answer (offline, unreachable): an HTTP answer, even a 5xx, is the server's word. */
export function unanswered(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && 'isAxiosError' in error && !('response' in error && error.response)
  );
}
