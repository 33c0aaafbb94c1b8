import { AxiosError } from 'axios';
import { registerRemotes } from '@module-federation/enhanced/runtime';
import { platformApi } from '@flashcard/api-contract';
import { requestManifestEarly, takeEarlySession } from './early';
import { KEPT_MANIFEST_KEY } from '../offline/kept-manifest';
import { OVERRIDES_KEY } from './overrides';
import {
  checkForReleases,
  loadRemoteModule,
  refreshManifest,
  resetRemote,
  startPlatform,
  usePlatformStore,
} from './platform';
import { useAuthStore } from '@flashcard/shared-auth';
import { TEST_MANIFEST } from './testing';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(async () => ({ default: 'the module' })),
}));

const manifestCall = jest.spyOn(platformApi, 'manifest');
const register = jest.mocked(registerRemotes);

beforeEach(() => {
  register.mockClear();
  localStorage.clear();
});

test('registers every remote of the manifest once, and again (forced) only when its entry moves', async () => {
  manifestCall.mockResolvedValueOnce(TEST_MANIFEST);
  await refreshManifest();
  expect(register).toHaveBeenCalledTimes(1);
  expect(register.mock.calls[0]![0].map((r) => r.name)).toEqual([
    'mfe_admin',
    'mfe_cards',
    'mfe_progress',
    'mfe_social',
    'mfe_study',
  ]);
  expect((register.mock.calls[0]![0][1] as { entry: string }).entry).toBe(
    'http://localhost/remotes/mfe_cards/0.1.0+0000000a/mf-manifest.json',
  );
  expect(usePlatformStore.getState()).toMatchObject({ manifest: TEST_MANIFEST, failed: false });

  // A canary user after sign-in: only the remote whose version changed is registered again.
  const canary = {
    ...TEST_MANIFEST,
    remotes: TEST_MANIFEST.remotes.map((r) =>
      r.name === 'mfe_cards' ? { ...r, version: '0.2.0+1', entry: '/remotes/mfe_cards/0.2.0+1/mf-manifest.json' } : r,
    ),
  };
  manifestCall.mockResolvedValueOnce(canary);
  await refreshManifest();
  expect(register).toHaveBeenCalledTimes(2);
  expect(register.mock.calls[1]).toEqual([
    [{ name: 'mfe_cards', entry: 'http://localhost/remotes/mfe_cards/0.2.0+1/mf-manifest.json' }],
    { force: true },
  ]);
});

test('applies a localhost override when the site allows it and lists it for the badge', async () => {
  localStorage.setItem(OVERRIDES_KEY, JSON.stringify({ mfe_study: 'http://localhost:3002/mf-manifest.json' }));
  manifestCall.mockResolvedValueOnce({ ...TEST_MANIFEST, devOverrides: true });
  await refreshManifest();
  expect(usePlatformStore.getState().overridden).toEqual(['mfe_study']);
  // (mfe_cards goes back to its active version too: the previous test left it on the canary.)
  expect(register).toHaveBeenCalledWith(
    expect.arrayContaining([{ name: 'mfe_study', entry: 'http://localhost:3002/mf-manifest.json' }]),
    { force: true },
  );
  // The server leaves its release out of the page's preloads.
  expect(document.cookie).toBe('flashcard-remote-overrides=mfe_study');
});

test('a failed manifest marks the store failed; a remote not in the manifest does not load', async () => {
  manifestCall.mockRejectedValueOnce(new Error('offline'));
  await expect(refreshManifest()).rejects.toThrow('offline');
  expect(usePlatformStore.getState().failed).toBe(true);

  manifestCall.mockResolvedValueOnce(TEST_MANIFEST);
  await expect(loadRemoteModule('mfe_quiz')).rejects.toThrow('mfe_quiz is not in the registry');
  await expect(loadRemoteModule('mfe_cards')).resolves.toEqual({ default: 'the module' });
});

