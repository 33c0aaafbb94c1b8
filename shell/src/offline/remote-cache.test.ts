import { usePlatformStore } from '../federation/platform';
import { TEST_MANIFEST } from '../federation/testing';
import { keepRemotesOffline, namedReleases } from './remote-cache';

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
