import { AxiosError } from 'axios';
import {
  apiClient,
  onSessionExpired,
  refreshAccessToken,
  setAuthHeader,
  setErrorNotifier,
  setUnauthorizedHandler,
} from './client';
import { fetchAhead, forgetFetchedAhead } from './fetch-ahead';
import { getAccessToken, LEGACY_STORAGE_KEYS, STORAGE_KEYS } from './session';
import { authHeader, fakeServer, type FakeServer } from './testing';
import { API_BASE_URL, API_TIMEOUT_MS } from './client';

let server: FakeServer | undefined;
const goToLogin = jest.fn();

/** A signed-in page: the access token in memory, the session hinted (the cookie is the browser's). */
function signIn(access = 'old-access') {
  setAuthHeader(access);
  localStorage.setItem(STORAGE_KEYS.sessionHint, '1');
}

/** Every value in either storage: none may be a token. */
function stored(): string[] {
  const values: string[] = [];
  for (const store of [localStorage, sessionStorage]) {
    for (let i = 0; i < store.length; i += 1) values.push(`${store.key(i)}=${store.getItem(store.key(i)!)}`);
  }
  return values;
}

const refreshedUser = {
  id: 1,
  email: 'a@b.co',
  display_name: null,
  role: 'user',
  created_at: '2026-01-01T00:00:00.000Z',
};
const refreshed = (accessToken = 'new-access') => ({
  status: 200,
  data: { tokens: { accessToken }, user: refreshedUser },
});

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  setAuthHeader(null);
  goToLogin.mockReset();
  setUnauthorizedHandler(goToLogin);
  window.history.pushState({}, '', '/cards');
});

afterEach(() => {
  server?.restore();
  setErrorNotifier(null);
});

test('uses base /api, JSON and a 30000 ms timeout', () => {
  expect(API_BASE_URL).toBe('/api');
  expect(API_TIMEOUT_MS).toBe(30000);
  expect(apiClient.defaults.baseURL).toBe('/api');
  expect(apiClient.defaults.timeout).toBe(30000);
  expect(apiClient.defaults.headers['Content-Type']).toBe('application/json');
  // The browser session's mark: the API keeps refresh tokens in its HttpOnly cookie for us.
  expect(apiClient.defaults.headers['X-Requested-With']).toBe('XMLHttpRequest');
});

test("sends the kernel's in-memory token with the exact Bearer scheme", async () => {
  signIn('tok-123');
  server = fakeServer(() => ({ status: 200, data: [] }));
  await apiClient.get('/cards');
  expect(authHeader(server.calls[0])).toBe('Bearer tok-123');
});

test('on a 401 refreshes once through the cookie (no token in the body) and retries with the new token', async () => {
  signIn();
  server = fakeServer((config) => {
    if (config.url === '/auth/refresh') {
      expect(JSON.parse(config.data)).toEqual({});
      return refreshed();
    }
    return authHeader(config) === 'Bearer new-access'
      ? { status: 200, data: ['ok'] }
      : { status: 401, data: { error: 'Token expired' } };
  });
  const response = await apiClient.get('/cards');
  expect(response.data).toEqual(['ok']);
  expect(server.calls.map((c) => c.url)).toEqual(['/cards', '/auth/refresh', '/cards']);
  expect(getAccessToken()).toBe('new-access');
  expect(stored()).toEqual([
    `${STORAGE_KEYS.sessionHint}=1`,
    `${STORAGE_KEYS.lastUser}=${JSON.stringify(refreshedUser)}`,
  ]);
  expect(goToLogin).not.toHaveBeenCalled();
});

test('a kernel 1.x refresh token in storage is sent once to move into the cookie, and removed', async () => {
  signIn();
  localStorage.setItem(LEGACY_STORAGE_KEYS.accessToken, 'old-access');
  localStorage.setItem(LEGACY_STORAGE_KEYS.refreshToken, 'refresh-1');
  localStorage.setItem(LEGACY_STORAGE_KEYS.persistedStore, '{"state":{"token":"old-access"}}');
  const bodies: unknown[] = [];
  server = fakeServer((config) => {
    bodies.push(JSON.parse(config.data));
    return refreshed();
  });
  await refreshAccessToken();
  await refreshAccessToken();
  expect(bodies).toEqual([{ refreshToken: 'refresh-1' }, {}]);
  expect(stored()).toEqual([
    `${STORAGE_KEYS.sessionHint}=1`,
    `${STORAGE_KEYS.lastUser}=${JSON.stringify(refreshedUser)}`,
  ]);
});

