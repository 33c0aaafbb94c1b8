// Pure rules the console derives from a remote's registry state (see schemas/platform.ts in
// @flashcard/api-contract): each release's status, promote vs roll back, canary candidates and
// how an audit event reads.
import type { RegistryEvent, RemoteState } from '@flashcard/api-contract';

export type ReleaseStatus = { kind: 'active' } | { kind: 'canary'; percent: number } | { kind: 'none' };

export function releaseStatus(remote: RemoteState, version: string): ReleaseStatus {
  if (remote.activeVersion === version) return { kind: 'active' };
  if (remote.canary?.version === version) return { kind: 'canary', percent: remote.canary.percent };
  return { kind: 'none' };
}

export function statusLabel(status: ReleaseStatus): string {
  if (status.kind === 'active') return 'Active';
  if (status.kind === 'canary') return `Canary ${status.percent}%`;
  return '—';
}

/**
 * Making `version` active is a roll back when it is older than the active release, i.e. comes
 * after it in the newest-first list (the server decides the same way, by publication order).
 */
export function isRollback(remote: RemoteState, version: string): boolean {
  if (!remote.activeVersion) return false;
  const active = remote.releases.findIndex((release) => release.version === remote.activeVersion);
  const target = remote.releases.findIndex((release) => release.version === version);
  return active !== -1 && target > active;
}

/** Versions a canary may send users to: every release but the active one, newest first. */
export function canaryCandidates(remote: RemoteState): string[] {
  return remote.releases.map((release) => release.version).filter((version) => version !== remote.activeVersion);
}

/** A canary share must be a whole percentage from 1 to 100; returns the error to show, if any. */
export function canaryPercentError(text: string): string | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return 'Enter a whole number from 1 to 100.';
  const percent = Number(trimmed);
  return percent >= 1 && percent <= 100 ? null : 'Enter a whole number from 1 to 100.';
}

export function eventActionLabel(event: Pick<RegistryEvent, 'action' | 'percent'>): string {
  switch (event.action) {
    case 'publish':
      return 'Published';
    case 'promote':
      return 'Promoted';
    case 'rollback':
      return 'Rolled back';
    case 'canary':
      return event.percent === 0 ? 'Canary ended' : 'Canary';
  }
}

/** Newest first (the API already sends them so; ids grow with time). */
export function newestFirst(events: readonly RegistryEvent[]): RegistryEvent[] {
  return [...events].sort((a, b) => b.id - a.id || b.at.localeCompare(a.at));
}
