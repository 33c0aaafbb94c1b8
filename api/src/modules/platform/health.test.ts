// The pure health arithmetic: percentiles, per-version health and when a canary must stop.
import type { HealthReportRow } from './repository';
import { haltFigures, haltText, healthOf, p75, storedFigures } from './health';

let id = 0;
const report = (
  version: string,
  user: number,
  kind: HealthReportRow['kind'],
  extra: Partial<HealthReportRow> = {},
): HealthReportRow => ({
  id: (id += 1),
  remote: 'mfe_x',
  version,
  user_id: user,
  kind,
  hour: '2030-01-01T10',
  message: kind === 'vitals' ? null : `boom ${id}`,
  lcp: null,
  inp: null,
  cls: null,
  created_at: `2030-01-01T10:00:${String(id).padStart(2, '0')}.000Z`,
  ...extra,
});

describe('p75', () => {
  it('is the nearest-rank 75th percentile, null for nothing', () => {
    expect(p75([])).toBeNull();
    expect(p75([5])).toBe(5);
    expect(p75([4, 1, 3, 2])).toBe(3);
    expect(p75([10, 20, 30, 40, 50, 60, 70, 80])).toBe(60);
  });
});

describe('healthOf', () => {
  it('counts served and failed users once each, failures by kind, and the vitals percentiles of one remote', () => {
    const served = [
      { remote: 'mfe_x', version: 'v1', users: 4 },
      { remote: 'mfe_y', version: 'v1', users: 9 },
    ];
    const reports = [
      report('v1', 1, 'load-failure'),
      report('v1', 1, 'render-error'),
      report('v1', 2, 'render-error', { message: 'last one' }),
      report('v1', 3, 'vitals', { lcp: 1200, inp: 80, cls: 0.02 }),
      report('v1', 4, 'vitals', { lcp: 2400, inp: 200, cls: 0.3 }),
      { ...report('v1', 5, 'load-failure'), remote: 'mfe_y' },
      report('v2', 6, 'vitals', { lcp: 900 }),
    ];
    const health = healthOf('mfe_x', served, reports);
    expect(health.get('v1')).toEqual({
      version: 'v1',
      servedUsers: 4,
      failedUsers: 2,
      failureRate: 0.5,
      loadFailures: 1,
      renderErrors: 2,
      lcpP75: 2400,
      inpP75: 200,
      clsP75: 0.3,
      lastMessage: 'last one',
      lastAt: expect.any(String),
    });
    // Reported but never served (in the window): no rate to speak of.
    expect(health.get('v2')).toMatchObject({ servedUsers: 0, failureRate: null, lcpP75: 900, inpP75: null });
  });
});

describe('haltFigures', () => {
  const version = (name: string, servedUsers: number, failedUsers: number) => ({
    ...healthOf('mfe_x', [{ remote: 'mfe_x', version: name, users: servedUsers }], []).get(name)!,
    failedUsers,
    failureRate: servedUsers ? failedUsers / servedUsers : null,
  });
  const policy = { minUsers: 10, margin: 0.2 };

  it('waits for the minimum number of served users', () => {
    expect(haltFigures(version('v2', 9, 9), version('v1', 100, 0), policy)).toBeNull();
    expect(haltFigures(version('v2', 10, 9), version('v1', 100, 0), policy)).toMatchObject({
      failedUsers: 9,
      servedUsers: 10,
      failurePercent: 90,
    });
  });

  it('halts only beyond the margin over the active version', () => {
    expect(haltFigures(version('v2', 10, 4), version('v1', 10, 2), policy)).toBeNull(); // 0.4 - 0.2 = 0.2: not over
    const figures = haltFigures(version('v2', 10, 5), version('v1', 10, 2), policy)!;
    expect(figures).toEqual({
      failedUsers: 5,
      servedUsers: 10,
      failurePercent: 50,
      activeFailedUsers: 2,
      activeServedUsers: 10,
      activeFailurePercent: 20,
      marginPercent: 20,
    });
    expect(haltText('v2', figures)).toBe(
      '5 of 10 users served v2 failed (50%), against 2 of 10 on the active version (20%): over the margin of 20%',
    );
    // No active figures yet: measured against zero.
    expect(haltText('v2', haltFigures(version('v2', 10, 3), undefined, policy)!)).toMatch(
      /against 0 of 0 on the active version \(0%\)/,
    );
  });

  it('reads stored figures back, and null for rows without them or anything else', () => {
    const figures = haltFigures(version('v2', 10, 5), version('v1', 10, 2), policy)!;
    expect(storedFigures(JSON.stringify(figures))).toEqual(figures);
    expect(storedFigures(null)).toBeNull();
    expect(storedFigures('not json')).toBeNull();
    expect(storedFigures(JSON.stringify({ ...figures, servedUsers: 'ten' }))).toBeNull();
  });
});
