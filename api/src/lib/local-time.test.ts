import { localDayNumber } from './time';
import { dayStarts, dayToDate, localHour, offsetAt, offsetSpans } from './local-time';
import { MS_PER_DAY } from './time';

// Zones with DST at 02:00, half- and quarter-hour offsets, DST that skips or repeats midnight
// (Santiago, Havana, Beirut), a skipped calendar day (Apia, 30 Dec 2011) and the extremes.
const ZONES = [
  'UTC',
  'America/New_York',
  'America/Los_Angeles',
  'Europe/Berlin',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'America/Santiago',
  'America/Havana',
  'Asia/Beirut',
  'Pacific/Apia',
  'Etc/GMT+12',
  'Pacific/Kiritimati',
];

const day = (date: string) => Date.parse(`${date}T00:00:00Z`) / MS_PER_DAY;

describe('local day starts', () => {
  it.each(ZONES)('begin each day exactly where localDayNumber changes date in %s', (zone) => {
    for (const [from, to] of [
      ['2011-01-01', '2012-12-31'],
      ['2023-01-01', '2025-12-31'],
    ] as const) {
      const first = day(from);
      const starts = dayStarts(zone, first, day(to));
      expect(starts).toHaveLength(day(to) - first + 2);
      starts.forEach((start, index) => {
        // Apia has no 30 Dec 2011: that day is empty (it begins where the next one does).
        if (start === starts[index + 1]) return;
        const expected = first + index;
        const at = localDayNumber(new Date(start), zone);
        const before = localDayNumber(new Date(start - 1), zone);
        expect({ zone, expected, at, beforeIsEarlier: before < expected }).toEqual({
          zone,
          expected,
          at: expected,
          beforeIsEarlier: true,
        });
      });
    }
  });

  it('gives an empty day to a date a zone skipped', () => {
    const starts = dayStarts('Pacific/Apia', day('2011-12-29'), day('2011-12-31'));
    expect(starts[1]).toBe(starts[2]);
  });

  it('splits a year at its DST changes, to the millisecond', () => {
    const spans = offsetSpans('Europe/Berlin', Date.parse('2024-01-01T00:00:00Z'), Date.parse('2025-01-01T00:00:00Z'));
    expect(spans.map((span) => [new Date(span.start).toISOString(), span.offsetMs / 3_600_000])).toEqual([
      ['2024-01-01T00:00:00.000Z', 1],
      ['2024-03-31T01:00:00.000Z', 2],
      ['2024-10-27T01:00:00.000Z', 1],
    ]);
    expect(offsetAt(Date.parse('2024-06-01T12:00:00Z'), 'Asia/Kathmandu')).toBe((5 * 60 + 45) * 60_000);
  });

  it('maps UTC minutes to local hours with any offset', () => {
    expect(localHour(0, 9 * 3_600_000)).toBe(9);
    expect(localHour(18 * 60 + 15, (5 * 60 + 45) * 60_000)).toBe(0);
    expect(localHour(18 * 60, (5 * 60 + 45) * 60_000)).toBe(23);
    expect(localHour(3 * 60, -7 * 3_600_000)).toBe(20);
    expect(dayToDate(day('2024-02-29'))).toBe('2024-02-29');
  });
});
