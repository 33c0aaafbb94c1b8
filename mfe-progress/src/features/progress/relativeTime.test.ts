import { formatRelativeTime, parseTimestamp } from './relativeTime';

const NOW = Date.UTC(2025, 0, 31, 12, 0, 0);
const minutesAgo = (m: number) => new Date(NOW - m * 60_000).toISOString();

describe('formatRelativeTime', () => {
  it.each([
    [0, 'Just now'],
    [59, 'Just now'],
    [60, '1h ago'],
    [5 * 60 + 59, '5h ago'],
    [23 * 60 + 59, '23h ago'],
    [24 * 60, '1d ago'],
    [3 * 24 * 60 + 600, '3d ago'],
  ])('%i minutes ago reads %s', (minutes, expected) => {
    expect(formatRelativeTime(minutesAgo(minutes), NOW)).toBe(expected);
  });

  it('treats a timestamp slightly in the future as just now', () => {
    expect(formatRelativeTime(new Date(NOW + 30_000), NOW)).toBe('Just now');
  });

  it('reads zone-less SQL timestamps as UTC', () => {
    expect(parseTimestamp('2025-01-31 09:00:00')).toBe(Date.UTC(2025, 0, 31, 9, 0, 0));
    expect(formatRelativeTime('2025-01-31 09:00:00', NOW)).toBe('3h ago');
  });

  it('returns an empty string for an unreadable date', () => {
    expect(formatRelativeTime('not a date', NOW)).toBe('');
  });
});
