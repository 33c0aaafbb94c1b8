// Local days with a review, read from one row per UTC day (its first and last reviewed quarter
// hour), must be exactly the days a review falls in, in every kind of zone: whole-hour, half-
// and quarter-hour offsets, DST in both hemispheres, a 30-minute DST shift, the date line.
import { dayRanges, type DayRange } from '../../lib/local-time';
import { localDayNumber } from '../../lib/time';
import { seededRandom } from '../../lib/random';
import { activeDays, daysToFreeze, runsOf, utcDaysOf, type ReviewDay } from './streaks';

const QUARTER_MS = 15 * 60_000;

/** review_days rows as the triggers keep them, from a list of reviewed quarter starts. */
function reviewDaysOf(quarters: number[]): ReviewDay[] {
  const byDay = new Map<string, ReviewDay>();
  for (const quarter of [...quarters].sort((a, b) => a - b)) {
    const iso = new Date(quarter).toISOString();
    const day = iso.slice(0, 10);
    const row = byDay.get(day);
    if (row) row.last_quarter = iso;
    else byDay.set(day, { day, first_quarter: iso, last_quarter: iso });
  }
  return [...byDay.values()];
}

const ZONES = [
  'UTC',
  'Europe/Paris',
  'America/New_York',
  'Asia/Kathmandu',
  'America/St_Johns',
  'Australia/Lord_Howe',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
  'Asia/Kolkata',
  'Europe/London',
];

describe('activeDays', () => {
  it.each(ZONES)('agrees with the days the reviews fall in, in %s', (timeZone) => {
    const random = seededRandom(timeZone.length * 7919);
    const first = Date.parse('2023-01-01T00:00:00.000Z');
    const today = localDayNumber(new Date('2024-12-31T12:00:00.000Z'), timeZone);
    const from = localDayNumber(new Date(first), timeZone);
    const ranges = dayRanges(timeZone, from, today);
    // Sparse reviews (so many local days have none), bunched near day edges half of the time.
    const quarters: number[] = [];
    for (let i = 0; i < 600; i++) {
      const range = ranges[Math.floor(random() * ranges.length)]!;
      const start = Date.parse(range.start);
      const end = Date.parse(range.end);
      const at =
        random() < 0.5
          ? start + Math.floor(random() * ((end - start) / QUARTER_MS)) * QUARTER_MS
          : random() < 0.5
            ? start
            : end - QUARTER_MS;
      quarters.push(at);
    }
    const expected = new Set(
      quarters.map((at) => ranges.find((range) => Date.parse(range.start) <= at && at < Date.parse(range.end))!.day),
    );
    const active = activeDays(ranges, reviewDaysOf(quarters));
    expect(active).not.toBeNull();
    expect([...active!].sort((a, b) => a - b)).toEqual([...expected].sort((a, b) => a - b));
  });

  it('cannot tell a day that does not begin on a quarter hour, nor one inside a UTC day touching neither end', () => {
    const odd: DayRange[] = [{ day: 1, start: '2024-01-01T00:07:00.000Z', end: '2024-01-02T00:07:00.000Z' }];
    expect(activeDays(odd, [])).toBeNull();
    const inside: DayRange[] = [{ day: 1, start: '2024-01-01T00:30:00.000Z', end: '2024-01-01T23:30:00.000Z' }];
    expect(activeDays(inside, reviewDaysOf([Date.parse('2024-01-01T00:00:00.000Z')]))).toBeNull();
  });

  it('reads the UTC days a list of local days spans', () => {
    // UTC+14: 18 March began at 10:00 UTC on the 17th; the 19th ended at 10:00 UTC on the 19th.
    expect(utcDaysOf(dayRanges('Pacific/Kiritimati', 19_800, 19_801))).toEqual({
      from: '2024-03-17',
      to: '2024-03-19',
    });
    expect(utcDaysOf(dayRanges('UTC', 19_800, 19_801))).toEqual({ from: '2024-03-18', to: '2024-03-19' });
  });
});

describe('runsOf', () => {
  const days = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  it('finds the longest run and the one still alive', () => {
    expect(runsOf(days, new Set([1, 2, 3, 5, 9, 10]), 9)).toEqual({
      longest: 3,
      current: 2,
      currentFirstDay: 9,
      currentFrozen: 0,
    });
    expect(runsOf(days, new Set([1, 2, 3, 5, 10]), 9)).toEqual({
      longest: 3,
      current: 1,
      currentFirstDay: 10,
      currentFrozen: 0,
    });
    expect(runsOf(days, new Set([1, 2, 3, 5, 9]), 9)).toEqual({
      longest: 3,
      current: 1,
      currentFirstDay: 9,
      currentFrozen: 0,
    });
    expect(runsOf(days, new Set([1, 2, 3, 5]), 9)).toEqual({
      longest: 3,
      current: 0,
      currentFirstDay: null,
      currentFrozen: 0,
    });
    expect(runsOf(days, new Set(), 9)).toEqual({ longest: 0, current: 0, currentFirstDay: null, currentFrozen: 0 });
  });
});

describe('runsOf with frozen days', () => {
  const days = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  it('bridges a run over a frozen day without counting it', () => {
    expect(runsOf(days, new Set([5, 6, 8]), 9, new Set([7, 9]))).toEqual({
      longest: 3,
      current: 3,
      currentFirstDay: 5,
      currentFrozen: 2,
    });
    // A frozen day keeps no run alive across a day neither studied nor frozen.
    expect(runsOf(days, new Set([5, 6]), 9, new Set([8]))).toEqual({
      longest: 2,
      current: 0,
      currentFirstDay: null,
      currentFrozen: 0,
    });
  });
});

describe('daysToFreeze', () => {
  it('keeps each missed day after the last kept one with a freeze bought by then, oldest first', () => {
    expect(daysToFreeze(8, 10, [5, 6])).toEqual([9, 10]);
    expect(daysToFreeze(8, 10, [5])).toEqual([9]);
    expect(daysToFreeze(10, 10, [5])).toEqual([]);
  });
  it('stops at the first missed day no freeze bought by then can keep', () => {
    // Bought on the 10th: too late for the 9th, and the streak broke there.
    expect(daysToFreeze(8, 10, [10])).toEqual([]);
    expect(daysToFreeze(8, 11, [9, 11])).toEqual([9]);
  });
});