test("takes the entry chunk's early manifest once (asked signed in after the cookie refresh), and the client's on failure", async () => {
  localStorage.setItem('flashcard_session_hint', '1');
  // (jsdom has no Response: the two fields early.ts and the kernel's boot read.)
  const answer = (status: number, body: unknown) => ({ ok: status < 300, status, json: async () => body });
  const user = {
    id: 7,
    email: 'ada@example.com',
    display_name: null,
    role: 'user',
    created_at: '2026-01-01T00:00:00.000Z',
  };
  const fetchMock = jest.fn(async (url: string, _init: unknown) =>
    url === '/api/auth/refresh'
      ? answer(200, { tokens: { accessToken: 'cookie-access' }, user })
      : answer(200, TEST_MANIFEST),
  );
  global.fetch = fetchMock as unknown as typeof fetch;
  manifestCall.mockClear();
  requestManifestEarly();
  const session = takeEarlySession();
  await expect(session).resolves.toEqual({ accessToken: 'cookie-access', user });
  expect(takeEarlySession()).toBeNull();
  await expect(refreshManifest()).resolves.toEqual(TEST_MANIFEST);
  expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/auth/refresh', '/api/platform/manifest']);
  expect(fetchMock).toHaveBeenLastCalledWith('/api/platform/manifest', {
    headers: { Accept: 'application/json', Authorization: 'Bearer cookie-access' },
  });
  expect(manifestCall).not.toHaveBeenCalled();

  // Taken once: the next refresh (a sign-in) asks through the client.
  manifestCall.mockResolvedValueOnce(TEST_MANIFEST);
  await refreshManifest();
  expect(manifestCall).toHaveBeenCalledTimes(1);

  // An early 401 falls back to the client, which refreshes the token.
  fetchMock
    .mockResolvedValueOnce(answer(200, { tokens: { accessToken: 'cookie-access' }, user }))
    .mockResolvedValueOnce(answer(401, { error: 'expired' }));
  requestManifestEarly();
  manifestCall.mockResolvedValueOnce(TEST_MANIFEST);
  await expect(refreshManifest()).resolves.toEqual(TEST_MANIFEST);
  expect(manifestCall).toHaveBeenCalledTimes(2);
});

test('Retry (resetRemote) registers the same entry again, forced, and forgets what was preloaded from its release', async () => {
  manifestCall.mockResolvedValue(TEST_MANIFEST);
  await refreshManifest();
  const entry = 'http://localhost/remotes/mfe_progress/0.1.0+0000000a/mf-manifest.json';
  const folder = entry.replace('mf-manifest.json', '');
  const other = 'http://localhost/remotes/mfe_cards/0.1.0+0000000a/1.abcdef12.js';
  // The runtime's record of preloaded assets (runtime-core global.ts), by URL.
  const assets = new Set([`${folder}remoteEntry.js`, `${folder}2.12345678.js`, other]);
  (globalThis as { __FEDERATION__?: object }).__FEDERATION__ = { __PRELOADED_ASSETS__: assets };
  register.mockClear();
  try {
    await resetRemote('mfe_progress');
  } finally {
    manifestCall.mockReset();
    delete (globalThis as { __FEDERATION__?: object }).__FEDERATION__;
  }
  expect(register.mock.calls).toEqual([[[{ name: 'mfe_progress', entry }], { force: true }]]);
  expect([...assets]).toEqual([other]);
});

test('with no session hinted the early manifest is asked at once, signed out, with no refresh', async () => {
  const fetchMock = jest.fn(async (_url: string, _init: unknown) => ({
    ok: true,
    status: 200,
    json: async () => TEST_MANIFEST,
  }));
  global.fetch = fetchMock as unknown as typeof fetch;
  requestManifestEarly();
  await expect(takeEarlySession()).resolves.toBeNull();
  await expect(refreshManifest()).resolves.toEqual(TEST_MANIFEST);
  expect(fetchMock).toHaveBeenCalledTimes(1);
  expect(fetchMock).toHaveBeenCalledWith('/api/platform/manifest', { headers: { Accept: 'application/json' } });
});

