import type { RegistryEvent, Release, RemoteState } from '@flashcard/api-contract';
import {
  canaryCandidates,
  canaryPercentError,
  eventActionLabel,
  healthOf,
  isEmptyCanary,
  isRollback,
  newestFirst,
  otherFailingVersions,
  parseExpiryDays,
  parseRemoteNames,
  parseUserIds,
  releaseStatus,
  statusLabel,
  tokenState,
} from './registry';
import { makeHealth, makeToken } from '../../test/platform';

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
  canary: { version: '1.2.0+cccccccc', percent: 25, roles: [], userIds: [] },
  releases: [release('1.2.0+cccccccc'), release('1.1.0+bbbbbbbb'), release('1.0.0+aaaaaaaa')],
  health: [],
  halted: null,
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

  it('accepts whole percentages from 0 to 100 only (0 for a cohort alone)', () => {
    for (const ok of ['0', '1', '25', ' 100 ']) expect(canaryPercentError(ok)).toBeNull();
    for (const bad of ['', '101', '2.5', '-3', 'ten', '1e2']) {
      expect(canaryPercentError(bad)).toBe('Enter a whole number from 0 to 100.');
    }
  });

  it('reads user ids as a comma or space list of positive whole numbers, once each', () => {
    expect(parseUserIds('')).toEqual({ ids: [] });
    expect(parseUserIds(' 4, 9 12,,4 ')).toEqual({ ids: [4, 9, 12] });
    for (const bad of ['0', '-1', '4;5', 'x', '1.5', '99999999999999999'])
      expect(parseUserIds(bad)).toEqual({ problem: 'format' });
    const many = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    expect(parseUserIds(many)).toEqual({ problem: 'tooMany' });
    expect(parseUserIds(many.replace(/,101$/, ''))).toEqual({ ids: expect.arrayContaining([1, 100]) });
  });

  it('calls a 0% share with no role and no account an empty canary (the API would end it)', () => {
    expect(isEmptyCanary(0, [], [])).toBe(true);
    expect(isEmptyCanary(0, ['admin'], [])).toBe(false);
    expect(isEmptyCanary(0, [], [7])).toBe(false);
    expect(isEmptyCanary(5, [], [])).toBe(false);
  });
});

describe('health', () => {
  const withHealth: RemoteState = {
    ...remote,
    health: [
      makeHealth('1.2.0+cccccccc', { servedUsers: 10, failedUsers: 2, failureRate: 0.2 }),
      makeHealth('1.1.0+bbbbbbbb', { servedUsers: 90 }),
      makeHealth('1.0.0+aaaaaaaa', { failedUsers: 1, loadFailures: 1 }),
      makeHealth('0.9.0+99999999', { servedUsers: 3 }),
    ],
  };

  it("finds a version's health, or none", () => {
    expect(healthOf(withHealth, '1.2.0+cccccccc')?.failureRate).toBe(0.2);
    expect(healthOf(withHealth, '2.0.0+ffffffff')).toBeNull();
    expect(healthOf(withHealth, null)).toBeNull();
  });

  it('lists the other versions only when their users met failures', () => {
    expect(otherFailingVersions(withHealth).map((h) => h.version)).toEqual(['1.0.0+aaaaaaaa']);
  });
});

describe('deploy tokens', () => {
  const now = new Date('2025-06-01T00:00:00.000Z');

  it('tells live, revoked and expired tokens apart (revoked wins)', () => {
    expect(tokenState(makeToken(1), now)).toBe('live');
    expect(tokenState(makeToken(1, { expiresAt: '2025-07-01T00:00:00.000Z' }), now)).toBe('live');
    expect(tokenState(makeToken(1, { expiresAt: '2025-05-01T00:00:00.000Z' }), now)).toBe('expired');
    expect(
      tokenState(makeToken(1, { expiresAt: '2025-05-01T00:00:00.000Z', revokedAt: '2025-04-01T00:00:00.000Z' }), now),
    ).toBe('revoked');
  });

  it('reads typed remote names and names the first bad one', () => {
    expect(parseRemoteNames(' mfe_quiz, mfe_x mfe_quiz ')).toEqual({ names: ['mfe_quiz', 'mfe_x'], bad: null });
    expect(parseRemoteNames('')).toEqual({ names: [], bad: null });
    expect(parseRemoteNames('mfe_quiz, Mfe-Bad, 9x').bad).toBe('Mfe-Bad');
  });

  it('takes an empty expiry as never and whole days from 1 to 3650', () => {
    expect(parseExpiryDays('  ')).toBeUndefined();
    expect(parseExpiryDays('90')).toBe(90);
    expect(parseExpiryDays('3650')).toBe(3650);
    for (const bad of ['0', '3651', '1.5', '-2', 'soon']) expect(parseExpiryDays(bad)).toBeNull();
  });
});

describe('audit events', () => {
  const event = (id: number, action: RegistryEvent['action'], percent: number | null = null): RegistryEvent => ({
    id,
    remote: 'mfe_cards',
    action,
    fromVersion: null,
    toVersion: null,
    figures: null,
    percent,
    detail: null,
    actor: 'root@example.com',
    at: `2025-01-0${id}T00:00:00.000Z`,
  });

  it('names each action, a canary set to 0% being its end', () => {
    expect(eventActionLabel(event(1, 'publish'))).toBe('Published');
    expect(eventActionLabel(event(1, 'promote'))).toBe('Promoted');
    expect(eventActionLabel(event(1, 'rollback'))).toBe('Rolled back');
    expect(eventActionLabel(event(1, 'canary', 10))).toBe('Canary');
    expect(eventActionLabel(event(1, 'canary', 0))).toBe('Canary ended');
    expect(eventActionLabel(event(1, 'halt', 0))).toBe('Canary halted');
  });

  it('does not call a 0% canary of a cohort its end', () => {
    const cohortOnly = { ...event(1, 'canary', 0), toVersion: '1.2.0+cccccccc', detail: 'roles: admin' };
    expect(eventActionLabel(cohortOnly)).toBe('Canary');
  });

  it('orders events newest first without changing the list it gets', () => {
    const events = [event(1, 'publish'), event(3, 'rollback'), event(2, 'promote')];
    expect(newestFirst(events).map((e) => e.id)).toEqual([3, 2, 1]);
    expect(events.map((e) => e.id)).toEqual([1, 3, 2]);
  });
});
