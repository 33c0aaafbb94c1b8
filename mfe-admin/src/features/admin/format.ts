// How the admin screens show roles, dates, counts and audit actions, in the page's language.
import type { AdminAction, Role } from '@flashcard/api-contract';
import { currentLanguage } from '@flashcard/shared-auth';

/** The message of each role's display label; the API keeps receiving the role values themselves. */
export const ROLE_KEYS = {
  user: 'roles.user',
  admin: 'roles.admin',
  super_admin: 'roles.superAdmin',
} as const satisfies Record<Role, string>;
export const ROLES: readonly Role[] = ['user', 'admin', 'super_admin'];

export const ACTION_KEYS = {
  role_change: 'audit.actions.roleChange',
  disable: 'audit.actions.disable',
  enable: 'audit.actions.enable',
} as const satisfies Record<AdminAction, string>;

// UTC: dates must not shift by the viewer's time zone. Formatters are costly: one per language.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const countFormats = new Map<string, Intl.NumberFormat>();

function cached<T>(cache: Map<string, T>, make: (language: string) => T): T {
  const language = currentLanguage();
  let format = cache.get(language);
  if (!format) {
    format = make(language);
    cache.set(language, format);
  }
  return format;
}

export const formatDate = (iso: string) =>
  cached(
    dateFormats,
    (lang) => new Intl.DateTimeFormat(lang, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }),
  ).format(new Date(iso));

export const formatDateTime = (iso: string) =>
  cached(
    dateTimeFormats,
    (lang) =>
      new Intl.DateTimeFormat(lang, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        timeZone: 'UTC',
        timeZoneName: 'short',
      }),
  ).format(new Date(iso));

export const formatCount = (value: number) => cached(countFormats, (lang) => new Intl.NumberFormat(lang)).format(value);
