// The site's service worker (its own webpack compilation into /sw.js, where workbox-build then
// injects the precache list: shell/webpack.config.js; registered by ../offline/register.ts once
// the page has settled). It keeps the shell's own files (its build, the app manifest and icons)
// so the site opens without a network, and answers a page navigation from the network first (the
// server writes the route's preload hints into the page), with the shell's page when offline.
// The remotes' release files (/remotes/<name>/<version>/..., immutable) are answered from their
// own cache first; the page names the releases its registry manifest serves (CACHE_REMOTES, the
// protocol in ../offline/remote-releases.ts), and the worker keeps those whole, so an area never
// opened online opens offline, and drops every other version. API calls never go through it.
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import {
  REMOTES_CACHE,
  REMOTES_PATH,
  releaseFiles,
  releaseFolder,
  type PageMessage,
  type ReleaseManifest,
  type RemotesCached,
} from '../offline/remote-releases';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

/** The shell's page as the build wrote it: what a navigation gets offline. */
const OFFLINE_PAGE = '/index.html';

// Registered before the precache's route, so a navigation to "/" is not answered from the cache.
registerRoute(
  new NavigationRoute(async ({ request }) => {
    try {
      return await fetch(request);
    } catch (error) {
      const page = await matchPrecache(OFFLINE_PAGE);
      if (page) return page;
      throw error;
    }
  }),
);

precacheAndRoute(self.__WB_MANIFEST);

// A release URL never changes what it answers: the cache first, the network once. Only complete
// answers are kept. Versions the registry stops naming are deleted on the page's next message;
// the entry bound and the purge on a full quota are for what no message cleans (a page that never
// sends one), several times what today's releases hold (about 35 files each). No age limit: a
// file's age says nothing about whether it is still served, and an expired one is lost offline.
const remoteFiles = new CacheFirst({
  cacheName: REMOTES_CACHE,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 2000, purgeOnQuotaError: true }),
  ],
});
registerRoute(({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith(REMOTES_PATH), remoteFiles);

/** A release file through the remotes' strategy (so the expiration plugin counts it too). */
async function keep(url: string, event: ExtendableEvent): Promise<Response> {
  const response = await remoteFiles.handle({ event, request: new Request(url) });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response;
}

/** Keeps a release whole: its mf-manifest.json, then every file it lists (beside it). */
async function keepRelease(entry: string, event: ExtendableEvent): Promise<void> {
  const manifest = (await (await keep(entry, event)).json()) as ReleaseManifest;
  await Promise.all(releaseFiles(manifest).map((file) => keep(new URL(file, entry).href, event)));
}

/** The release folders whose manifest and every file it lists are in the cache. */
async function keptReleases(): Promise<string[]> {
  const cache = await caches.open(REMOTES_CACHE);
  const whole: string[] = [];
  for (const request of await cache.keys()) {
    const folder = releaseFolder(request.url, self.location.origin);
    if (!folder || !request.url.endsWith('/mf-manifest.json')) continue;
    try {
      const manifest = (await (await cache.match(request))!.json()) as ReleaseManifest;
      const files = releaseFiles(manifest).map((file) => new URL(file, request.url).href);
      if ((await Promise.all(files.map((file) => cache.match(file)))).every(Boolean)) whole.push(folder);
    } catch {
      // An unreadable manifest: that release is not whole.
    }
  }
  return whole.sort();
}

/**
 * Keeps the named releases (one after another: a few dozen files each, fetched together), then
 * deletes the files of every other version. A release that fails now (offline, a server error) is
 * kept as far as it got and completed by the next message; until then nothing is deleted, so a
 * version replaced by one not yet whole still opens offline.
 */
async function keepNamed(entries: string[], event: ExtendableEvent): Promise<void> {
  const named = new Map<string, string>();
  for (const entry of entries) {
    const folder = releaseFolder(entry, self.location.origin);
    if (folder) named.set(folder, new URL(entry, self.location.origin).href);
  }
  let whole = true;
  for (const [folder, entry] of named) {
    await keepRelease(entry, event).catch((error: unknown) => {
      whole = false;
      console.warn('[offline] a release could not be kept whole', folder, error);
    });
  }
  if (!whole) return;
  const cache = await caches.open(REMOTES_CACHE);
  for (const request of await cache.keys()) {
    const folder = releaseFolder(request.url, self.location.origin);
    if (folder && !named.has(folder)) await cache.delete(request);
  }
}

/** The caching asked for so far, in order: a status waits for it. */
let caching: Promise<void> = Promise.resolve();

self.addEventListener('message', (event) => {
  const message = event.data as PageMessage | null;
  // A new release waits until a page lets it take over (the learner chose "reload", between
  // sessions), so an open page never gets files of another release under it.
  if (message?.type === 'SKIP_WAITING') {
    void self.skipWaiting();
    return;
  }
  if (message?.type === 'CACHE_REMOTES' && Array.isArray(message.entries)) {
    const entries = message.entries;
    caching = caching
      .then(() => keepNamed(entries, event))
      .catch((error: unknown) => console.warn('[offline] the releases could not be kept', error));
  } else if (message?.type !== 'REMOTES_STATUS') return;
  // Answered (when the page gave a port) once everything asked for before has ended.
  const answered = caching
    .then(keptReleases)
    .then((releases) => event.ports[0]?.postMessage({ type: 'REMOTES_CACHED', releases } satisfies RemotesCached));
  event.waitUntil(answered);
});
// Precaches in the format of an older Workbox (after an upgrade of it) are deleted.
cleanupOutdatedCaches();
