import type { RegistryEvent, Release, RemoteState } from '@flashcard/api-contract';
import {
  canaryCandidates,
  canaryPercentError,
  eventActionLabel,
  isRollback,
  newestFirst,
  releaseStatus,
  statusLabel,
} from './registry';

const release = (version: string): Release => ({
  name: 'mfe_cards',
  version,
  packageVersion: version.split('+')[0],
  kernel: '^1.0.0',
  exposes: ['./App'],
  routes: [{ path: '/cards/*', module: './App' }],
  navigation: [],
  firstLoadGzip: 10_000,
  totalBytes: 40_000,
  fileCount: 4,
  publishedBy: 'ci',
  publishedAt: '2025-01-01T00:00:00.000Z',
});

// Newest first, as the API sends them.
const remote: RemoteState = {
  name: 'mfe_cards',
  activeVersion: '1.1.0+bbbbbbbb',
  canary: { version: '1.2.0+cccccccc', percent: 25 },
  releases: [release('1.2.0+cccccccc'), release('1.1.0+bbbbbbbb'), release('1.0.0+aaaaaaaa')],
  failures: [],
};

describe('release status', () => {
  it('tells the active release, the canary with its share, and the others', () => {
    expect(releaseStatus(remote, '1.1.0+bbbbbbbb')).toEqual({ kind: 'active' });
    expect(releaseStatus(remote, '1.2.0+cccccccc')).toEqual({ kind: 'canary', percent: 25 });
    expect(releaseStatus(remote, '1.0.0+aaaaaaaa')).toEqual({ kind: 'none' });
    expect(statusLabel({ kind: 'active' })).toBe('Active');
    expect(statusLabel({ kind: 'canary', percent: 25 })).toBe('Canary 25%');
    expect(statusLabel({ kind: 'none' })).toBe('—');
  });
});

describe('isRollback', () => {
  it('is a roll back only for releases older than the active one', () => {
    expect(isRollback(remote, '1.0.0+aaaaaaaa')).toBe(true);
    expect(isRollback(remote, '1.2.0+cccccccc')).toBe(false);
    expect(isRollback(remote, '1.1.0+bbbbbbbb')).toBe(false);
  });

  it('is never a roll back when nothing is active', () => {
    expect(isRollback({ ...remote, activeVersion: null }, '1.0.0+aaaaaaaa')).toBe(false);
  });
});

describe('canary', () => {
  it('offers every release but the active one, newest first', () => {
    expect(canaryCandidates(remote)).toEqual(['1.2.0+cccccccc', '1.0.0+aaaaaaaa']);
    expect(canaryCandidates({ ...remote, releases: [release('1.1.0+bbbbbbbb')] })).toEqual([]);
  });

  it('accepts whole percentages from 1 to 100 only', () => {
    for (const ok of ['1', '25', ' 100 ']) expect(canaryPercentError(ok)).toBeNull();
    for (const bad of ['', '0', '101', '2.5', '-3', 'ten', '1e2']) {
      expect(canaryPercentError(bad)).toBe('Enter a whole number from 1 to 100.');
    }
  });
});

describe('audit events', () => {
  const event = (id: number, action: RegistryEvent['action'], percent: number | null = null): RegistryEvent => ({
    id,
    remote: 'mfe_cards',
    action,
    fromVersion: null,
    toVersion: null,
    percent,
    actor: 'root@example.com',
    at: `2025-01-0${id}T00:00:00.000Z`,
  });

  it('names each action, a canary set to 0% being its end', () => {
    expect(eventActionLabel(event(1, 'publish'))).toBe('Published');
    expect(eventActionLabel(event(1, 'promote'))).toBe('Promoted');
    expect(eventActionLabel(event(1, 'rollback'))).toBe('Rolled back');
    expect(eventActionLabel(event(1, 'canary', 10))).toBe('Canary');
    expect(eventActionLabel(event(1, 'canary', 0))).toBe('Canary ended');
  });

  it('orders events newest first without changing the list it gets', () => {
    const events = [event(1, 'publish'), event(3, 'rollback'), event(2, 'promote')];
    expect(newestFirst(events).map((e) => e.id)).toEqual([3, 2, 1]);
    expect(events.map((e) => e.id)).toEqual([1, 3, 2]);
  });
});
