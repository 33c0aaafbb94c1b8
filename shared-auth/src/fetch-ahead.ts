// Data asked for ahead of its screen. The shell starts an area's first calls beside its code
// (when the area opens, or when its sidebar entry is hovered or focused) by running the area's
// `prefetch` inside `fetchAhead`; the screen's own identical GET, made a moment later through
// the same client, then takes that answer instead of asking the server again. The client's
// request interceptor is synchronous, so a call made inside `fetchAhead` reaches the adapter
// before `fetchAhead` returns: that is how the adapter knows which requests went ahead.
import axios, { AxiosError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';

/** How long an answer fetched ahead may wait for its screen; older ones are asked for again. */
export const FETCH_AHEAD_FRESH_MS = 5000;

interface Ahead {
  at: number;
  response: Promise<AxiosResponse>;
}

const waiting = new Map<string, Ahead>();
let ahead = 0;

/**
 * Runs `start` (an area's prefetch); the GETs it makes wait, once each, for the same GET of the
 * screen. What `start` returns (its calls' promises) is awaited quietly: a failure here is the
 * screen's to meet when it asks.
 */
export function fetchAhead(start: () => unknown): void {
  ahead += 1;
  try {
    const started = start();
    for (const call of Array.isArray(started) ? started : [started])
      if (call instanceof Promise) call.catch(() => undefined);
  } catch (error) {
    console.warn('[kernel] a prefetch failed', error);
  } finally {
    ahead -= 1;
  }
}

/** True inside `fetchAhead`: the client's interceptor keeps such requests quiet (no failure toast). */
export function fetchingAhead(): boolean {
  return ahead > 0;
}

function keyOf(config: InternalAxiosRequestConfig): string | null {
  return config.method?.toLowerCase() === 'get' ? axios.getUri(config) : null;
}

const WRAPPED = Symbol('fetch-ahead');
type Wrapped = AxiosAdapter & { [WRAPPED]?: true };

/**
 * The request's adapter with answers fetched ahead: a GET made ahead is kept
 * (FETCH_AHEAD_FRESH_MS) for the first identical GET; any other method forgets everything kept,
 * since it may change what a kept answer says (and signing in or out is a POST).
 */
export function withFetchAhead(
  adapter: InternalAxiosRequestConfig['adapter'],
  now: () => number = Date.now,
): AxiosAdapter {
  if (typeof adapter === 'function' && (adapter as Wrapped)[WRAPPED]) return adapter;
  const network = axios.getAdapter(adapter);
  const wrapped: Wrapped = (config) => {
    const key = keyOf(config);
    if (key === null) {
      waiting.clear();
      return network(config);
    }
    const kept = waiting.get(key);
    const fresh = kept && now() - kept.at <= FETCH_AHEAD_FRESH_MS ? kept : undefined;
    if (fetchingAhead()) {
      // Sent once; each caller gets the answer, or the failure, as its own request's: the client
      // handles a 401 per request (refresh, retry once), so two must not share one config.
      if (fresh)
        return fresh.response.then(
          (response) => ({ ...response, config }),
          (error: unknown) => {
            throw error instanceof AxiosError
              ? AxiosError.from(error, error.code, config, error.request, error.response)
              : error;
          },
        );
      const response = network(config);
      waiting.set(key, { at: now(), response });
      return response;
    }
    if (!kept) return network(config);
    waiting.delete(key);
    if (!fresh) return network(config);
    // The answer as this request's own (its config); a failed one is asked for again.
    return fresh.response.then(
      (response) => ({ ...response, config }),
      () => network(config),
    );
  };
  wrapped[WRAPPED] = true;
  return wrapped;
}

/** Forgets every answer kept (tests; a sign-out goes through a POST, which does the same). */
export function forgetFetchedAhead(): void {
  waiting.clear();
}
