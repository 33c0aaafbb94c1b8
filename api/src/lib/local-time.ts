// Where local days and hours begin, as UTC instants, for a learner's IANA time zone.
//
// Why not local_day_number() per row: on SQLite it is a JavaScript call (Intl) per row, ~5 us,
// so grouping 100,000 review logs by local day would take half a second. Instead the
// statistics compute the few instants where the zone's UTC offset changes (memoised per zone
// and year), turn them into the exact start of each local day, and let SQL compare the stored
// ISO timestamps against those bounds through the (user_id, reviewed_at) index. Agrees with
// localDayNumber in time.ts (same Intl data); local-time.test.ts checks it across DST changes.

import { MS_PER_DAY } from './time';

const MS_PER_MINUTE = 60_000;

/** [start, end) in epoch ms during which the zone is `offsetMs` ahead of UTC. */
export interface OffsetSpan {
  start: number;
  end: number;
  offsetMs: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** How far the zone's wall clock is ahead of UTC at `instant` (ms, whole seconds). */
export function offsetAt(instant: number, timeZone: string): number {
  const parts = formatterFor(timeZone).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

// Offsets of one UTC year, found by sampling daily (zones change at most twice a year, never
// twice in a day) and bisecting each change to the millisecond. Pure data of the zone, so a
// process-wide cache is safe; bounded so odd headers cannot grow it forever.
const yearCache = new Map<string, OffsetSpan[]>();
const YEAR_CACHE_LIMIT = 2_000;

function spansOfYear(timeZone: string, year: number): OffsetSpan[] {
  const key = `${timeZone}|${year}`;
  const cached = yearCache.get(key);
  if (cached) return cached;

  const start = Date.UTC(year, 0, 1);
  const end = Date.UTC(year + 1, 0, 1);
  const spans: OffsetSpan[] = [];
  let spanStart = start;
  let offset = offsetAt(start, timeZone);
  for (let sample = start; sample < end;) {
    const next = Math.min(sample + MS_PER_DAY, end);
    const nextOffset = offsetAt(next, timeZone);
    if (nextOffset !== offset) {
      // The first instant with the new offset lies in (sample, next].
      let low = sample;
      let high = next;
      while (high - low > 1) {
        const middle = Math.floor((low + high) / 2);
        if (offsetAt(middle, timeZone) === offset) low = middle;
        else high = middle;
      }
      spans.push({ start: spanStart, end: high, offsetMs: offset });
      spanStart = high;
      offset = offsetAt(high, timeZone);
    }
    sample = next;
  }
  spans.push({ start: spanStart, end, offsetMs: offset });

  if (yearCache.size >= YEAR_CACHE_LIMIT) yearCache.clear();
  yearCache.set(key, spans);
  return spans;
}

/** The zone's offsets over [from, to), in order, adjacent equal offsets merged. */
export function offsetSpans(timeZone: string, from: number, to: number): OffsetSpan[] {
  const spans: OffsetSpan[] = [];
  const lastYear = new Date(Math.max(from, to - 1)).getUTCFullYear();
  for (let year = new Date(from).getUTCFullYear(); year <= lastYear; year++) {
    for (const span of spansOfYear(timeZone, year)) {
      const start = Math.max(span.start, from);
      const end = Math.min(span.end, to);
      if (start >= end) continue;
      const previous = spans[spans.length - 1];
      if (previous && previous.offsetMs === span.offsetMs && previous.end === start) previous.end = end;
      else spans.push({ start, end, offsetMs: span.offsetMs });
    }
  }
  return spans;
}

/**
 * The instant each local day firstDay .. lastDay + 1 begins (so day d spans
 * [starts[d - firstDay], starts[d - firstDay + 1])). Where DST skips midnight, the day begins
 * at the first instant that is on that date.
 */
export function dayStarts(timeZone: string, firstDay: number, lastDay: number): number[] {
  // Offsets stay within a day of UTC: one day of margin covers every local midnight.
  const spans = offsetSpans(timeZone, (firstDay - 1) * MS_PER_DAY, (lastDay + 3) * MS_PER_DAY);
  const starts: number[] = [];
  let index = 0;
  for (let day = firstDay; day <= lastDay + 1; day++) {
    const midnight = day * MS_PER_DAY;
    // Within a span, the local date is floor((t + offset) / day): the first t there on `day` or
    // later is max(span start, midnight - offset). The earliest span that has one wins; later
    // days never start in an earlier span, so the scan resumes where the last day was found.
    while (index < spans.length) {
      const span = spans[index]!;
      const candidate = Math.max(span.start, midnight - span.offsetMs);
      if (candidate < span.end) {
        starts.push(candidate);
        break;
      }
      index++;
    }
  }
  return starts;
}

/** Local day `day` as the stored timestamps it covers: reviewed_at >= start and < end. */
export interface DayRange {
  day: number;
  start: string;
  end: string;
}

// Recent answers of dayRanges: the dashboard asks for the same days of the same zone all day
// long. Pure data, bounded in entries and in size.
const rangeCache = new Map<string, readonly DayRange[]>();
const RANGE_CACHE_LIMIT = 200;
const RANGE_CACHE_MAX_DAYS = 512;

/** The ranges of local days firstDay .. lastDay, oldest first (empty when lastDay < firstDay). */
export function dayRanges(timeZone: string, firstDay: number, lastDay: number): readonly DayRange[] {
  if (lastDay < firstDay) return [];
  const key = `${timeZone}|${firstDay}|${lastDay}`;
  const cached = rangeCache.get(key);
  if (cached) return cached;
  const starts = dayStarts(timeZone, firstDay, lastDay).map((start) => new Date(start).toISOString());
  const ranges = Object.freeze(
    starts.slice(0, -1).map((start, index) => Object.freeze({ day: firstDay + index, start, end: starts[index + 1]! })),
  );
  if (ranges.length <= RANGE_CACHE_MAX_DAYS) {
    // Oldest entry out first (a Map keeps insertion order).
    if (rangeCache.size >= RANGE_CACHE_LIMIT) rangeCache.delete(rangeCache.keys().next().value!);
    rangeCache.set(key, ranges);
  }
  return ranges;
}

/** Local hour (0-23) of UTC minute-of-day `utcMinute` in a span with `offsetMs`. */
export function localHour(utcMinute: number, offsetMs: number): number {
  const minutes = (((utcMinute + Math.round(offsetMs / MS_PER_MINUTE)) % 1440) + 1440) % 1440;
  return Math.floor(minutes / 60);
}

/** 'YYYY-MM-DD' of a day number (days since 1970-01-01). */
export const dayToDate = (day: number): string => new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
