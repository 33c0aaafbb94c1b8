import { apiClient } from './client';
import { STORAGE_KEYS } from './session';
import { useAuthStore } from './store';
import { fakeServer, type FakeServer } from './testing';

const user = { id: 7, email: 'ada@example.com', display_name: 'Ada', role: 'user' as const, created_at: '2026-01-01T00:00:00.000Z' };
const tokens = { accessToken: 'acc', refreshToken: 'ref' };
let server: FakeServer | undefined;

beforeEach(() => {
  localStorage.clear();
  useAuthStore.setState({ user: null, token: null, isAuthenticated: false, isLoading: false, error: null });
  window.history.pushState({}, '', '/login');
});
afterEach(() => server?.restore());

test('login stores tokens, user and the persisted store', async () => {
  server = fakeServer(() => ({ status: 200, data: { user, tokens, message: 'Login successful' } }));
  await expect(useAuthStore.getState().login('ada@example.com', 'secret1')).resolves.toEqual({ success: true });
  const state = useAuthStore.getState();
  expect(state).toMatchObject({ user, token: 'acc', isAuthenticated: true, isLoading: false, error: null });
  expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('acc');
  expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('ref');
  expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user)!)).toEqual(user);
  const persisted = JSON.parse(localStorage.getItem(STORAGE_KEYS.persistedStore)!);
  expect(persisted.state).toEqual({ user, token: 'acc', isAuthenticated: true });
  expect(apiClient.defaults.headers.common.Authorization).toBe('Bearer acc');
});

test('login without tokens.accessToken is a failure: "Login failed"', async () => {
  server = fakeServer(() => ({ status: 200, data: { user, message: 'ok' } }));
  await expect(useAuthStore.getState().login('a@b.co', 'secret1')).resolves.toEqual({ success: false, error: 'Login failed' });
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
  expect(useAuthStore.getState()).toMatchObject({ user: null, token: null, isAuthenticated: false });
  for (const key of [STORAGE_KEYS.accessToken, STORAGE_KEYS.refreshToken, STORAGE_KEYS.user]) {
    expect(localStorage.getItem(key)).toBeNull();
  }
  expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.persistedStore) ?? '{"state":{}}').state.isAuthenticated).not.toBe(true);
  expect(apiClient.defaults.headers.common.Authorization).toBeUndefined();
});

test('refreshUser runs only when authenticated', async () => {
  server = fakeServer(() => ({ status: 200, data: { success: true, user: { ...user, display_name: 'Ada L.' } } }));
  await useAuthStore.getState().refreshUser();
  expect(server.calls).toHaveLength(0);
  useAuthStore.setState({ isAuthenticated: true, user, token: 'acc' });
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

test('changePassword keeps this device signed in with the new tokens the server answers', async () => {
  useAuthStore.setState({ user, token: 'old', isAuthenticated: true });
  localStorage.setItem(STORAGE_KEYS.accessToken, 'old');
  localStorage.setItem(STORAGE_KEYS.refreshToken, 'old-ref');
  const fresh = { accessToken: 'acc-2', refreshToken: 'ref-2' };
  server = fakeServer(() => ({ status: 200, data: { success: true, message: 'Password changed successfully', tokens: fresh } }));
  await expect(useAuthStore.getState().changePassword('old-pass', 'new-pass')).resolves.toEqual({ success: true });
  expect(useAuthStore.getState()).toMatchObject({ user, token: 'acc-2', isAuthenticated: true });
  expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('acc-2');
  expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('ref-2');
  expect(apiClient.defaults.headers.common.Authorization).toBe('Bearer acc-2');
});

test('initialize ends the loading state', async () => {
  useAuthStore.setState({ isLoading: true });
  await useAuthStore.getState().initialize();
  expect(useAuthStore.getState().isLoading).toBe(false);
});
