import { AxiosError } from 'axios';
import { waitFor } from '@testing-library/react';
import { apiClient, setAuthHeader, setUnauthorizedHandler } from './client';
import { getAccessToken, STORAGE_KEYS } from './session';
import { useAuthStore } from './store';
import { authHeader, fakeServer, type FakeServer } from './testing';

const user = {
  id: 7,
  email: 'ada@example.com',
  display_name: 'Ada',
  role: 'user' as const,
  created_at: '2026-01-01T00:00:00.000Z',
};
// What an older API (or a non-browser answer) may still carry: the kernel must not keep it.
const tokens = { accessToken: 'acc', refreshToken: 'ref' };
let server: FakeServer | undefined;

/** Every key and value in either storage. */
function stored(): string {
  const entries: string[] = [];
  for (const store of [localStorage, sessionStorage]) {
    for (let i = 0; i < store.length; i += 1) entries.push(`${store.key(i)}=${store.getItem(store.key(i)!)}`);
  }
  return entries.join('\n');
}

/** What storage holds for a hinted session: the hint and the user's profile, never a token. */
const hintedWithProfile = `${STORAGE_KEYS.sessionHint}=1\n${STORAGE_KEYS.lastUser}=${JSON.stringify(user)}`;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  setAuthHeader(null);
  useAuthStore.setState({ user: null, isAuthenticated: false, isLoading: false, isOffline: false, error: null });
  window.history.pushState({}, '', '/login');
});
afterEach(() => server?.restore());

test('login keeps the access token in memory only: no token in any storage (the profile only), none in the store', async () => {
  server = fakeServer((config) =>
    config.url === '/auth/login'
      ? { status: 200, data: { user, tokens, message: 'Login successful' } }
      : { status: 200, data: [] },
  );
  await expect(useAuthStore.getState().login('ada@example.com', 'secret1')).resolves.toEqual({ success: true });
  const state = useAuthStore.getState();
  expect(state).toMatchObject({ user, isAuthenticated: true, isLoading: false, error: null });
  expect(Object.keys(state)).not.toContain('token');
  expect(stored()).toBe(hintedWithProfile);
  expect(stored()).not.toMatch(/acc|ref/);
  expect(getAccessToken()).toBe('acc');
  await apiClient.get('/cards');
  expect(authHeader(server.calls[1])).toBe('Bearer acc');
});

test('login without tokens.accessToken is a failure: "Login failed"', async () => {
  server = fakeServer(() => ({ status: 200, data: { user, message: 'ok' } }));
  await expect(useAuthStore.getState().login('a@b.co', 'secret1')).resolves.toEqual({
    success: false,
    error: 'Login failed',
  });
  expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: false, error: 'Login failed' });
});

test("login failure shows the server's message", async () => {
  server = fakeServer(() => ({ status: 401, data: { error: 'Invalid email or password' } }));
  await expect(useAuthStore.getState().login('a@b.co', 'wrong!!')).resolves.toEqual({
    success: false,
    error: 'Invalid email or password',
  });
});

test('registration falls back to "Registration failed"', async () => {
  server = fakeServer(() => ({ status: 500, data: {} }));
  await expect(useAuthStore.getState().register({ email: 'a@b.co', password: 'secret1' })).resolves.toEqual({
    success: false,
    error: 'Registration failed',
  });
});

test('registration passes every field through and signs in', async () => {
  server = fakeServer(() => ({ status: 201, data: { user, tokens, message: 'Registered' } }));
  const input = { email: 'ada@example.com', password: 'secret1', confirmPassword: 'secret1' };
  await expect(useAuthStore.getState().register(input)).resolves.toEqual({ success: true });
  expect(JSON.parse(server.calls[0].data)).toEqual(input);
  expect(useAuthStore.getState().isAuthenticated).toBe(true);
});

test('logout clears everything even when the server call fails', async () => {
  server = fakeServer((config) =>
    config.url === '/auth/login' ? { status: 200, data: { user, tokens, message: '' } } : { status: 500, data: {} },
  );
  await useAuthStore.getState().login('ada@example.com', 'secret1');
  await useAuthStore.getState().logout();
  expect(server.calls.map((c) => c.url)).toEqual(['/auth/login', '/auth/logout']);
  // The cookie is the server's to revoke and clear: the body names no token.
  expect(JSON.parse(server.calls[1].data)).toEqual({});
  expect(useAuthStore.getState()).toMatchObject({ user: null, isAuthenticated: false });
  expect(stored()).toBe('');
  expect(getAccessToken()).toBeNull();
});

