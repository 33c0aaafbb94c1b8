// The session across the page and the browser's tabs: the entry chunk's first refresh (boot),
// and what one tab tells the others (BroadcastChannel, which jsdom lacks: a small bus here).
import type * as ClientModule from './client';
import type * as StoreModule from './store';
import { LEGACY_STORAGE_KEYS, restoreSession, SESSION_CHANNEL, STORAGE_KEYS, type SessionMessage } from './session';

const user = {
  id: 7,
  email: 'ada@example.com',
  display_name: 'Ada',
  role: 'user' as const,
  created_at: '2026-01-01T00:00:00.000Z',
};

class Bus {
  static channels = new Set<Bus>();
  private listeners = new Set<(event: { data: unknown }) => void>();
  constructor(readonly name: string) {
    Bus.channels.add(this);
  }
  addEventListener(_type: 'message', listener: (event: { data: unknown }) => void) {
    this.listeners.add(listener);
  }
  postMessage(data: unknown) {
    for (const other of Bus.channels)
      if (other !== this && other.name === this.name) other.listeners.forEach((l) => l({ data }));
  }
  close() {
    Bus.channels.delete(this);
  }
}

function stored(): string {
  const entries: string[] = [];
  for (const store of [localStorage, sessionStorage]) {
    for (let i = 0; i < store.length; i += 1) entries.push(`${store.key(i)}=${store.getItem(store.key(i)!)}`);
  }
  return entries.join('\n');
}

/** What storage holds for a hinted session: the hint and the user's profile, never a token. */
const hintedWithProfile = `${STORAGE_KEYS.sessionHint}=1\n${STORAGE_KEYS.lastUser}=${JSON.stringify(user)}`;

const answer = (status: number, body: unknown) => ({ ok: status < 300, status, json: async () => body });
let fetchMock: jest.Mock;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  Bus.channels.clear();
  (globalThis as { BroadcastChannel?: unknown }).BroadcastChannel = Bus;
  fetchMock = jest.fn(async () => answer(200, { tokens: { accessToken: 'early-access' }, user }));
  global.fetch = fetchMock as unknown as typeof fetch;
});
afterEach(() => {
  delete (globalThis as { BroadcastChannel?: unknown }).BroadcastChannel;
});

describe('restoreSession (the entry chunk, before shared modules)', () => {
  test('no session hinted: no request, no session', async () => {
    await expect(restoreSession()).resolves.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('refreshes through the cookie: the page marks the call, sends no token, stores none (the profile only), tells the other tabs', async () => {
    localStorage.setItem(STORAGE_KEYS.sessionHint, '1');
    const otherTab = new Bus(SESSION_CHANNEL);
    const heard: unknown[] = [];
    otherTab.addEventListener('message', (event) => heard.push(event.data));
    await expect(restoreSession()).resolves.toEqual({ accessToken: 'early-access', user });
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/refresh', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      body: '{}',
    });
    expect(stored()).toBe(hintedWithProfile);
    expect(stored()).not.toContain('early-access');
    expect(heard).toEqual([{ type: 'session', accessToken: 'early-access', user }]);
  });

  test('a kernel 1.x refresh token is moved into the cookie once and every 1.x key removed', async () => {
    for (const [name, key] of Object.entries(LEGACY_STORAGE_KEYS)) localStorage.setItem(key, `legacy-${name}`);
    await expect(restoreSession()).resolves.toEqual({ accessToken: 'early-access', user });
    expect(JSON.parse(fetchMock.mock.calls[0][1].body)).toEqual({ refreshToken: 'legacy-refreshToken' });
    expect(stored()).toBe(hintedWithProfile);
  });

  test("a refused refresh (401) drops the hint, the profile and the screens' kept answers: signed out, the next load asks nothing", async () => {
    localStorage.setItem(STORAGE_KEYS.sessionHint, '1');
    localStorage.setItem(STORAGE_KEYS.lastUser, JSON.stringify(user));
    localStorage.setItem(`${STORAGE_KEYS.keptLoads}7:dashboard`, '{"data":{},"savedAt":1}');
    fetchMock.mockResolvedValueOnce(answer(401, { error: 'Invalid or expired refresh token' }));
    await expect(restoreSession()).resolves.toBeNull();
    expect(stored()).toBe('');
  });

  test('a refresh refused because the account is disabled says so (ended), signed out all the same', async () => {
    localStorage.setItem(STORAGE_KEYS.sessionHint, '1');
    localStorage.setItem(STORAGE_KEYS.lastUser, JSON.stringify(user));
    fetchMock.mockResolvedValueOnce(answer(401, { error: 'This account is disabled' }));
    await expect(restoreSession()).resolves.toEqual({ ended: 'disabled' });
    expect(stored()).toBe('');
  });

  test('no answer (the network is unreachable) with a hint and a kept profile: an offline session, no token', async () => {
    localStorage.setItem(STORAGE_KEYS.sessionHint, '1');
    localStorage.setItem(STORAGE_KEYS.lastUser, JSON.stringify(user));
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(restoreSession()).resolves.toEqual({ offline: true, user });
    // Nothing is dropped: the cookie may be fine, the next load online asks again.
    expect(stored()).toBe(hintedWithProfile);
  });

  test('no answer without a kept profile, or an HTTP failure other than a refusal: no session (as before)', async () => {
    localStorage.setItem(STORAGE_KEYS.sessionHint, '1');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(restoreSession()).resolves.toBeNull();

    localStorage.setItem(STORAGE_KEYS.lastUser, JSON.stringify(user));
    fetchMock.mockResolvedValueOnce(answer(503, { error: 'Service unavailable' }));
    await expect(restoreSession()).resolves.toBeNull();
    expect(stored()).toBe(hintedWithProfile);
  });
});

describe('tabs', () => {
  function loadKernel() {
    let kernel!: { client: typeof ClientModule; store: typeof StoreModule };
    jest.isolateModules(() => {
      kernel = { client: require('./client'), store: require('./store') };
    });
    return kernel;
  }

  test("another tab's new access token (and user) is taken without a request", () => {
    const { store } = loadKernel();
    const otherTab = new Bus(SESSION_CHANNEL);
    otherTab.postMessage({ type: 'session', accessToken: 'from-other-tab', user } satisfies SessionMessage);
    expect(store.useAuthStore.getState()).toMatchObject({ isAuthenticated: true, user });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('a sign-out in one tab ends the session in the others and sends them to /login', async () => {
    window.history.pushState({}, '', '/cards');
    const one = loadKernel();
    const two = loadKernel();
    const goToLogin = jest.fn();
    two.client.setUnauthorizedHandler(goToLogin);
    for (const { store } of [one, two]) store.useAuthStore.setState({ user, isAuthenticated: true, isLoading: false });
    const server = jest.fn(async () => ({
      data: { message: 'Logged out' },
      status: 200,
      statusText: 'OK',
      headers: {},
      config: {},
    }));
    one.client.apiClient.defaults.adapter = server as never;
    await one.store.useAuthStore.getState().logout();
    expect(two.store.useAuthStore.getState()).toMatchObject({ isAuthenticated: false, user: null });
    expect(goToLogin).toHaveBeenCalledTimes(1);
  });
});
