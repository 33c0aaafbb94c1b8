import { progressText as t } from '../../i18n';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

// SQLite's CURRENT_TIMESTAMP ("2025-01-31 09:15:00") is UTC but carries no zone; browsers would
// read it as local time and shift every session by the user's offset.
const NAIVE_SQL_TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d+)?$/;

export function parseTimestamp(value: string | number | Date): number {
  if (typeof value === 'string' && NAIVE_SQL_TIMESTAMP.test(value)) {
    return new Date(`${value.replace(' ', 'T')}Z`).getTime();
  }
  return new Date(value).getTime();
}

/**
 * 'Just now' under an hour, then whole hours ('5h ago'), then whole days ('3d ago'): the spec's
 * English forms, translated for the page's language.
 */
export function formatRelativeTime(value: string | number | Date, now: number = Date.now()): string {
  const then = parseTimestamp(value);
  if (Number.isNaN(then)) return '';
  // A timestamp slightly in the future (client clock behind the server's) still reads 'Just now'.
  const elapsed = Math.max(0, now - then);
  if (elapsed < HOUR_MS) return t('recent.justNow');
  if (elapsed < DAY_MS) return t('recent.hoursAgo', { count: Math.floor(elapsed / HOUR_MS) });
  return t('recent.daysAgo', { count: Math.floor(elapsed / DAY_MS) });
}
