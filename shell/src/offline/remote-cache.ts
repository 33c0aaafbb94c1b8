// The page's half of keeping the remotes offline: every manifest the registry answers for a
// signed-in learner tells the active service worker which releases to keep (the worker's half
// and the protocol: ../offline/remote-releases.ts, ../service-worker/sw.ts). Started by
// register.ts once the worker is registered, so it costs the first load nothing.
import type { Manifest } from '@flashcard/api-contract';
import { checkForReleases, usePlatformStore } from '../federation/platform';
import { releaseFolder, type PageMessage } from './remote-releases';
import { useUpdateStore } from './update-store';

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
  function tell({ manifest, userId, kept, newer }: ReturnType<typeof usePlatformStore.getState>): void {
    if (!manifest || userId === null || kept) return;
    // A newer release is fetched ahead, and the page's own stays until it reloads.
    const entries = [...new Set([...namedReleases(manifest), ...(newer ? namedReleases(newer) : [])])];
    if (entries.join('\n') === told) return;
    told = entries.join('\n');
    void worker().then((active) => active?.postMessage({ type: 'CACHE_REMOTES', entries } satisfies PageMessage));
  }
  tell(usePlatformStore.getState());
  return usePlatformStore.subscribe(tell);
}

/** How often an open page asks whether the registry serves other releases (and when it shows again). */
export const RELEASE_CHECK_MS = 10 * 60_000;

/**
 * Offers a reload when the registry serves this learner other releases than the page runs: asked
 * every RELEASE_CHECK_MS while the page is visible, and when it becomes visible after that long.
 * The offer shows on the shell's pages only (never inside an area where a session may run).
 * Returns the stop.
 */
export function watchReleases(
  check: () => Promise<boolean> = checkForReleases,
  now: () => number = Date.now,
): () => void {
  let asked = now();
  const ask = () => {
    if (document.visibilityState !== 'visible' || now() - asked < RELEASE_CHECK_MS) return;
    asked = now();
    void check().then((moved) => {
      if (moved && !useUpdateStore.getState().waiting)
        useUpdateStore.setState({ waiting: true, apply: () => window.location.reload() });
    });
  };
  const timer = window.setInterval(ask, RELEASE_CHECK_MS);
  document.addEventListener('visibilitychange', ask);
  return () => {
    window.clearInterval(timer);
    document.removeEventListener('visibilitychange', ask);
  };
}
