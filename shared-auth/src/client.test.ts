import { AxiosError } from 'axios';
import {
  apiClient,
  onSessionExpired,
  setErrorNotifier,
  setUnauthorizedHandler,
} from './client';
import { STORAGE_KEYS } from './session';
import { authHeader, fakeServer, type FakeServer } from './testing';
import { API_BASE_URL, API_TIMEOUT_MS } from './client';

let server: FakeServer | undefined;
const goToLogin = jest.fn();

function signIn(access = 'old-access', refresh = 'refresh-1') {
  localStorage.setItem(STORAGE_KEYS.accessToken, access);
  localStorage.setItem(STORAGE_KEYS.refreshToken, refresh);
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ id: 1, email: 'a@b.co' }));
}

beforeEach(() => {
  localStorage.clear();
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
});

test('sends the stored token with the exact Bearer scheme', async () => {
  signIn('tok-123');
  server = fakeServer(() => ({ status: 200, data: [] }));
  await apiClient.get('/cards');
  expect(authHeader(server.calls[0])).toBe('Bearer tok-123');
});

test('on a 401 refreshes once and retries the request with the new token', async () => {
  signIn();
  server = fakeServer((config) => {
    if (config.url === '/auth/refresh') {
      expect(JSON.parse(config.data)).toEqual({ refreshToken: 'refresh-1' });
      return { status: 200, data: { tokens: { accessToken: 'new-access', refreshToken: 'refresh-2' } } };
    }
    return authHeader(config) === 'Bearer new-access' ? { status: 200, data: ['ok'] } : { status: 401, data: { error: 'Token expired' } };
  });
  const response = await apiClient.get('/cards');
  expect(response.data).toEqual(['ok']);
  expect(server.calls.map((c) => c.url)).toEqual(['/cards', '/auth/refresh', '/cards']);
  expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('new-access');
  expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-2');
  expect(goToLogin).not.toHaveBeenCalled();
});

test('concurrent 401s share one refresh', async () => {
  signIn();
  let refreshes = 0;
  server = fakeServer(async (config) => {
    if (config.url === '/auth/refresh') {
      refreshes += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { status: 200, data: { tokens: { accessToken: 'new-access', refreshToken: 'refresh-2' } } };
    }
    return authHeader(config) === 'Bearer new-access' ? { status: 200, data: config.url } : { status: 401, data: {} };
  });
  const results = await Promise.all(['/a', '/b', '/c'].map((url) => apiClient.get(url)));
  expect(results.map((r) => r.data)).toEqual(['/a', '/b', '/c']);
  expect(refreshes).toBe(1);
});

test('a request is retried at most once; then the session is cleared and the user sent to /login', async () => {
  signIn();
  const expired = jest.fn();
  const off = onSessionExpired(expired);
  server = fakeServer((config) =>
    config.url === '/auth/refresh'
      ? { status: 200, data: { tokens: { accessToken: 'new-access', refreshToken: 'refresh-2' } } }
      : { status: 401, data: { error: 'nope' } },
  );
  await expect(apiClient.get('/cards')).rejects.toBeInstanceOf(AxiosError);
  expect(server.calls.filter((c) => c.url === '/cards')).toHaveLength(2);
  expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
  expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  expect(goToLogin).toHaveBeenCalledTimes(1);
  expect(expired).toHaveBeenCalledTimes(1);
  off();
});

test('a failed refresh clears the session and redirects', async () => {
  signIn();
  server = fakeServer((config) =>
    config.url === '/auth/refresh' ? { status: 401, data: { error: 'Invalid refresh token' } } : { status: 401, data: {} },
  );
  await expect(apiClient.get('/progress')).rejects.toBeInstanceOf(AxiosError);
  expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  expect(goToLogin).toHaveBeenCalledTimes(1);
});

test('a 401 from login neither refreshes nor redirects', async () => {
  signIn();
  server = fakeServer(() => ({ status: 401, data: { error: 'Invalid email or password' } }));
  await expect(apiClient.post('/auth/login', {})).rejects.toBeInstanceOf(AxiosError);
  expect(server.calls.map((c) => c.url)).toEqual(['/auth/login']);
  expect(goToLogin).not.toHaveBeenCalled();
  expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('old-access');
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

  test('calls marked skipErrorToast stay silent', async () => {
    server = fakeServer(() => ({ status: 400, data: { error: 'Bad' } }));
    await expect(apiClient.get('/x', { skipErrorToast: true })).rejects.toBeDefined();
    expect(notify).not.toHaveBeenCalled();
  });
});

test('a refresh token already rotated by another tab is not reused: its stored access token is', async () => {
  signIn('old-access', 'refresh-1');
  const requests: string[] = [];
  // The other tab finishes its refresh while this tab waits for the lock.
  const locks = {
    request: async (_name: string, fn: () => Promise<unknown>) => {
      localStorage.setItem(STORAGE_KEYS.accessToken, 'other-tab-access');
      localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-2');
      return fn();
    },
  };
  Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
  server = fakeServer((config) => {
    requests.push(`${config.url} ${authHeader(config)}`);
    return authHeader(config) === 'Bearer other-tab-access' ? { status: 200, data: 'ok' } : { status: 401, data: {} };
  });
  try {
    // The first attempt went out with the old token before the other tab rotated it.
    server.calls.length = 0;
    const response = await apiClient.get('/cards', { headers: { Authorization: 'Bearer old-access' } });
    expect(response.data).toBe('ok');
  } finally {
    delete (navigator as { locks?: unknown }).locks;
  }
  expect(requests.some((r) => r.startsWith('/auth/refresh'))).toBe(false);
});
