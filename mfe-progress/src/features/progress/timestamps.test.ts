import { relativeTime } from '@flashcard/shared-ui';
import { parseTimestamp } from './timestamps';

const NOW = Date.UTC(2025, 0, 31, 12, 0, 0);

describe('parseTimestamp', () => {
  it('reads zone-less SQL timestamps as UTC', () => {
    expect(parseTimestamp('2025-01-31 09:00:00')).toBe(Date.UTC(2025, 0, 31, 9, 0, 0));
    expect(parseTimestamp('2025-01-31 09:00:00.250')).toBe(Date.UTC(2025, 0, 31, 9, 0, 0, 250));
    expect(relativeTime(parseTimestamp('2025-01-31 09:00:00'), { now: NOW })).toBe('3h ago');
  });

  it('reads ISO texts, dates and milliseconds as they are', () => {
    expect(parseTimestamp('2025-01-31T09:00:00Z')).toBe(Date.UTC(2025, 0, 31, 9, 0, 0));
    expect(parseTimestamp(new Date(NOW))).toBe(NOW);
    expect(parseTimestamp(NOW)).toBe(NOW);
  });

  it('gives NaN for an unreadable date', () => {
    expect(parseTimestamp('not a date')).toBeNaN();
  });
});
