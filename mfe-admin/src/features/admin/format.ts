// How the admin screens show roles, dates and audit actions.
import type { AdminAction, Role } from '@flashcard/api-contract';

export const ROLE_LABELS: Record<Role, string> = { user: 'User', admin: 'Admin', super_admin: 'Super Admin' };
export const ROLES: readonly Role[] = ['user', 'admin', 'super_admin'];

export const ACTION_LABELS: Record<AdminAction, string> = { role_change: 'Role changed', disable: 'Disabled', enable: 'Enabled' };

// Fixed locale and UTC: dates must not shift by the viewer's time zone.
const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});

export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));
export const formatCount = (value: number) => value.toLocaleString('en-US');
