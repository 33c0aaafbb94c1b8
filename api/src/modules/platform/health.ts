// Release health from real browsers: per version, the users the manifest served it, those who
// then reported a load failure or a render error, and the area's Web Vitals (75th percentiles,
// as the web-vitals methodology reports a page's experience). Pure: the service reads the rows.
import type { VersionHealth } from '@flashcard/api-contract/schemas';
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
export function healthOf(remote: string, served: ServedCountRow[], reports: HealthReportRow[]): Map<string, VersionHealth> {
  const versions = new Map<string, { served: number; rows: HealthReportRow[] }>();
  const entry = (version: string) => versions.get(version) ?? versions.set(version, { served: 0, rows: [] }).get(version)!;
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

const percent = (rate: number) => `${Math.round(rate * 100)}%`;

/** Why the canary must stop, or null while it may go on. */
export function haltReason(canary: VersionHealth | undefined, active: VersionHealth | undefined, policy: HaltPolicy): string | null {
  if (!canary || canary.servedUsers < policy.minUsers || canary.failureRate === null) return null;
  const baseline = active?.failureRate ?? 0;
  if (canary.failureRate - baseline <= policy.margin) return null;
  return (
    `${canary.failedUsers} of ${canary.servedUsers} users served ${canary.version} failed (${percent(canary.failureRate)}), ` +
    `against ${active?.failedUsers ?? 0} of ${active?.servedUsers ?? 0} on the active version (${percent(baseline)}): ` +
    `over the margin of ${percent(policy.margin)}`
  );
}