describe('the kept manifest (offline)', () => {
  const ada = {
    id: 7,
    email: 'ada@example.com',
    display_name: 'Ada',
    role: 'user' as const,
    created_at: '2026-01-01T00:00:00.000Z',
  };
  const noAnswer = () => new AxiosError('Network Error', AxiosError.ERR_NETWORK);
  const kept = () => JSON.parse(localStorage.getItem(KEPT_MANIFEST_KEY) ?? 'null');

  beforeEach(() => useAuthStore.setState({ user: ada, isAuthenticated: true, isOffline: false, isLoading: false }));
  afterEach(() => {
    manifestCall.mockReset();
    useAuthStore.setState({ user: null, isAuthenticated: false, isOffline: false });
  });

  test("a signed-in learner's manifest is kept; when the registry gives no answer the kept copy stands in", async () => {
    manifestCall.mockResolvedValueOnce(TEST_MANIFEST);
    await refreshManifest();
    expect(kept()).toEqual({ userId: 7, manifest: TEST_MANIFEST });
    expect(usePlatformStore.getState()).toMatchObject({ userId: 7, kept: false });

    usePlatformStore.setState({ manifest: null });
    manifestCall.mockRejectedValueOnce(noAnswer());
    await expect(refreshManifest()).resolves.toEqual(TEST_MANIFEST);
    // The routes and the sidebar are the manifest's: they exist offline.
    expect(usePlatformStore.getState()).toMatchObject({
      manifest: TEST_MANIFEST,
      failed: false,
      kept: true,
      userId: 7,
    });
    await expect(loadRemoteModule('mfe_cards')).resolves.toEqual({ default: 'the module' });
  });

  test('an HTTP answer (a server error) is no reason to take it, nor is another learner, nor a signed-out page', async () => {
    localStorage.setItem(KEPT_MANIFEST_KEY, JSON.stringify({ userId: 7, manifest: TEST_MANIFEST }));
    const refused = new AxiosError('Server error', AxiosError.ERR_BAD_RESPONSE, undefined, undefined, {
      status: 503,
      data: { error: 'Unavailable' },
    } as never);
    manifestCall.mockRejectedValueOnce(refused);
    await expect(refreshManifest()).rejects.toBe(refused);
    expect(usePlatformStore.getState().failed).toBe(true);

    useAuthStore.setState({ user: { ...ada, id: 8 } });
    manifestCall.mockRejectedValueOnce(noAnswer());
    await expect(refreshManifest()).rejects.toMatchObject({ code: AxiosError.ERR_NETWORK });

    useAuthStore.setState({ user: null, isAuthenticated: false });
    manifestCall.mockRejectedValueOnce(noAnswer());
    await expect(refreshManifest()).rejects.toMatchObject({ code: AxiosError.ERR_NETWORK });
    // A signed-out answer is never kept as anyone's.
    manifestCall.mockResolvedValueOnce({ ...TEST_MANIFEST, remotes: [] });
    await refreshManifest();
    expect(kept()).toEqual({ userId: 7, manifest: TEST_MANIFEST });
  });

  test('a session the entry chunk restored offline asks the registry nothing and takes the kept copy', async () => {
    useAuthStore.setState({ user: null, isAuthenticated: false, isLoading: true });
    localStorage.setItem('flashcard_session_hint', '1');
    localStorage.setItem('flashcard_last_user', JSON.stringify(ada));
    localStorage.setItem(KEPT_MANIFEST_KEY, JSON.stringify({ userId: 7, manifest: TEST_MANIFEST }));
    const fetchMock = jest.fn(async (_url: string) => Promise.reject(new TypeError('Failed to fetch')));
    global.fetch = fetchMock as unknown as typeof fetch;
    requestManifestEarly();
    await expect(takeEarlySession()).resolves.toEqual({ offline: true, user: ada });
    await expect(refreshManifest()).resolves.toEqual(TEST_MANIFEST);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/auth/refresh']);
    expect(manifestCall).not.toHaveBeenCalled();
    expect(usePlatformStore.getState()).toMatchObject({ kept: true, userId: 7, failed: false });
  });
});