test('refreshUser runs only when authenticated', async () => {
  server = fakeServer(() => ({ status: 200, data: { success: true, user: { ...user, display_name: 'Ada L.' } } }));
  await useAuthStore.getState().refreshUser();
  expect(server.calls).toHaveLength(0);
  useAuthStore.setState({ isAuthenticated: true, user });
  await useAuthStore.getState().refreshUser();
  expect(server.calls.map((c) => c.url)).toEqual(['/auth/me']);
  expect(useAuthStore.getState().user?.display_name).toBe('Ada L.');
});

test('changePassword sends oldPassword/newPassword and falls back to "Password change failed"', async () => {
  server = fakeServer(() => ({ status: 500, data: {} }));
  await expect(useAuthStore.getState().changePassword('old-pass', 'new-pass')).resolves.toEqual({
    success: false,
    error: 'Password change failed',
  });
  expect(JSON.parse(server.calls[0].data)).toEqual({ oldPassword: 'old-pass', newPassword: 'new-pass' });
});

test('changePassword keeps this device signed in with the new access token the server answers', async () => {
  useAuthStore.setState({ user, isAuthenticated: true });
  setAuthHeader('old');
  const fresh = { accessToken: 'acc-2' };
  server = fakeServer(() => ({
    status: 200,
    data: { success: true, message: 'Password changed successfully', tokens: fresh },
  }));
  await expect(useAuthStore.getState().changePassword('old-pass', 'new-pass')).resolves.toEqual({ success: true });
  expect(useAuthStore.getState()).toMatchObject({ user, isAuthenticated: true });
  expect(getAccessToken()).toBe('acc-2');
  expect(stored()).toBe(hintedWithProfile);
});

test('initialize with no session hinted asks nothing and ends the loading state signed out', async () => {
  server = fakeServer(() => ({ status: 500, data: {} }));
  useAuthStore.setState({ isLoading: true });
  await useAuthStore.getState().initialize();
  expect(server.calls).toHaveLength(0);
  expect(useAuthStore.getState()).toMatchObject({ isLoading: false, isAuthenticated: false });
});

test('initialize restores a hinted session through the cookie: one refresh, its user, no /auth/me', async () => {
  localStorage.setItem(STORAGE_KEYS.sessionHint, '1');
  server = fakeServer(() => ({ status: 200, data: { tokens: { accessToken: 'acc-3' }, user } }));
  useAuthStore.setState({ isLoading: true });
  await useAuthStore.getState().initialize();
  expect(server.calls.map((c) => `${c.url} ${c.data}`)).toEqual(['/auth/refresh {}']);
  expect(useAuthStore.getState()).toMatchObject({ isLoading: false, isAuthenticated: true, isOffline: false, user });
  expect(getAccessToken()).toBe('acc-3');
  expect(stored()).toBe(hintedWithProfile);
});

test('initialize takes the refresh the entry chunk made', async () => {
  server = fakeServer(() => ({ status: 500, data: {} }));
  useAuthStore.setState({ isLoading: true });
  await useAuthStore.getState().initialize(Promise.resolve({ accessToken: 'early', user }));
  expect(server.calls).toHaveLength(0);
  expect(useAuthStore.getState()).toMatchObject({ isLoading: false, isAuthenticated: true, user });
  expect(getAccessToken()).toBe('early');
});

test('a refused cookie refresh at start-up signs out and drops the hint', async () => {
  localStorage.setItem(STORAGE_KEYS.sessionHint, '1');
  server = fakeServer(() => ({ status: 401, data: { error: 'Invalid or expired refresh token' } }));
  await useAuthStore.getState().initialize();
  expect(useAuthStore.getState()).toMatchObject({ isLoading: false, isAuthenticated: false });
  expect(stored()).toBe('');
});

