import type { Manifest } from '@flashcard/api-contract';
import type * as Zustand from 'zustand';
import { fetchAhead } from '@flashcard/shared-auth';
import { areaKey, loadedArea, prepareArea, warmAreas } from './areas';
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
const idle = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeEach(() => {
  load.mockReset();
  usePlatformStore.setState({ manifest: MANIFEST, overridden: [] });
  Object.defineProperty(navigator, 'connection', { value: undefined, configurable: true });
});

test('once the page has loaded, the areas load one after the other, an overridden one not at all', async () => {
  const order: string[] = [];
  let finishCards: () => void = () => undefined;
  load.mockImplementation((name: string) => {
    order.push(name);
    return name === 'mfe_cards'
      ? new Promise((resolve) => (finishCards = () => resolve({ default: () => null })))
      : Promise.resolve({ default: () => null });
  });
  usePlatformStore.setState({ overridden: ['mfe_dev'] });
  warmAreas(MANIFEST, [
    { remote: 'mfe_cards', exposed: './App' },
    { remote: 'mfe_study', exposed: './App' },
    { remote: 'mfe_dev', exposed: './App' },
  ]);
  await idle();
  expect(order).toEqual(['mfe_cards']); // the next waits for this one
  finishCards();
  await idle();
  expect(order).toEqual(['mfe_cards', 'mfe_study']);
  expect(loadedArea(areaKey('mfe_study', '1', './App'))).toBeDefined();
});

test('with Save-Data nothing is loaded ahead', async () => {
  Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
  warmAreas(MANIFEST, [{ remote: 'mfe_cards', exposed: './Other' }]);
  await idle();
  expect(load).not.toHaveBeenCalled();
});

test("hovering an entry starts a loaded area's first calls with the entry's path, else preloads its code", async () => {
  const prefetch = jest.fn();
  load.mockResolvedValue({ default: () => null, prefetch });
  warmAreas(MANIFEST, [{ remote: 'mfe_study', exposed: './Hub' }]);
  await idle();
  prepareArea('mfe_study', './Hub', '/study?set=4');
  expect(fetchAhead).toHaveBeenCalledTimes(1);
  expect(prefetch).toHaveBeenCalledWith({ pathname: '/study', search: '?set=4' });
  prepareArea('mfe_cards', './Never', '/cards');
  expect(preloadRemoteArea).toHaveBeenCalledWith('mfe_cards', './Never');
});
