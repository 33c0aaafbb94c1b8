import { registerRemotes } from '@module-federation/enhanced/runtime';
import { platformApi } from '@flashcard/api-contract';
import { OVERRIDES_KEY } from './overrides';
import { loadRemoteModule, refreshManifest, usePlatformStore } from './platform';
import { TEST_MANIFEST } from './testing';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(async () => ({ default: 'the module' })),
  preloadRemote: jest.fn(),
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
  expect(register.mock.calls[0]![0].map((r) => r.name)).toEqual(['mfe_admin', 'mfe_cards', 'mfe_progress', 'mfe_social', 'mfe_study']);
  expect((register.mock.calls[0]![0][1] as { entry: string }).entry).toBe('http://localhost/remotes/mfe_cards/0.1.0+0000000a/mf-manifest.json');
  expect(usePlatformStore.getState()).toMatchObject({ manifest: TEST_MANIFEST, failed: false });

  // A canary user after sign-in: only the remote whose version changed is registered again.
  const canary = {
    ...TEST_MANIFEST,
    remotes: TEST_MANIFEST.remotes.map((r) => (r.name === 'mfe_cards' ? { ...r, version: '0.2.0+1', entry: '/remotes/mfe_cards/0.2.0+1/mf-manifest.json' } : r)),
  };
  manifestCall.mockResolvedValueOnce(canary);
  await refreshManifest();
  expect(register).toHaveBeenCalledTimes(2);
  expect(register.mock.calls[1]).toEqual([[{ name: 'mfe_cards', entry: 'http://localhost/remotes/mfe_cards/0.2.0+1/mf-manifest.json' }], { force: true }]);
});

test('applies a localhost override when the site allows it and lists it for the badge', async () => {
  localStorage.setItem(OVERRIDES_KEY, JSON.stringify({ mfe_study: 'http://localhost:3002/mf-manifest.json' }));
  manifestCall.mockResolvedValueOnce({ ...TEST_MANIFEST, devOverrides: true });
  await refreshManifest();
  expect(usePlatformStore.getState().overridden).toEqual(['mfe_study']);
  // (mfe_cards goes back to its active version too: the previous test left it on the canary.)
  expect(register).toHaveBeenCalledWith(expect.arrayContaining([{ name: 'mfe_study', entry: 'http://localhost:3002/mf-manifest.json' }]), { force: true });
});

test('a failed manifest marks the store failed; a remote not in the manifest does not load', async () => {
  manifestCall.mockRejectedValueOnce(new Error('offline'));
  await expect(refreshManifest()).rejects.toThrow('offline');
  expect(usePlatformStore.getState().failed).toBe(true);

  manifestCall.mockResolvedValueOnce(TEST_MANIFEST);
  await expect(loadRemoteModule('mfe_quiz')).rejects.toThrow('mfe_quiz is not in the registry');
  await expect(loadRemoteModule('mfe_cards')).resolves.toBe('the module');
});