// Last: startPlatform's subscription stays for the rest of the file.
test('the session the entry chunk restored does not ask again for the manifest it was asked for; another user does', async () => {
  localStorage.setItem('flashcard_session_hint', '1');
  const user = {
    id: 7,
    email: 'ada@example.com',
    display_name: null,
    role: 'user' as const,
    created_at: '2026-01-01T00:00:00.000Z',
  };
  const answer = (body: unknown) => ({ ok: true, status: 200, json: async () => body });
  const fetchMock = jest.fn(async (url: string, _init: unknown) =>
    answer(url === '/api/auth/refresh' ? { tokens: { accessToken: 'cookie-access' }, user } : TEST_MANIFEST),
  );
  global.fetch = fetchMock as unknown as typeof fetch;
  manifestCall.mockClear();
  requestManifestEarly();
  startPlatform();
  await useAuthStore.getState().initialize(takeEarlySession());
  expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, user });
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(fetchMock).toHaveBeenCalledTimes(2);
  expect(manifestCall).not.toHaveBeenCalled();

  manifestCall.mockResolvedValue(TEST_MANIFEST);
  useAuthStore.setState({ user: { ...user, id: 8 } });
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(manifestCall).toHaveBeenCalledTimes(1);

  // An offline session back online asks again (the registry may have moved on meanwhile).
  useAuthStore.setState({ isOffline: true });
  useAuthStore.setState({ isOffline: false });
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(manifestCall).toHaveBeenCalledTimes(2);

  // Signing out forgets the kept manifest.
  expect(localStorage.getItem(KEPT_MANIFEST_KEY)).not.toBeNull();
  useAuthStore.setState({ user: null, isAuthenticated: false });
  expect(localStorage.getItem(KEPT_MANIFEST_KEY)).toBeNull();
});

test('a quiet check finds a release the registry serves now, registers nothing and leaves the page on its own', async () => {
  useAuthStore.setState({ isAuthenticated: true, isOffline: false, user: { id: 3 } as never });
  manifestCall.mockResolvedValueOnce(TEST_MANIFEST);
  await refreshManifest();
  usePlatformStore.setState({ userId: 3 });
  register.mockClear();

  manifestCall.mockResolvedValueOnce(TEST_MANIFEST);
  expect(await checkForReleases()).toBe(false);
  expect(manifestCall).toHaveBeenLastCalledWith({ skipErrorToast: true });
  expect(usePlatformStore.getState().newer).toBeNull();

  const promoted = {
    ...TEST_MANIFEST,
    remotes: TEST_MANIFEST.remotes.map((r) =>
      r.name === 'mfe_study' ? { ...r, version: '0.3.0+7', entry: '/remotes/mfe_study/0.3.0+7/mf-manifest.json' } : r,
    ),
  };
  manifestCall.mockResolvedValueOnce(promoted);
  expect(await checkForReleases()).toBe(true);
  expect(usePlatformStore.getState()).toMatchObject({ manifest: TEST_MANIFEST, newer: promoted });
  expect(register).not.toHaveBeenCalled();

  // A failed check says nothing; an offline session does not ask.
  manifestCall.mockRejectedValueOnce(new AxiosError('down', 'ERR_NETWORK'));
  expect(await checkForReleases()).toBe(false);
  useAuthStore.setState({ isOffline: true });
  const calls = manifestCall.mock.calls.length;
  expect(await checkForReleases()).toBe(false);
  expect(manifestCall.mock.calls).toHaveLength(calls);
  useAuthStore.setState({ isAuthenticated: false, isOffline: false, user: null });
});