test('no session hinted: a 401 asks no refresh', async () => {
  setAuthHeader('old-access');
  server = fakeServer(() => ({ status: 401, data: {} }));
  await expect(apiClient.get('/cards')).rejects.toBeInstanceOf(AxiosError);
  expect(server.calls.map((c) => c.url)).toEqual(['/cards']);
  expect(goToLogin).toHaveBeenCalledTimes(1);
});

test('concurrent 401s share one refresh', async () => {
  signIn();
  let refreshes = 0;
  // The refresh answers only once all three calls were refused, so each 401 arrives while it runs.
  let refused = 0;
  let allRefused: () => void = () => {};
  const threeRefused = new Promise<void>((resolve) => (allRefused = resolve));
  server = fakeServer(async (config) => {
    if (config.url === '/auth/refresh') {
      refreshes += 1;
      await threeRefused;
      return refreshed();
    }
    if (authHeader(config) === 'Bearer new-access') return { status: 200, data: config.url };
    if (++refused === 3) allRefused();
    return { status: 401, data: {} };
  });
  const results = await Promise.all(['/a', '/b', '/c'].map((url) => apiClient.get(url)));
  expect(results.map((r) => r.data)).toEqual(['/a', '/b', '/c']);
  expect(refreshes).toBe(1);
  // Direct callers join the same refresh too.
  refreshes = 0;
  const tokens = await Promise.all([refreshAccessToken(), refreshAccessToken(), refreshAccessToken()]);
  expect(tokens).toEqual(['new-access', 'new-access', 'new-access']);
  expect(refreshes).toBe(1);
});

test('an expired token met by a GET fetched ahead twice (a hover, then the click): one refresh, both retried, still signed in', async () => {
  signIn();
  forgetFetchedAhead();
  let refreshes = 0;
  server = fakeServer((config) => {
    if (config.url === '/auth/refresh') {
      refreshes += 1;
      return refreshed();
    }
    return authHeader(config) === 'Bearer new-access' ? { status: 200, data: config.url } : { status: 401, data: {} };
  });
  const answers: Array<Promise<unknown>> = [];
  const prefetch = () => answers.push(apiClient.get('/queue').then((r) => r.data));
  fetchAhead(prefetch);
  fetchAhead(prefetch);
  await expect(Promise.all(answers)).resolves.toEqual(['/queue', '/queue']);
  expect(refreshes).toBe(1);
  expect(goToLogin).not.toHaveBeenCalled();
  expect(getAccessToken()).toBe('new-access');
});

test('a request is retried at most once; then the session is cleared and the user sent to /login', async () => {
  signIn();
  const expired = jest.fn();
  const off = onSessionExpired(expired);
  server = fakeServer((config) =>
    config.url === '/auth/refresh' ? refreshed() : { status: 401, data: { error: 'nope' } },
  );
  await expect(apiClient.get('/cards')).rejects.toBeInstanceOf(AxiosError);
  expect(server.calls.filter((c) => c.url === '/cards')).toHaveLength(2);
  expect(getAccessToken()).toBeNull();
  expect(stored()).toEqual([]);
  expect(goToLogin).toHaveBeenCalledTimes(1);
  expect(expired).toHaveBeenCalledTimes(1);
  off();
});

test('a failed refresh clears the session and redirects', async () => {
  signIn();
  server = fakeServer((config) =>
    config.url === '/auth/refresh'
      ? { status: 401, data: { error: 'Invalid refresh token' } }
      : { status: 401, data: {} },
  );
  await expect(apiClient.get('/progress')).rejects.toBeInstanceOf(AxiosError);
  expect(getAccessToken()).toBeNull();
  expect(localStorage.getItem(STORAGE_KEYS.sessionHint)).toBeNull();
  expect(goToLogin).toHaveBeenCalledTimes(1);
});

