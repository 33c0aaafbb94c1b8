import { usePlatformStore } from '../federation/platform';
import { TEST_MANIFEST } from '../federation/testing';
import { keepRemotesOffline, namedReleases, RELEASE_CHECK_MS, watchReleases } from './remote-cache';
import { useUpdateStore } from './update-store';

const entries = TEST_MANIFEST.remotes.map((remote) => `http://localhost${remote.entry}`);

function worker() {
  const messages: unknown[] = [];
  const active = { postMessage: (message: unknown) => messages.push(message) } as unknown as ServiceWorker;
  return { messages, get: () => Promise.resolve(active) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => usePlatformStore.setState({ manifest: null, userId: null, kept: false }));

test("the releases named are the manifest's entries on this site; a developer's override is not one", () => {
  const overridden = {
    ...TEST_MANIFEST,
    remotes: TEST_MANIFEST.remotes.map((remote) =>
      remote.name === 'mfe_study' ? { ...remote, entry: 'http://localhost:3002/mf-manifest.json' } : remote,
    ),
  };
  expect(namedReleases(TEST_MANIFEST)).toEqual(entries);
  expect(namedReleases(overridden)).toEqual(entries.filter((entry) => !entry.includes('mfe_study')));
});

test("each manifest the registry answers a signed-in learner tells the worker its releases, once; a kept copy or a signed-out page's does not", async () => {
  const { messages, get } = worker();
  usePlatformStore.setState({ manifest: TEST_MANIFEST, userId: null, kept: false });
  const stop = keepRemotesOffline(get);
  usePlatformStore.setState({ manifest: TEST_MANIFEST, userId: 7, kept: true });
  await settle();
  expect(messages).toEqual([]);

  usePlatformStore.setState({ manifest: TEST_MANIFEST, userId: 7, kept: false });
  usePlatformStore.setState({ manifest: { ...TEST_MANIFEST }, userId: 7, kept: false });
  await settle();
  expect(messages).toEqual([{ type: 'CACHE_REMOTES', entries }]);

  // A promote seen on the next answer: the worker is told the new list (it drops the old version).
  const promoted = {
    ...TEST_MANIFEST,
    remotes: TEST_MANIFEST.remotes.map((remote) =>
      remote.name === 'mfe_cards' ? { ...remote, entry: '/remotes/mfe_cards/0.2.0+1/mf-manifest.json' } : remote,
    ),
  };
  usePlatformStore.setState({ manifest: promoted, userId: 7, kept: false });
  await settle();
  expect(messages).toHaveLength(2);
  expect(messages[1]).toEqual({
    type: 'CACHE_REMOTES',
    entries: entries.map((entry) =>
      entry.includes('mfe_cards') ? 'http://localhost/remotes/mfe_cards/0.2.0+1/mf-manifest.json' : entry,
    ),
  });
  stop();
});

test('a newer manifest adds its releases to what the worker keeps, and the page keeps its own', async () => {
  const { messages, get } = worker();
  const stop = keepRemotesOffline(get);
  const newer = {
    ...TEST_MANIFEST,
    remotes: TEST_MANIFEST.remotes.map((remote) =>
      remote.name === 'mfe_study'
        ? { ...remote, entry: remote.entry.replace(/\/[^/]+\/mf-manifest/, '/9.9.9/mf-manifest') }
        : remote,
    ),
  };
  usePlatformStore.setState({ manifest: TEST_MANIFEST, userId: 7, kept: false, newer });
  await settle();
  const told = (messages[messages.length - 1] as { entries: string[] }).entries;
  expect(told).toEqual(expect.arrayContaining(entries));
  expect(told.filter((entry) => entry.includes('/9.9.9/'))).toHaveLength(1);
  stop();
  usePlatformStore.setState({ newer: null });
});

describe('watching for newer releases', () => {
  let clock = 0;
  const visibility = jest.spyOn(document, 'visibilityState', 'get');
  beforeEach(() => {
    jest.useFakeTimers();
    clock = 0;
    visibility.mockReturnValue('visible');
    useUpdateStore.setState({ waiting: false, apply: null });
  });
  afterEach(() => {
    jest.useRealTimers();
    useUpdateStore.setState({ waiting: false, apply: null });
  });

  it('asks every interval while visible, and offers a reload once the registry serves other releases', async () => {
    const check = jest.fn().mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    const stop = watchReleases(check, () => clock);
    clock += RELEASE_CHECK_MS;
    jest.advanceTimersByTime(RELEASE_CHECK_MS);
    await Promise.resolve();
    expect(check).toHaveBeenCalledTimes(1);
    expect(useUpdateStore.getState().waiting).toBe(false);

    // Hidden: not asked; shown again after the interval: asked at once.
    visibility.mockReturnValue('hidden');
    clock += RELEASE_CHECK_MS;
    jest.advanceTimersByTime(RELEASE_CHECK_MS);
    expect(check).toHaveBeenCalledTimes(1);
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(check).toHaveBeenCalledTimes(2);
    await Promise.resolve();
    await Promise.resolve();
    expect(useUpdateStore.getState()).toMatchObject({ waiting: true, apply: expect.any(Function) });
    // Shown again soon after: not asked again.
    document.dispatchEvent(new Event('visibilitychange'));
    expect(check).toHaveBeenCalledTimes(2);
    stop();
  });
});
