import { apiClient, setAuthHeader } from './client';
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

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  setAuthHeader(null);
  useAuthStore.setState({ user: null, isAuthenticated: false, isLoading: false, error: null });
  window.history.pushState({}, '', '/login');
});
afterEach(() => server?.restore());

test('login keeps the access token in memory only: no token (nor user) in any storage, none in the store', async () => {
  server = fakeServer((config) =>
    config.url === '/auth/login'
      ? { status: 200, data: { user, tokens, message: 'Login successful' } }
      : { status: 200, data: [] },
  );
  await expect(useAuthStore.getState().login('ada@example.com', 'secret1')).resolves.toEqual({ success: true });
  const state = useAuthStore.getState();
  expect(state).toMatchObject({ user, isAuthenticated: true, isLoading: false, error: null });
  expect(Object.keys(state)).not.toContain('token');
  expect(stored()).toBe(`${STORAGE_KEYS.sessionHint}=1`);
  expect(stored()).not.toMatch(/acc|ref|ada@example/);
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
  expect(stored()).toBe(`${STORAGE_KEYS.sessionHint}=1`);
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
  expect(useAuthStore.getState()).toMatchObject({ isLoading: false, isAuthenticated: true, user });
  expect(getAccessToken()).toBe('acc-3');
  expect(stored()).toBe(`${STORAGE_KEYS.sessionHint}=1`);
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
