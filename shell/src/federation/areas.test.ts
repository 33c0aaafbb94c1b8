import type { Manifest } from '@flashcard/api-contract';
import type * as Zustand from 'zustand';
import { fetchAhead } from '@flashcard/shared-auth';
import { areaKey, loadArea, loadedArea, prepareArea } from './areas';
import { loadRemoteModule, preloadRemoteArea, usePlatformStore } from './platform';

jest.mock('./platform', () => {
  const { create } = jest.requireActual<typeof Zustand>('zustand');
  return {
    loadRemoteModule: jest.fn(),
    preloadRemoteArea: jest.fn(),
    usePlatformStore: create(() => ({ manifest: null, failed: false, overridden: [] as string[] })),
  };
});
jest.mock('@flashcard/shared-auth', () => ({
  ...jest.requireActual<object>('@flashcard/shared-auth'),
  fetchAhead: jest.fn((start: () => unknown) => start()),
}));

const load = loadRemoteModule as unknown as jest.Mock;
const remote = (name: string, version = '1') => ({
  name,
  version,
  entry: `/remotes/${name}/${version}/mf-manifest.json`,
  routes: [],
  navigation: [],
});
const MANIFEST = {
  kernelVersion: '2.1.0',
  devOverrides: false,
  remotes: [remote('mfe_cards'), remote('mfe_study'), remote('mfe_dev')],
} as unknown as Manifest;

beforeEach(() => {
  load.mockReset();
  usePlatformStore.setState({ manifest: MANIFEST, overridden: [] });
});

test("hovering an entry starts a loaded area's first calls with the entry's path, else preloads its code", async () => {
  const prefetch = jest.fn();
  load.mockResolvedValue({ default: () => null, prefetch });
  await loadArea('mfe_study', '1', './Hub'); // opened once before
  prepareArea('mfe_study', './Hub', '/study?set=4');
  expect(fetchAhead).toHaveBeenCalledTimes(1);
  expect(prefetch).toHaveBeenCalledWith({ pathname: '/study', search: '?set=4' });
  prepareArea('mfe_cards', './Never', '/cards');
  expect(preloadRemoteArea).toHaveBeenCalledWith('mfe_cards', './Never');
});

test('a loaded module is kept per remote version; a failed load is forgotten, so opening the area again loads it', async () => {
  load.mockRejectedValueOnce(new Error('down')).mockResolvedValue({ default: () => null });
  await expect(loadArea('mfe_cards', '7', './App')).rejects.toThrow('down');
  expect(loadedArea(areaKey('mfe_cards', '7', './App'))).toBeUndefined();
  await loadArea('mfe_cards', '7', './App');
  await loadArea('mfe_cards', '7', './App');
  expect(load).toHaveBeenCalledTimes(2);
  expect(loadedArea(areaKey('mfe_cards', '7', './App'))).toBeDefined();
});
