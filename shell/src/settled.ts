// Work the page does for later (installing the service worker, which fetches the shell's files
// again) waits until the page has settled: loaded, no API call in flight, nothing else busy (the
// registry's answer or an area's code on its way), quiet for a while and the main thread idle.
// Started earlier, it would compete with what the learner is waiting for (an area's first data),
// and the first load would send more than its own files.
import { apiClient } from '@flashcard/shared-auth';

/** Past this, the page counts as settled anyway (a call that never ends must not hold it off). */
export const SETTLE_LIMIT_MS = 15_000;
const IDLE_TIMEOUT_MS = 1000;
/** How long nothing may be busy before the page counts as settled. */
const QUIET_MS = 300;

let inFlight = 0;
// Synchronous like the kernel's own: one asynchronous interceptor would make every request reach
// the adapter a tick later, after `fetchAhead` has returned (its answers would not be kept).
apiClient.interceptors.request.use(
  (config) => {
    inFlight += 1;
    return config;
  },
  undefined,
  { synchronous: true },
);
apiClient.interceptors.response.use(
  (response) => {
    inFlight -= 1;
    return response;
  },
  (error: unknown) => {
    inFlight -= 1;
    return Promise.reject(error);
  },
);

const idle = (): Promise<void> =>
  new Promise((resolve) =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS })
      : setTimeout(resolve, 100),
  );

const loaded = (): Promise<void> =>
  document.readyState === 'complete'
    ? Promise.resolve()
    : new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));

/**
 * Resolves once the page has settled (or SETTLE_LIMIT_MS after it was asked); `busy` adds a
 * condition (the registry's answer or an area's code on its way: federation/areas.ts).
 */
export async function pageSettled(busy: () => boolean, now: () => number = Date.now): Promise<void> {
  const limit = now() + SETTLE_LIMIT_MS;
  await loaded();
  // Quiet for a while, not for a moment: a screen's calls may come one after another.
  let quietSince = now();
  for (;;) {
    await idle();
    const time = now();
    if (inFlight > 0 || busy()) quietSince = time;
    else if (time - quietSince >= QUIET_MS) return;
    if (time >= limit) return;
  }
}
