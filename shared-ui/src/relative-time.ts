// How long ago something happened, in the page's language, for every screen: Intl's
// RelativeTimeFormat words the numbers and units, the `ui` namespace words "just now".
import { currentLanguage } from '@flashcard/shared-auth';
import { uiText } from './i18n';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** From this age on, a time inside a sentence reads as its date. */
const SENTENCE_DAYS = 30;

/**
 * - `compact` (lists and statistics: the dashboard, the bell, recent sessions): the spec's
 *   'Just now' under an hour, then whole hours ('5h ago'), then whole days ('3d ago');
 * - `sentence` (after a sentence, as in the social feed): 'just now' under a minute, then
 *   minutes, hours and days ('5 minutes ago', 'yesterday', '9 days ago'), then the date.
 */
export type RelativeTimeStyle = 'compact' | 'sentence';

export interface RelativeTimeOptions {
  /** The clock to measure from (tests, or a screen that reads it once). */
  now?: number | Date;
  /**
   * The page's language (the default). A component passes the language its `t` speaks, so a
   * language change re-renders it; "just now" comes from the catalogue loaded for that language.
   */
  language?: string;
  style?: RelativeTimeStyle;
}

/** `when` (an ISO text, a Date or milliseconds) relative to now; '' for a date that does not parse. */
export function relativeTime(
  when: string | number | Date,
  { now = Date.now(), language = currentLanguage(), style = 'compact' }: RelativeTimeOptions = {},
): string {
  const then = new Date(when).getTime();
  if (Number.isNaN(then)) return '';
  // A time a little ahead (this clock behind the server's) reads as just now, never "in 2 minutes".
  const elapsed = Math.max(0, new Date(now).getTime() - then);
  if (style === 'compact') {
    if (elapsed < HOUR) return uiText('relativeTime.justNow', { lng: language });
    // English's narrow form is the spec's ('5h ago'); other languages keep their words ('il y a 5 h').
    const format = new Intl.RelativeTimeFormat(language, { style: language.startsWith('en') ? 'narrow' : 'short' });
    if (elapsed < DAY) return format.format(-Math.floor(elapsed / HOUR), 'hour');
    return format.format(-Math.floor(elapsed / DAY), 'day');
  }
  if (elapsed < MINUTE) return uiText('relativeTime.justNowInSentence', { lng: language });
  // numeric 'auto' says "yesterday" rather than "1 day ago".
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  if (elapsed < HOUR) return format.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return format.format(-Math.floor(elapsed / HOUR), 'hour');
  const days = Math.floor(elapsed / DAY);
  if (days < SENTENCE_DAYS) return format.format(-days, 'day');
  return new Date(then).toLocaleDateString(language);
}
