// Release health from real browsers: per version, the users the manifest served it, those who
// then reported a load failure or a render error, and the area's Web Vitals (75th percentiles,
// as the web-vitals methodology reports a page's experience). Pure: the service reads the rows.
import { HaltFigures, type VersionHealth } from '@flashcard/api-contract/schemas';
import { Value } from '@sinclair/typebox/value';
import type { HealthReportRow, ServedCountRow } from './repository';

/** Health is read over the last 24 hours. */
export const HEALTH_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The hour a timestamp falls in, as stored: 'YYYY-MM-DDTHH' (UTC). */
export const hourOf = (date: Date) => date.toISOString().slice(0, 13);

/** The 75th percentile (nearest rank), or null for no values. */
export function p75(values: number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(0.75 * sorted.length) - 1]!;
}

/** Each version's health for one remote, from its served counts and reports. */
export function healthOf(
  remote: string,
  served: ServedCountRow[],
  reports: HealthReportRow[],
): Map<string, VersionHealth> {
  const versions = new Map<string, { served: number; rows: HealthReportRow[] }>();
  const entry = (version: string) =>
    versions.get(version) ?? versions.set(version, { served: 0, rows: [] }).get(version)!;
  for (const row of served) if (row.remote === remote) entry(row.version).served = row.users;
  for (const row of reports) if (row.remote === remote) entry(row.version).rows.push(row);

  const health = new Map<string, VersionHealth>();
  for (const [version, { served: servedUsers, rows }] of versions) {
    const failures = rows.filter((row) => row.kind !== 'vitals');
    const failedUsers = new Set(failures.map((row) => row.user_id)).size;
    const vitals = rows.filter((row) => row.kind === 'vitals');
    const measured = (pick: (row: HealthReportRow) => number | null) =>
      p75(vitals.map(pick).filter((value): value is number => value !== null && value !== undefined));
    const last = failures[failures.length - 1];
    health.set(version, {
      version,
      servedUsers,
      failedUsers,
      failureRate: servedUsers > 0 ? Math.min(1, failedUsers / servedUsers) : null,
      loadFailures: failures.filter((row) => row.kind === 'load-failure').length,
      renderErrors: failures.filter((row) => row.kind === 'render-error').length,
      lcpP75: measured((row) => row.lcp),
      inpP75: measured((row) => row.inp),
      clsP75: measured((row) => row.cls),
      lastMessage: last?.message ?? null,
      lastAt: last?.created_at ?? null,
    });
  }
  return health;
}

export interface HaltPolicy {
  /** Served users a canary needs before its rate means anything. */
  minUsers: number;
  /** How far over the active version's failure rate a canary may go. */
  margin: number;
}

const percent = (rate: number) => Math.round(rate * 100);

/** Why the canary must stop, as figures (the console words them), or null while it may go on. */
export function haltFigures(
  canary: VersionHealth | undefined,
  active: VersionHealth | undefined,
  policy: HaltPolicy,
): HaltFigures | null {
  if (!canary || canary.servedUsers < policy.minUsers || canary.failureRate === null) return null;
  const baseline = active?.failureRate ?? 0;
  if (canary.failureRate - baseline <= policy.margin) return null;
  return {
    failedUsers: canary.failedUsers,
    servedUsers: canary.servedUsers,
    failurePercent: percent(canary.failureRate),
    activeFailedUsers: active?.failedUsers ?? 0,
    activeServedUsers: active?.servedUsers ?? 0,
    activeFailurePercent: percent(baseline),
    marginPercent: percent(policy.margin),
  };
}

/** The halt's figures in English, as the audit log keeps them (mfe-admin words the same). */
export function haltText(version: string, figures: HaltFigures): string {
  const f = figures;
  return (
    `${f.failedUsers} of ${f.servedUsers} users served ${version} failed (${f.failurePercent}%), ` +
    `against ${f.activeFailedUsers} of ${f.activeServedUsers} on the active version (${f.activeFailurePercent}%): ` +
    `over the margin of ${f.marginPercent}%`
  );
}

/** A halt row's stored figures; null for rows older than them (or anything unreadable). */
export function storedFigures(text: string | null): HaltFigures | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return Value.Check(HaltFigures, value) ? value : null;
  } catch {
    return null;
  }
}