test('a 401 from login neither refreshes nor redirects', async () => {
  signIn();
  server = fakeServer(() => ({ status: 401, data: { error: 'Invalid email or password' } }));
  await expect(apiClient.post('/auth/login', {})).rejects.toBeInstanceOf(AxiosError);
  expect(server.calls.map((c) => c.url)).toEqual(['/auth/login']);
  expect(goToLogin).not.toHaveBeenCalled();
  expect(getAccessToken()).toBe('old-access');
});

test('no redirect when the user is already on a login page', async () => {
  window.history.pushState({}, '', '/login');
  server = fakeServer(() => ({ status: 401, data: {} }));
  await expect(apiClient.get('/auth/me')).rejects.toBeInstanceOf(AxiosError);
  expect(goToLogin).not.toHaveBeenCalled();
});

describe('error notifications use the catalogue texts', () => {
  const notify = jest.fn();
  beforeEach(() => {
    notify.mockReset();
    setErrorNotifier(notify);
  });

  test("the server's error field", async () => {
    server = fakeServer(() => ({ status: 400, data: { error: 'Question and answer are required' } }));
    await expect(apiClient.post('/cards', {})).rejects.toBeDefined();
    expect(notify).toHaveBeenCalledWith('Question and answer are required');
  });

  test('a status without an error field shows nothing', async () => {
    server = fakeServer(() => ({ status: 500, data: 'oops' }));
    await expect(apiClient.get('/cards')).rejects.toBeDefined();
    expect(notify).not.toHaveBeenCalled();
  });

  test('network error, timeout, no response', async () => {
    const cases: [string, string][] = [
      ['ERR_NETWORK', 'Network error. Please check your connection.'],
      ['ECONNABORTED', 'Request timed out. Please try again.'],
      ['ETIMEDOUT', 'Request timed out. Please try again.'],
      ['ECONNREFUSED', 'Unable to connect to server.'],
    ];
    for (const [code, text] of cases) {
      server?.restore();
      server = fakeServer((config) => new AxiosError('failed', code, config));
      await expect(apiClient.get('/cards')).rejects.toBeDefined();
      expect(notify).toHaveBeenLastCalledWith(text);
    }
  });

  test('no answer while the browser says it is offline: no toast (the page shows it is offline), a refusal still has one', async () => {
    const onLine = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      server = fakeServer((config) => new AxiosError('failed', 'ERR_NETWORK', config));
      await expect(apiClient.get('/cards')).rejects.toBeDefined();
      expect(notify).not.toHaveBeenCalled();
      server.restore();
      server = fakeServer(() => ({ status: 400, data: { error: 'Bad' } }));
      await expect(apiClient.get('/cards')).rejects.toBeDefined();
      expect(notify).toHaveBeenCalledWith('Bad');
    } finally {
      onLine.mockRestore();
    }
  });

  test('calls marked skipErrorToast stay silent', async () => {
    server = fakeServer(() => ({ status: 400, data: { error: 'Bad' } }));
    await expect(apiClient.get('/x', { skipErrorToast: true })).rejects.toBeDefined();
    expect(notify).not.toHaveBeenCalled();
  });
});

describe('across tabs', () => {
  afterEach(() => {
    delete (navigator as { locks?: unknown }).locks;
  });

  test("another tab's refresh, heard while this tab waited for the lock, is used instead of rotating again", async () => {
    signIn('old-access');
    const requests: string[] = [];
    // The other tab finishes its refresh (and broadcasts its token) while this tab waits.
    const locks = {
      request: async (_name: string, fn: () => Promise<unknown>) => {
        setAuthHeader('other-tab-access');
        return fn();
      },
    };
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
    server = fakeServer((config) => {
      requests.push(`${config.url} ${authHeader(config)}`);
      return authHeader(config) === 'Bearer other-tab-access' ? { status: 200, data: 'ok' } : { status: 401, data: {} };
    });
    const response = await apiClient.get('/cards');
    expect(response.data).toBe('ok');
    expect(requests.some((r) => r.startsWith('/auth/refresh'))).toBe(false);
  });

  test('refreshes run one at a time under the browser-wide lock', async () => {
    signIn();
    const names: string[] = [];
    const locks = {
      request: async (name: string, fn: () => Promise<unknown>) => {
        names.push(name);
        return fn();
      },
    };
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
    server = fakeServer(() => refreshed());
    await expect(refreshAccessToken()).resolves.toBe('new-access');
    expect(names).toEqual(['flashcard-token-refresh']);
  });
});
