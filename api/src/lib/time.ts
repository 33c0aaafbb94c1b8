// Calendar days in a user's time zone. "Today" and study streaks depend on where the learner
// is, not on the server clock, so every day computation goes through here (and through the
// SQL function local_day_number, which must agree with localDayNumber below).

/** A UTC day; every local-day computation of the API counts with this one constant. */
export const MS_PER_DAY = 86_400_000;

/** Current time as stored in the database: ISO 8601 UTC text sorts chronologically. */
export const toTimestamp = (date: Date): string => date.toISOString();

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * Returns the canonical IANA name ("europe/paris" -> "Europe/Paris"), or null when the name
 * is not a region zone Intl knows. Offsets like "+02:00" are refused on purpose: PostgreSQL
 * reads them with the opposite (POSIX) sign, so the two databases would disagree.
 */
export function canonicalTimeZone(name: string | undefined): string | null {
  if (!name || name.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return null;
  // Every request names its zone, and building an Intl.DateTimeFormat to ask costs more than
  // a light request's own work (measured: 10% of a dashboard call). Known names are few.
  const known = canonicalNames.get(name);
  if (known !== undefined) return known;
  let canonical: string | null;
  try {
    canonical = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    canonical = null;
  }
  // Anyone can send any header: the cache stays bounded whatever names arrive.
  if (canonicalNames.size >= MAX_CACHED_NAMES) canonicalNames.clear();
  canonicalNames.set(name, canonical);
  return canonical;
}

const canonicalNames = new Map<string, string | null>();
const MAX_CACHED_NAMES = 2_000;

/** Days since 1970-01-01 of the calendar date `date` falls on in `timeZone`. */
export function localDayNumber(date: Date, timeZone: string): number {
  const parts = formatterFor(timeZone).formatToParts(date);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Math.round(Date.UTC(part('year'), part('month') - 1, part('day')) / MS_PER_DAY);
}

const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-](\d{2}):(\d{2}))$/;

/**
 * An ISO 8601 date and time with its zone (Z or an offset), as a Date; null for anything else,
 * a day the month lacks or a 24:00 included (Date.parse takes 30 February as 1 March).
 */
export function parseInstant(text: string): Date | null {
  const match = ISO_INSTANT.exec(text);
  if (!match) return null;
  const [, year, month, day, hour, minute, second = '0', offsetHours = '0', offsetMinutes = '0'] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCFullYear() !== Number(year) || date.getUTCMonth() !== Number(month) - 1) return null;
  if (date.getUTCDate() !== Number(day) || Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return null;
  if (Number(offsetHours) > 23 || Number(offsetMinutes) > 59) return null;
  const time = Date.parse(text);
  return Number.isNaN(time) ? null : new Date(time);
}
