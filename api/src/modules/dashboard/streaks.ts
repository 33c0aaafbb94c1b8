// Which local days had a review, from the learner's review days (review_days, migration 0024:
// each UTC day with reviews and its first and last reviewed quarter hour), and the runs of
// consecutive such days. A local day cut into UTC days covers the end of one (a review there
// iff that day's last quarter is at or after the local day's start), whole ones (iff the day
// has a row) and the beginning of another (iff its first quarter is before the local day's
// end). Exact when the local day begins and ends on quarter hours (every zone today); a local
// day inside one UTC day that touches neither of its ends, or not on quarter hours, cannot be
// decided from these rows: then the answer is null and the caller asks the logs.
import { isQuarterStart } from '../../db/day-bounds';
import type { DayRange } from '../../lib/local-time';
import { MS_PER_DAY } from '../../lib/time';

/** A review_days row: `day` the UTC date, the quarters as ISO text. */
export interface ReviewDay {
  day: string;
  first_quarter: string;
  last_quarter: string;
}

/** The UTC dates (YYYY-MM-DD) from the first range's start to the last one's end, inclusive. */
export function utcDaysOf(ranges: readonly DayRange[]): { from: string; to: string } {
  const last = ranges[ranges.length - 1]!;
  return { from: ranges[0]!.start.slice(0, 10), to: new Date(Date.parse(last.end) - 1).toISOString().slice(0, 10) };
}

/**
 * The local days of `ranges` with at least one review; null when the rows cannot tell. The
 * quarters are compared as text with the ranges' bounds (the same ISO format sorts in time
 * order): parsing every one was most of the cost.
 */
export function activeDays(ranges: readonly DayRange[], rows: readonly ReviewDay[]): Set<number> | null {
  // By UTC day number ('YYYY-MM-DD' parses as that day's UTC midnight).
  const byDay = new Map(rows.map((row) => [Date.parse(row.day) / MS_PER_DAY, row]));
  const active = new Set<number>();
  let previous = { text: '', at: 0 }; // consecutive days share a bound: parsed once
  for (const range of ranges) {
    const start = range.start === previous.text ? previous.at : Date.parse(range.start);
    const end = Date.parse(range.end);
    previous = { text: range.end, at: end };
    if (!isQuarterStart(start) || !isQuarterStart(end)) return null;
    // Each UTC day the local day overlaps, from the one it begins in.
    for (let dayStart = start - (start % MS_PER_DAY); dayStart < end; dayStart += MS_PER_DAY) {
      const dayEnd = dayStart + MS_PER_DAY;
      const row = byDay.get(dayStart / MS_PER_DAY);
      let reviewed: boolean;
      if (start <= dayStart && end >= dayEnd) reviewed = row !== undefined;
      else if (end >= dayEnd) reviewed = row !== undefined && row.last_quarter >= range.start;
      else if (start <= dayStart) reviewed = row !== undefined && row.first_quarter < range.end;
      else return null;
      if (reviewed) {
        active.add(range.day);
        break;
      }
    }
  }
  return active;
}

/**
 * The runs of consecutive kept days among `days` (the local day numbers asked about): a day is
 * kept when it is active (studied) or `frozen` (a streak freeze kept it); a run's length counts
 * its active days only. The longest, and the one reaching `aliveSince` or later with its first
 * day and its frozen days (none: 0 and null).
 */
export function runsOf(
  days: readonly number[],
  active: ReadonlySet<number>,
  aliveSince: number,
  frozen: ReadonlySet<number> = new Set(),
): { longest: number; current: number; currentFirstDay: number | null; currentFrozen: number } {
  let longest = 0;
  let current = 0;
  let currentFirstDay: number | null = null;
  let currentFrozen = 0;
  let run = { first: 0, length: 0, frozen: 0 };
  let previous: number | null = null;
  for (const day of [...days].sort((a, b) => a - b)) {
    const studied = active.has(day);
    if (!studied && !frozen.has(day)) {
      previous = null;
      continue;
    }
    if (previous === null || day !== previous + 1) run = { first: day, length: 0, frozen: 0 };
    if (studied) run.length += 1;
    else run.frozen += 1;
    previous = day;
    longest = Math.max(longest, run.length);
    if (day >= aliveSince) {
      current = run.length;
      currentFirstDay = run.first;
      currentFrozen = run.frozen;
    }
  }
  return { longest, current, currentFirstDay, currentFrozen };
}

/**
 * When a held streak freeze is used, decided so that the answer depends only on the study days
 * and when each freeze was bought, never on when it is asked (so it is the same computed once or
 * many times, today or a week later): the local days after `lastKept` (the newest day before
 * today studied or kept by a freeze) up to `yesterday` are missed; oldest first, each takes the
 * oldest held freeze bought on that day or before (`boughtOn`: the held freezes' local purchase
 * days, oldest first). The first missed day no freeze can take breaks the streak, and no later
 * day is kept: a freeze never mends a broken streak, and today is never frozen (it is not over).
 * The days to keep, oldest first.
 */
export function daysToFreeze(lastKept: number, yesterday: number, boughtOn: readonly number[]): number[] {
  const held = [...boughtOn];
  const kept: number[] = [];
  for (let day = lastKept + 1; day <= yesterday; day++) {
    const index = held.findIndex((bought) => bought <= day);
    if (index < 0) break;
    held.splice(index, 1);
    kept.push(day);
  }
  return kept;
}