describe('a disabled account: the store keeps why the session ended', () => {
  const goToLogin = jest.fn();
  beforeEach(() => {
    goToLogin.mockReset();
    setUnauthorizedHandler(goToLogin);
    useAuthStore.setState({ endedBecause: null });
  });

  test("a call refused as disabled, whose refresh is refused too, ends the session as 'disabled'", async () => {
    localStorage.setItem(STORAGE_KEYS.sessionHint, '1');
    useAuthStore.setState({ user, isAuthenticated: true });
    setAuthHeader('acc');
    window.history.pushState({}, '', '/cards');
    server = fakeServer((config) =>
      config.url === '/auth/refresh'
        ? { status: 401, data: { error: 'Invalid or expired refresh token' } }
        : { status: 401, data: { error: 'This account is disabled' } },
    );
    await expect(apiClient.get('/cards')).rejects.toBeInstanceOf(AxiosError);
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: false, endedBecause: 'disabled' });
    expect(goToLogin).toHaveBeenCalledTimes(1);
  });

  test('a session that ends for no named reason keeps none', async () => {
    localStorage.setItem(STORAGE_KEYS.sessionHint, '1');
    useAuthStore.setState({ user, isAuthenticated: true, endedBecause: 'disabled' });
    window.history.pushState({}, '', '/cards');
    server = fakeServer(() => ({ status: 401, data: { error: 'Invalid or expired refresh token' } }));
    await expect(apiClient.get('/cards')).rejects.toBeInstanceOf(AxiosError);
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: false, endedBecause: null });
  });

  test("a start-up refresh refused as disabled signs out with 'disabled'; the next sign-in forgets it", async () => {
    localStorage.setItem(STORAGE_KEYS.sessionHint, '1');
    useAuthStore.setState({ isLoading: true });
    server = fakeServer(() => ({ status: 401, data: { error: 'This account is disabled' } }));
    await useAuthStore.getState().initialize();
    expect(useAuthStore.getState()).toMatchObject({
      isLoading: false,
      isAuthenticated: false,
      endedBecause: 'disabled',
    });
    expect(stored()).toBe('');
    server.restore();

    server = fakeServer(() => ({ status: 403, data: { error: 'This account is disabled' } }));
    await useAuthStore.getState().login('ada@example.com', 'secret1');
    expect(useAuthStore.getState()).toMatchObject({ endedBecause: null, error: 'This account is disabled' });
  });

  test("takes the entry chunk's ended session the same way", async () => {
    useAuthStore.setState({ isLoading: true });
    server = fakeServer(() => ({ status: 500, data: {} }));
    await useAuthStore.getState().initialize(Promise.resolve({ ended: 'disabled' }));
    expect(server.calls).toHaveLength(0);
    expect(useAuthStore.getState()).toMatchObject({
      isLoading: false,
      isAuthenticated: false,
      endedBecause: 'disabled',
    });
  });
});

