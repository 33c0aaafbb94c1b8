// Pure formatting for the platform console: byte sizes and registry timestamps (ISO 8601 UTC).

const KIB = 1024;
const MIB = 1024 * 1024;

const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Bytes in kilobytes (1 KB = 1024 bytes), one decimal: `12_595` -> `12.3 KB`. */
export function formatKB(bytes: number): string {
  return `${oneDecimal.format(Math.max(0, bytes) / KIB)} KB`;
}

/** A size in the unit that reads best: `512 B`, `12.3 KB`, `1.5 MB`. */
export function formatSize(bytes: number): string {
  const value = Math.max(0, bytes);
  if (value < KIB) return `${whole.format(value)} B`;
  if (value < MIB) return formatKB(value);
  return `${oneDecimal.format(value / MIB)} MB`;
}

/** A count with its noun: `1 failure`, `3 failures`. */
export function pluralize(count: number, one: string, many: string = `${one}s`): string {
  return `${whole.format(count)} ${count === 1 ? one : many}`;
}

// Formatters are costly to build; keep one per time zone (undefined = the viewer's zone).
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function formatter(cache: Map<string, Intl.DateTimeFormat>, timeZone: string | undefined, withTime: boolean) {
  const key = timeZone ?? '';
  let format = cache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      ...(withTime ? { hour: 'numeric', minute: '2-digit' } : {}),
      timeZone,
    });
    cache.set(key, format);
  }
  return format;
}

function parse(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `2025-01-05T14:03:00Z` -> `Jan 5, 2025` (in the viewer's zone unless one is given). Unparsable text is shown as is. */
export function formatDate(iso: string, timeZone?: string): string {
  const date = parse(iso);
  return date ? formatter(dateFormats, timeZone, false).format(date) : iso;
}

/** `2025-01-05T14:03:00Z` -> `Jan 5, 2025, 2:03 PM` (in the viewer's zone unless one is given). */
export function formatDateTime(iso: string, timeZone?: string): string {
  const date = parse(iso);
  return date ? formatter(dateTimeFormats, timeZone, true).format(date) : iso;
}
