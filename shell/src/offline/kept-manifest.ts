// The registry's last manifest for the signed-in learner, kept in this browser so that a page
// opened offline still has the areas' routes and sidebar (platform.ts takes it when the registry
// cannot be reached). localStorage rather than IndexedDB: the manifest is small (the five
// built-in remotes with their labels in five languages: about 2 KB) and read at most once per
// page load, where a synchronous read costs nothing measurable, while idb would add a chunk and
// an asynchronous open to every start-up. Not a credential: what the registry serves this learner
// (versions, routes, labels). Forgotten at sign-out.
import type { Manifest } from '@flashcard/api-contract';

export const KEPT_MANIFEST_KEY = 'flashcard-last-manifest';

interface Kept {
  userId: number;
  manifest: Manifest;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode): nothing kept, nothing offline
  }
}

export function keepManifest(userId: number, manifest: Manifest): void {
  try {
    storage()?.setItem(KEPT_MANIFEST_KEY, JSON.stringify({ userId, manifest } satisfies Kept));
  } catch {
    // Storage full: the page works as before, only not offline.
  }
}

/** The manifest kept for `userId`, or null (none, another learner's, or unreadable). */
export function keptManifest(userId: number): Manifest | null {
  try {
    const kept = JSON.parse(storage()?.getItem(KEPT_MANIFEST_KEY) ?? 'null') as Kept | null;
    return kept?.userId === userId && Array.isArray(kept.manifest?.remotes) ? kept.manifest : null;
  } catch {
    return null;
  }
}

export function forgetManifest(): void {
  storage()?.removeItem(KEPT_MANIFEST_KEY);
}
