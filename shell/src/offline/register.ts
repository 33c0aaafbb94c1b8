// Registers the site's service worker (service-worker/sw.ts, built to /sw.js in production)
// once the page has settled (loaded, its area shown with its first data): its install fetches the
// shell's files again to keep them, which must not compete with the first load. workbox-window is
// its own chunk, loaded only then, and so is remote-cache.ts: once registered, the worker is told
// which remote releases the registry serves this learner, to keep them for offline use, and the
// page watches for newer ones to offer a reload (between sessions, never inside an area).
import { areasBusy } from '../federation/areas';
import { pageSettled } from '../settled';
import { useUpdateStore } from './update-store';

/** The worker's URL: at the site root, so its scope is the whole site. */
export const SERVICE_WORKER_URL = '/sw.js';

export function registerServiceWorker(): void {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  pageSettled(areasBusy)
    .then(() => Promise.all([import('workbox-window'), import('./remote-cache')]))
    .then(async ([{ Workbox }, { keepRemotesOffline, watchReleases }]) => {
      const worker = new Workbox(SERVICE_WORKER_URL);
      // A newer worker waits for this page (a first install takes over at once, nothing to offer).
      worker.addEventListener('waiting', () =>
        useUpdateStore.setState({
          waiting: true,
          apply: () => {
            worker.addEventListener('controlling', () => window.location.reload());
            worker.messageSkipWaiting();
          },
        }),
      );
      await worker.register();
      keepRemotesOffline(() => navigator.serviceWorker.ready.then((registration) => registration.active));
      watchReleases();
    })
    .catch((error: unknown) => console.warn('[offline] the service worker could not be registered', error));
}
