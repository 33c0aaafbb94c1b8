// Pure rules the console derives from a remote's registry state (see schemas/platform.ts in
// @flashcard/api-contract): each release's status, promote vs roll back, canary candidates and
// how an audit event reads.
import type { RegistryEvent, RemoteState } from '@flashcard/api-contract';
import { adminText, type AdminText } from '../../i18n';

export type ReleaseStatus = { kind: 'active' } | { kind: 'canary'; percent: number } | { kind: 'none' };

export function releaseStatus(remote: RemoteState, version: string): ReleaseStatus {
  if (remote.activeVersion === version) return { kind: 'active' };
  if (remote.canary?.version === version) return { kind: 'canary', percent: remote.canary.percent };
  return { kind: 'none' };
}

/** Labels take the caller's `t` (a component's hook); without one, the page's current language. */
export function statusLabel(status: ReleaseStatus, t: AdminText = adminText): string {
  if (status.kind === 'active') return t('platform.releases.active');
  if (status.kind === 'canary') return t('platform.releases.canary', { percent: status.percent });
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
export function canaryPercentError(text: string, t: AdminText = adminText): string | null {
  const trimmed = text.trim();
  const percent = Number(trimmed);
  return /^\d+$/.test(trimmed) && percent >= 1 && percent <= 100 ? null : t('platform.canary.percentError');
}

export function eventActionLabel(event: Pick<RegistryEvent, 'action' | 'percent'>, t: AdminText = adminText): string {
  switch (event.action) {
    case 'publish':
      return t('platform.audit.actions.publish');
    case 'promote':
      return t('platform.audit.actions.promote');
    case 'rollback':
      return t('platform.audit.actions.rollback');
    case 'canary':
      return event.percent === 0 ? t('platform.audit.actions.canaryEnded') : t('platform.audit.actions.canary');
  }
}

/** Newest first (the API already sends them so; ids grow with time). */
export function newestFirst(events: readonly RegistryEvent[]): RegistryEvent[] {
  return [...events].sort((a, b) => b.id - a.id || b.at.localeCompare(a.at));
}
