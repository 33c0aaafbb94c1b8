// The site's service worker (its own webpack compilation into /sw.js, where workbox-build then
// injects the precache list: shell/webpack.config.js; registered by ../offline/register.ts once
// the page has settled). It keeps the shell's own files (its build, the app manifest and icons)
// so the site opens without a network, and answers a page navigation from the network first (the
// server writes the route's preload hints into the page), with the shell's page when offline.
// Nothing else goes through it: API calls and remote releases reach the network as before.
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

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

// A new release waits until a page lets it take over (the learner chose "reload", between
// sessions), so an open page never gets files of another release under it.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
// Precaches in the format of an older Workbox (after an upgrade of it) are deleted.
cleanupOutdatedCaches();
