// The page's half of keeping the remotes offline: every manifest the registry answers for a
// signed-in learner tells the active service worker which releases to keep (the worker's half
// and the protocol: ../offline/remote-releases.ts, ../service-worker/sw.ts). Started by
// register.ts once the worker is registered, so it costs the first load nothing.
import type { Manifest } from '@flashcard/api-contract';
import { usePlatformStore } from '../federation/platform';
import { releaseFolder, type PageMessage } from './remote-releases';

/** The mf-manifest.json URLs of the releases `manifest` serves from this site (an override's are not). */
export function namedReleases(manifest: Manifest, origin: string = window.location.origin): string[] {
  return manifest.remotes
    .map((remote) => new URL(remote.entry, origin).href)
    .filter((entry) => releaseFolder(entry, origin) !== null);
}

/**
 * Tells `worker()` (the registration's active worker) the releases of the current manifest, and
 * of each new one. Not of the kept copy (offline: nothing to fetch, and it names what was told),
 * nor of a signed-out page's (the learner's canary or preview versions must not be dropped).
 * Returns the unsubscribe.
 */
export function keepRemotesOffline(worker: () => Promise<ServiceWorker | null>): () => void {
  let told = '';
  function tell({ manifest, userId, kept }: ReturnType<typeof usePlatformStore.getState>): void {
    if (!manifest || userId === null || kept) return;
    const entries = namedReleases(manifest);
    if (entries.join('\n') === told) return;
    told = entries.join('\n');
    void worker().then((active) => active?.postMessage({ type: 'CACHE_REMOTES', entries } satisfies PageMessage));
  }
  tell(usePlatformStore.getState());
  return usePlatformStore.subscribe(tell);
}
