import { canonicalTimeZone, localDayNumber } from './time';

describe('canonicalTimeZone', () => {
  it('accepts IANA names and returns their canonical spelling', () => {
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(canonicalTimeZone('europe/paris')).toBe('Europe/Paris');
    expect(canonicalTimeZone('asia/tokyo')).toBe('Asia/Tokyo');
  });

  it.each([undefined, '', 'Mars/Olympus_Mons', '+02:00', '-0500', 'Europe/Paris; drop table', 'x'.repeat(80)])(
    'refuses %p',
    (name) => {
      expect(canonicalTimeZone(name)).toBeNull();
    },
  );

  it('answers the same from its cache, also after thousands of different names', () => {
    for (let round = 0; round < 2; round++) {
      expect(canonicalTimeZone('europe/paris')).toBe('Europe/Paris');
      expect(canonicalTimeZone('Mars/Olympus_Mons')).toBeNull();
    }
    for (let n = 0; n < 2_500; n++) canonicalTimeZone(`Nowhere/Zone_${n}`);
    expect(canonicalTimeZone('europe/paris')).toBe('Europe/Paris');
    expect(canonicalTimeZone('Nowhere/Zone_1')).toBeNull();
  });
});

describe('localDayNumber', () => {
  it('counts days since 1970-01-01 in the given zone', () => {
    expect(localDayNumber(new Date('1970-01-01T00:00:00Z'), 'UTC')).toBe(0);
    expect(localDayNumber(new Date('1970-01-02T23:59:59Z'), 'UTC')).toBe(1);
    const instant = new Date('2024-06-11T05:00:00Z');
    const utcDay = localDayNumber(instant, 'UTC');
    expect(localDayNumber(instant, 'America/Los_Angeles')).toBe(utcDay - 1);
    expect(localDayNumber(instant, 'Asia/Tokyo')).toBe(utcDay);
    expect(localDayNumber(new Date('2024-06-11T16:00:00Z'), 'Asia/Tokyo')).toBe(utcDay + 1);
  });
});