describe('offline session: a hinted browser whose refresh gets no answer', () => {
  const goToLogin = jest.fn();
  const unreachable = (config: Parameters<Parameters<typeof fakeServer>[0]>[0]) =>
    new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);

  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.sessionHint, '1');
    localStorage.setItem(STORAGE_KEYS.lastUser, JSON.stringify(user));
    useAuthStore.setState({ isLoading: true });
    goToLogin.mockReset();
    setUnauthorizedHandler(goToLogin);
    window.history.pushState({}, '', '/cards');
  });

  /** Starts the page offline: the refresh through the client gets no answer. */
  async function startOffline() {
    server = fakeServer((config) => unreachable(config));
    await useAuthStore.getState().initialize();
    server.restore();
  }

  test('signs in as the kept profile, offline, with no access token; nothing is dropped', async () => {
    await startOffline();
    expect(useAuthStore.getState()).toMatchObject({ user, isAuthenticated: true, isOffline: true, isLoading: false });
    expect(getAccessToken()).toBeNull();
    expect(stored()).toBe(hintedWithProfile);
  });

  test("takes the entry chunk's offline session the same way", async () => {
    server = fakeServer(() => ({ status: 500, data: {} }));
    await useAuthStore.getState().initialize(Promise.resolve({ offline: true, user }));
    expect(server.calls).toHaveLength(0);
    expect(useAuthStore.getState()).toMatchObject({ user, isAuthenticated: true, isOffline: true });
    expect(getAccessToken()).toBeNull();
  });

  test('a call made offline fails as a network failure, and the learner stays signed in', async () => {
    await startOffline();
    server = fakeServer((config) => unreachable(config));
    await expect(apiClient.get('/cards')).rejects.toMatchObject({ code: AxiosError.ERR_NETWORK });
    expect(server.calls.map((c) => c.url)).toEqual(['/cards']);
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, isOffline: true });
  });

  test('a 401 at start-up is a sign-out: signed out, the hint and the profile dropped', async () => {
    server = fakeServer(() => ({ status: 401, data: { error: 'Invalid or expired refresh token' } }));
    await useAuthStore.getState().initialize();
    expect(useAuthStore.getState()).toMatchObject({ user: null, isAuthenticated: false, isOffline: false });
    expect(stored()).toBe('');
  });

  test('back online (the online event): one refresh through the cookie, then a normal session', async () => {
    await startOffline();
    server = fakeServer((config) =>
      config.url === '/auth/refresh'
        ? { status: 200, data: { tokens: { accessToken: 'back' }, user: { ...user, display_name: 'Ada L.' } } }
        : { status: 200, data: [] },
    );
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(useAuthStore.getState().isOffline).toBe(false));
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, user: { display_name: 'Ada L.' } });
    expect(getAccessToken()).toBe('back');
    await apiClient.get('/cards');
    expect(server.calls.map((c) => `${c.url} ${authHeader(c)}`)).toEqual([
      '/auth/refresh undefined',
      '/cards Bearer back',
    ]);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.lastUser)!)).toMatchObject({ display_name: 'Ada L.' });
  });

  test('back online but the cookie is refused (401): signed out as before, the profile dropped, sent to /login', async () => {
    await startOffline();
    server = fakeServer(() => ({ status: 401, data: { error: 'Invalid or expired refresh token' } }));
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(useAuthStore.getState().isAuthenticated).toBe(false));
    expect(useAuthStore.getState()).toMatchObject({ user: null, isOffline: false });
    expect(stored()).toBe('');
    expect(goToLogin).toHaveBeenCalledTimes(1);
  });

  test('online event while the API is still out of reach: stays offline, signed in', async () => {
    await startOffline();
    server = fakeServer((config) => unreachable(config));
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(server!.calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(useAuthStore.getState()).toMatchObject({ user, isAuthenticated: true, isOffline: true });
    expect(stored()).toBe(hintedWithProfile);
    expect(goToLogin).not.toHaveBeenCalled();
  });

  test('a later call that meets a 401 refreshes through the cookie: retried, and the session is normal', async () => {
    await startOffline();
    server = fakeServer((config) => {
      if (config.url === '/auth/refresh') return { status: 200, data: { tokens: { accessToken: 'again' }, user } };
      return authHeader(config) === 'Bearer again' ? { status: 200, data: ['ok'] } : { status: 401, data: {} };
    });
    await expect(apiClient.get('/cards').then((r) => r.data)).resolves.toEqual(['ok']);
    expect(server.calls.map((c) => c.url)).toEqual(['/cards', '/auth/refresh', '/cards']);
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, isOffline: false, user });
  });

  test('sign-out while offline drops the hint and the profile, whatever the network says', async () => {
    await startOffline();
    server = fakeServer((config) => unreachable(config));
    await useAuthStore.getState().logout();
    expect(useAuthStore.getState()).toMatchObject({ user: null, isAuthenticated: false, isOffline: false });
    expect(stored()).toBe('');
  });

  test('a normal session whose refresh after a 401 gets no answer goes offline instead of signing out', async () => {
    useAuthStore.setState({ user, isAuthenticated: true, isLoading: false });
    setAuthHeader('expired');
    server = fakeServer((config) => (config.url === '/auth/refresh' ? unreachable(config) : { status: 401, data: {} }));
    await expect(apiClient.get('/cards')).rejects.toMatchObject({ code: AxiosError.ERR_NETWORK });
    expect(useAuthStore.getState()).toMatchObject({ user, isAuthenticated: true, isOffline: true });
    expect(getAccessToken()).toBeNull();
    expect(goToLogin).not.toHaveBeenCalled();
    expect(stored()).toBe(hintedWithProfile);
  });
});
