// Pure formatting for the platform console: byte sizes, counts, rates, Web Vitals and registry
// timestamps (ISO 8601 UTC), in the page's current language.
import { currentLanguage } from '@flashcard/shared-auth';
import { adminText } from '../../i18n';

const KIB = 1024;
const MIB = 1024 * 1024;

// Formatters are costly to build; keep one per language (and time zone for dates).
const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(decimals: 0 | 1 | 2, style: 'decimal' | 'percent' = 'decimal'): Intl.NumberFormat {
  const language = currentLanguage();
  const key = `${language}|${decimals}|${style}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, {
      style,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    numberFormats.set(key, format);
  }
  return format;
}

/** Bytes in kilobytes (1 KB = 1024 bytes), one decimal: `12_595` -> `12.3 KB`. */
export function formatKB(bytes: number): string {
  return adminText('platform.sizes.kilobytes', { value: numberFormat(1).format(Math.max(0, bytes) / KIB) });
}

/** A size in the unit that reads best: `512 B`, `12.3 KB`, `1.5 MB`. */
export function formatSize(bytes: number): string {
  const value = Math.max(0, bytes);
  if (value < KIB) return adminText('platform.sizes.bytes', { value: numberFormat(0).format(value) });
  if (value < MIB) return formatKB(value);
  return adminText('platform.sizes.megabytes', { value: numberFormat(1).format(value / MIB) });
}

/** A whole count with the language's grouping: `1248` -> `1,248`. */
export function formatCount(value: number): string {
  return numberFormat(0).format(value);
}

/** A rate from 0 to 1 as a percentage, one decimal: `0.075` -> `7.5%`. */
export function formatRate(rate: number): string {
  return numberFormat(1, 'percent').format(rate);
}

/** A duration Web Vital (LCP, INP) in whole milliseconds: `2480.4` -> `2,480 ms`. */
export function formatMs(ms: number): string {
  return adminText('platform.sizes.milliseconds', { value: numberFormat(0).format(Math.round(ms)) });
}

/** Cumulative layout shift, unitless, two decimals: `0.1234` -> `0.12`. */
export function formatCls(cls: number): string {
  return numberFormat(2).format(cls);
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function formatter(cache: Map<string, Intl.DateTimeFormat>, timeZone: string | undefined, withTime: boolean) {
  const language = currentLanguage();
  const key = `${language}|${timeZone ?? ''}`; // no zone = the viewer's zone
  let format = cache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, {
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
