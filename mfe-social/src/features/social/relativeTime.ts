// "just now", "5 minutes ago", "yesterday", "3 days ago"... for the feed's timestamps, in the
// page's language: Intl.RelativeTimeFormat words the units, the namespace words "just now".
import { currentLanguage, i18n } from '@flashcard/shared-auth';
import { SOCIAL_NAMESPACE } from '../../i18n';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function relativeTime(iso: string, now: Date = new Date(), language: string = currentLanguage()): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return '';
  const elapsed = Math.max(0, now.getTime() - then);
  if (elapsed < MINUTE) return i18n.getFixedT(language, SOCIAL_NAMESPACE)('feed.justNow');
  // numeric 'auto' says "yesterday" rather than "1 day ago".
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  if (elapsed < HOUR) return format.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return format.format(-Math.floor(elapsed / HOUR), 'hour');
  const days = Math.floor(elapsed / DAY);
  if (days < 30) return format.format(-days, 'day');
  return new Date(then).toLocaleDateString(language);
}
