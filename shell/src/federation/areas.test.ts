import type { Manifest } from '@flashcard/api-contract';
import type * as Zustand from 'zustand';
import { fetchAhead } from '@flashcard/shared-auth';
import { areaKey, loadArea, loadedArea, prepareArea } from './areas';
import { loadRemoteModule, usePlatformStore } from './platform';

jest.mock('./platform', () => {
  const { create } = jest.requireActual<typeof Zustand>('zustand');
  return {
    loadRemoteModule: jest.fn(),
    manifestPending: jest.fn(() => false),
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

test("hovering an entry starts a loaded area's first calls with the entry's path, else loads its code first", async () => {
  const prefetch = jest.fn();
  load.mockResolvedValue({ default: () => null, prefetch });
  await loadArea('mfe_study', '1', './Hub'); // opened once before
  prepareArea('mfe_study', './Hub', '/study?set=4');
  expect(fetchAhead).toHaveBeenCalledTimes(1);
  expect(prefetch).toHaveBeenCalledWith({ pathname: '/study', search: '?set=4' });

  // Never opened: its code loads on the hover (kept for the click), then its calls start.
  prepareArea('mfe_cards', './Never', '/cards');
  expect(load).toHaveBeenLastCalledWith('mfe_cards', './Never');
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(loadedArea(areaKey('mfe_cards', '1', './Never'))).toBeDefined();
  expect(prefetch).toHaveBeenLastCalledWith({ pathname: '/cards', search: '' });
  expect(load).toHaveBeenCalledTimes(2);
});

test("an overridden remote's code is not loaded on a hover (it comes from a developer's server)", () => {
  usePlatformStore.setState({ overridden: ['mfe_dev'] });
  prepareArea('mfe_dev', './App', '/dev');
  expect(load).not.toHaveBeenCalled();
});

test('a load that fails on a hover is forgotten: the click loads again', async () => {
  load.mockRejectedValueOnce(new Error('down')).mockResolvedValue({ default: () => null });
  prepareArea('mfe_study', './Other', '/study');
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(loadedArea(areaKey('mfe_study', '1', './Other'))).toBeUndefined();
  await loadArea('mfe_study', '1', './Other');
  expect(load).toHaveBeenCalledTimes(2);
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
