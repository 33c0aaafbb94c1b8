// The kernel's test doubles (`@flashcard/shared-auth/testing`), for a remote's tests in this
// repository or in a team's own: a fake transport for the real axios client (interceptors run
// exactly as in the browser, no network is touched) and `mockKernel`, a signed-in kernel whose
// API answers from a table, so a remote runs and tests alone.
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import axios, { AxiosError } from 'axios';
import type { User } from '@flashcard/api-contract/schemas';
import { apiClient, setAuthHeader } from './client';
import { clearSession } from './session';
import { useAuthStore } from './store';

export { catalogueProblems } from './testing-i18n';

export type Reply = { status: number; data?: unknown; headers?: Record<string, string> } | Error;
export type Route = (config: InternalAxiosRequestConfig) => Reply | Promise<Reply>;

export interface FakeServer {
  calls: InternalAxiosRequestConfig[];
  restore: () => void;
}

/** Routes every request of `apiClient` to `route`; non-2xx replies reject like axios does. */
export function fakeServer(route: Route): FakeServer {
  const calls: InternalAxiosRequestConfig[] = [];
  const original = apiClient.defaults.adapter;
  const adapter: AxiosAdapter = async (config) => {
    calls.push(config);
    const reply = await route(config);
    if (reply instanceof Error) throw reply;
    const response: AxiosResponse = {
      data: reply.data,
      status: reply.status,
      statusText: String(reply.status),
      headers: reply.headers ?? {},
      config,
    };
    if (reply.status >= 200 && reply.status < 300) return response;
    throw new AxiosError(`Request failed with status code ${reply.status}`, undefined, config, {}, response);
  };
  apiClient.defaults.adapter = adapter;
  return { calls, restore: () => void (apiClient.defaults.adapter = original) };
}

export function authHeader(config: InternalAxiosRequestConfig): string | undefined {
  const value = config.headers?.Authorization ?? config.headers?.get?.('Authorization');
  return value ? String(value) : undefined;
}

/** The learner a mock kernel signs in unless told otherwise. */
export const MOCK_USER: User = {
  id: 1,
  email: 'learner@example.com',
  display_name: 'Learner',
  role: 'user',
  created_at: '2026-01-01T00:00:00.000Z',
};
/** The access token a mock kernel's requests carry (kernel 2 has no refresh token in the page). */
export const MOCK_TOKENS = { accessToken: 'mock-access-token' } as const;

export interface MockKernelOptions {
  /** Who is signed in: fields over MOCK_USER (e.g. `{ role: 'admin' }`), or null for nobody. */
  user?: Partial<User> | null;
  /**
   * The API's answers by `'METHOD /path'`, the path as the contract writes it (no `/api`, no
   * query): `{ 'GET /cards': { status: 200, data: { cards: [] } } }`, or a function of the
   * request. A request with no answer gets 404 `{ error }` naming it.
   */
  api?: Record<string, Reply | Route>;
}

export interface MockKernel extends FakeServer {
  user: User | null;
  /** Adds or replaces an answer. */
  on: (request: string, reply: Reply | Route) => void;
  /** The requests made so far, as `'METHOD /path'`. */
  requests: () => string[];
}

/** `'GET /cards'` for a request of the client (its base and query left out). */
function requestKey(config: InternalAxiosRequestConfig): string {
  const path = (config.url ?? '')
    .split('?')[0]
    .replace(/^https?:\/\/[^/]+/, '')
    .replace(/^\/api(?=\/)/, '');
  return `${(config.method ?? 'get').toUpperCase()} ${path}`;
}

/**
 * The kernel as the shell leaves it for a remote: the auth store signed in (the client's access
 * token set, in memory) and the one API client answering from `api`. `restore()` signs out
 * and gives the client its transport back.
 */
export function mockKernel({ user = {}, api = {} }: MockKernelOptions = {}): MockKernel {
  const answers = new Map(Object.entries(api));
  const server = fakeServer((config) => {
    const key = requestKey(config);
    const answer = answers.get(key);
    if (!answer) return { status: 404, data: { error: `mockKernel has no answer for ${key}` } };
    return typeof answer === 'function' ? answer(config) : answer;
  });
  const signedIn = user === null ? null : { ...MOCK_USER, ...user };
  clearSession();
  setAuthHeader(signedIn ? MOCK_TOKENS.accessToken : null);
  useAuthStore.setState({
    user: signedIn,
    isAuthenticated: Boolean(signedIn),
    isLoading: false,
    isOffline: false,
    error: null,
  });
  return {
    ...server,
    user: signedIn,
    on: (request, reply) => void answers.set(request, reply),
    requests: () => server.calls.map(requestKey),
    restore: () => {
      server.restore();
      clearSession();
      setAuthHeader(null);
      useAuthStore.setState({ user: null, isAuthenticated: false, isLoading: false, isOffline: false, error: null });
    },
  };
}

/**
 * A remote's prefetch test (kernel 2.1): runs `prefetch` against a server that fails every
 * call, then shows the screen (`show`) and waits (`waitFor`, testing-library's; the kernel does
 * not depend on it) until the screen has asked for every prefetched request the same way, path
 * and query. Answers the prefetched requests as `'get /api/cards?limit=50'`; a request the screen
 * never makes fails the wait, naming it.
 */
export async function checkPrefetch(
  prefetch: () => unknown,
  show: () => unknown,
  waitFor: (check: () => void) => Promise<unknown>,
): Promise<string[]> {
  const server = fakeServer(() => ({ status: 503, data: { error: 'Unavailable' } }));
  const asked = () => server.calls.map((config) => `${config.method} ${axios.getUri(config)}`);
  try {
    const started = prefetch();
    await Promise.allSettled(Array.isArray(started) ? started : [started]);
    const prefetched = asked();
    server.calls.length = 0;
    show();
    await waitFor(() => {
      const missing = prefetched.filter((request) => !asked().includes(request));
      if (missing.length) throw new Error(`the screen never asked for ${missing.join(', ')}`);
    });
    return prefetched;
  } finally {
    server.restore();
  }
}
