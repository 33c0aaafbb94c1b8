import {
  applyOverrides,
  clearOverrides,
  isLocalDevUrl,
  OVERRIDE_VERSION,
  OVERRIDES_KEY,
  readOverrides,
  writeOverridesCookie,
} from './overrides';
import { TEST_MANIFEST } from './testing';

afterEach(() => localStorage.clear());

test('only http(s) URLs on this machine count as dev servers', () => {
  expect(isLocalDevUrl('http://localhost:3001/mf-manifest.json')).toBe(true);
  expect(isLocalDevUrl('http://127.0.0.1:4100/mf-manifest.json')).toBe(true);
  expect(isLocalDevUrl('http://[::1]:3001/mf-manifest.json')).toBe(true);
  expect(isLocalDevUrl('https://cdn.example.com/mf-manifest.json')).toBe(false);
  expect(isLocalDevUrl('http://localhost.evil.example/mf-manifest.json')).toBe(false);
  expect(isLocalDevUrl('javascript:alert(1)')).toBe(false);
  expect(isLocalDevUrl('not a url')).toBe(false);
});

test('reads the stored overrides, ignoring anything malformed', () => {
  expect(readOverrides()).toEqual({});
  localStorage.setItem(OVERRIDES_KEY, '{ nope');
  expect(readOverrides()).toEqual({});
  localStorage.setItem(
    OVERRIDES_KEY,
    JSON.stringify({ mfe_cards: 'http://localhost:3001/mf-manifest.json', mfe_study: 42 }),
  );
  expect(readOverrides()).toEqual({ mfe_cards: 'http://localhost:3001/mf-manifest.json' });
  clearOverrides();
  expect(localStorage.getItem(OVERRIDES_KEY)).toBeNull();
});

test('swaps in a localhost entry only where the site allows overrides', () => {
  const overrides = {
    mfe_cards: 'http://localhost:3001/mf-manifest.json',
    mfe_study: 'https://evil.example/mf-manifest.json',
  };
  expect(applyOverrides(TEST_MANIFEST, overrides)).toEqual({ manifest: TEST_MANIFEST, overridden: [] });

  const { manifest, overridden } = applyOverrides({ ...TEST_MANIFEST, devOverrides: true }, overrides);
  expect(overridden).toEqual(['mfe_cards']);
  const cards = manifest.remotes.find((r) => r.name === 'mfe_cards')!;
  expect(cards).toMatchObject({ entry: 'http://localhost:3001/mf-manifest.json', version: OVERRIDE_VERSION });
  expect(manifest.remotes.find((r) => r.name === 'mfe_study')!.entry).toBe(
    '/remotes/mfe_study/0.1.0+0000000a/mf-manifest.json',
  );
});

test('a cookie names the overridden remotes (for the page hints), and goes with the overrides', () => {
  writeOverridesCookie(['mfe_cards', 'mfe_study']);
  expect(document.cookie).toBe('flashcard-remote-overrides=mfe_cards%2Cmfe_study');
  writeOverridesCookie([]);
  expect(document.cookie).toBe('');
  writeOverridesCookie(['mfe_cards']);
  clearOverrides();
  expect(document.cookie).toBe('');
});
