import {
  formatCls,
  formatCount,
  formatDate,
  formatDateTime,
  formatKB,
  formatMs,
  formatRate,
  formatSize,
} from './format';

describe('formatKB', () => {
  it('shows bytes as kilobytes (1 KB = 1024 bytes) with one decimal', () => {
    expect(formatKB(0)).toBe('0.0 KB');
    expect(formatKB(512)).toBe('0.5 KB');
    expect(formatKB(12_595)).toBe('12.3 KB');
    expect(formatKB(256_000)).toBe('250.0 KB');
    expect(formatKB(2_000_000)).toBe('1,953.1 KB');
  });

  it('never shows a negative size', () => {
    expect(formatKB(-5)).toBe('0.0 KB');
  });
});

describe('formatSize', () => {
  it('picks bytes, kilobytes or megabytes', () => {
    expect(formatSize(0)).toBe('0 B');
    expect(formatSize(1023)).toBe('1,023 B');
    expect(formatSize(1024)).toBe('1.0 KB');
    expect(formatSize(700_000)).toBe('683.6 KB');
    expect(formatSize(1024 * 1024)).toBe('1.0 MB');
    expect(formatSize(1_572_864)).toBe('1.5 MB');
  });
});

describe('dates', () => {
  it('formats an ISO timestamp as a date and as a date with time, in the zone given', () => {
    expect(formatDate('2025-01-05T14:03:00.000Z', 'UTC')).toBe('Jan 5, 2025');
    expect(formatDateTime('2025-01-05T14:03:00.000Z', 'UTC')).toMatch(/^Jan 5, 2025, 2:03\sPM$/);
  });

  it('shows the local day of the zone, not the UTC one', () => {
    expect(formatDate('2025-01-05T23:30:00.000Z', 'Asia/Tokyo')).toBe('Jan 6, 2025');
    expect(formatDateTime('2025-01-05T23:30:00.000Z', 'America/New_York')).toMatch(/^Jan 5, 2025, 6:30\sPM$/);
  });

  it('shows text that is not a timestamp as it is', () => {
    expect(formatDate('not a date')).toBe('not a date');
    expect(formatDateTime('')).toBe('');
  });
});

describe('health figures', () => {
  it('shows counts grouped, rates as percentages, LCP/INP in whole ms and CLS with two decimals', () => {
    expect(formatCount(1248)).toBe('1,248');
    expect(formatRate(0.075)).toBe('7.5%');
    expect(formatRate(0)).toBe('0.0%');
    expect(formatRate(1)).toBe('100.0%');
    expect(formatMs(2480.4)).toBe('2,480 ms');
    expect(formatMs(95.6)).toBe('96 ms');
    expect(formatCls(0.1234)).toBe('0.12');
    expect(formatCls(0)).toBe('0.00');
  });
});
