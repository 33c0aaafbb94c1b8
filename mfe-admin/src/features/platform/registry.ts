// Pure rules the console derives from a remote's registry state (see schemas/platform.ts in
// @flashcard/api-contract): each release's status, promote vs roll back, canary candidates and
// cohorts, per-version health, deploy tokens' states and how an audit event reads.
import type { DeployToken, HaltFigures, RegistryEvent, RemoteState, VersionHealth } from '@flashcard/api-contract';
import type { Role } from '@flashcard/shared-auth';
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

/** A canary share must be a whole percentage from 0 to 100; returns the error to show, if any. */
export function canaryPercentError(text: string, t: AdminText = adminText): string | null {
  const trimmed = text.trim();
  const percent = Number(trimmed);
  return /^\d+$/.test(trimmed) && percent >= 0 && percent <= 100 ? null : t('platform.canary.percentError');
}

/** The contract's limit on a cohort's accounts. */
export const MAX_COHORT_USERS = 100;

/** `'4, 9 12'` -> `[4, 9, 12]` (duplicates dropped); what is wrong with anything but positive whole ids. */
export function parseUserIds(text: string): { ids: number[] } | { problem: 'format' | 'tooMany' } {
  const parts = text.split(/[\s,]+/).filter(Boolean);
  if (parts.some((part) => !/^[1-9]\d{0,15}$/.test(part) || !Number.isSafeInteger(Number(part))))
    return { problem: 'format' };
  const ids = [...new Set(parts.map(Number))];
  return ids.length > MAX_COHORT_USERS ? { problem: 'tooMany' } : { ids };
}

/** A canary with a 0% share and nobody named would be no canary: the API takes it as its end. */
export function isEmptyCanary(percent: number, roles: readonly Role[], userIds: readonly number[]): boolean {
  return percent === 0 && roles.length === 0 && userIds.length === 0;
}

/** What a version's health says, or null when nobody was served it and nothing was reported. */
export function healthOf(remote: RemoteState, version: string | null | undefined): VersionHealth | null {
  if (!version) return null;
  return remote.health.find((health) => health.version === version) ?? null;
}

/** Versions neither active nor canary whose users still met failures (after a roll back, a preview). */
export function otherFailingVersions(remote: RemoteState): VersionHealth[] {
  return remote.health.filter(
    (health) =>
      health.version !== remote.activeVersion &&
      health.version !== remote.canary?.version &&
      (health.failedUsers > 0 || health.loadFailures > 0 || health.renderErrors > 0),
  );
}

export type TokenState = 'live' | 'revoked' | 'expired';

export function tokenState(token: DeployToken, now: Date = new Date()): TokenState {
  if (token.revokedAt) return 'revoked';
  if (token.expiresAt && new Date(token.expiresAt).getTime() <= now.getTime()) return 'expired';
  return 'live';
}

const REMOTE_NAME = /^[a-z][a-z0-9_]{1,39}$/;
/** The contract's limits on a token's scope and lifetime. */
export const MAX_TOKEN_REMOTES = 20;
export const MAX_TOKEN_DAYS = 3650;

/** Remote names typed as a comma (or space) list, duplicates dropped; `bad` is the first that is not one. */
export function parseRemoteNames(text: string): { names: string[]; bad: string | null } {
  const names = [...new Set(text.split(/[\s,]+/).filter(Boolean))];
  return { names, bad: names.find((name) => !REMOTE_NAME.test(name)) ?? null };
}

/** Days until a token expires: empty is never (undefined); else a whole number from 1 to 3650 (null if not). */
export function parseExpiryDays(text: string): number | undefined | null {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const days = Number(trimmed);
  return /^\d+$/.test(trimmed) && days >= 1 && days <= MAX_TOKEN_DAYS ? days : null;
}

/** A canary set to 0% with no cohort is its end (a 0% canary of a cohort is still a canary). */
function endsCanary(event: Pick<RegistryEvent, 'percent' | 'detail' | 'toVersion'>): boolean {
  return event.percent === 0 && (event.toVersion === null || !event.detail);
}

export function eventActionLabel(
  event: Pick<RegistryEvent, 'action' | 'percent' | 'detail' | 'toVersion'>,
  t: AdminText = adminText,
): string {
  switch (event.action) {
    case 'publish':
      return t('platform.audit.actions.publish');
    case 'promote':
      return t('platform.audit.actions.promote');
    case 'rollback':
      return t('platform.audit.actions.rollback');
    case 'canary':
      return endsCanary(event) ? t('platform.audit.actions.canaryEnded') : t('platform.audit.actions.canary');
    case 'halt':
      return t('platform.audit.actions.halt');
  }
}

/**
 * Why the registry halted a canary of `version`, worded from its figures; `english` (the API's
 * stored text) for a halt recorded before figures were kept.
 */
export function haltReasonText(
  version: string,
  figures: HaltFigures | null,
  english: string,
  t: AdminText = adminText,
): string {
  return figures ? t('platform.health.haltReason', { version, ...figures }) : english;
}

/** Newest first (the API already sends them so; ids grow with time). */
export function newestFirst(events: readonly RegistryEvent[]): RegistryEvent[] {
  return [...events].sort((a, b) => b.id - a.id || b.at.localeCompare(a.at));
}
