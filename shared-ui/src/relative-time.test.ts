import { setLanguage } from '@flashcard/shared-auth';
import { relativeTime } from './relative-time';

const NOW = Date.parse('2025-03-10T12:00:00Z');

afterEach(() => setLanguage('en'));

describe('relativeTime, compact (the spec forms: dashboard, bell, recent sessions)', () => {
  it.each([
    ['2025-03-10T11:30:00Z', 'Just now'],
    ['2025-03-10T11:00:01Z', 'Just now'],
    ['2025-03-10T12:00:30Z', 'Just now'], // clock skew: never "in the future"
    ['2025-03-10T11:00:00Z', '1h ago'],
    ['2025-03-10T09:00:00Z', '3h ago'],
    ['2025-03-09T12:30:00Z', '23h ago'],
    ['2025-03-09T12:00:00Z', '1d ago'],
    ['2025-03-01T12:00:00Z', '9d ago'],
    ['2024-03-10T12:00:00Z', '365d ago'],
    ['not a date', ''],
  ])('%s -> %p', (when, text) => expect(relativeTime(when, { now: NOW })).toBe(text));

  it('takes a Date or milliseconds as well as an ISO text', () => {
    expect(relativeTime(new Date(NOW - 5 * 3_600_000), { now: new Date(NOW) })).toBe('5h ago');
    expect(relativeTime(NOW - 2 * 86_400_000, { now: NOW })).toBe('2d ago');
  });

  it("speaks the page's language, or the one it is given", async () => {
    await setLanguage('es');
    expect(relativeTime('2025-03-10T11:59:00Z', { now: NOW })).toBe('Justo ahora');
    expect(relativeTime('2025-03-10T09:00:00Z', { now: NOW })).toBe('hace 3 h');
    expect(relativeTime('2025-03-09T10:00:00Z', { now: NOW })).toBe('hace 1 d');
    // French keeps its words ('il y a', not the narrow '-3 h'), with a no-break space.
    expect(relativeTime('2025-03-10T09:00:00Z', { now: NOW, language: 'fr' })).toBe('il y a 3\u00a0h');
    expect(relativeTime('2025-03-08T12:00:00Z', { now: NOW, language: 'de' })).toBe('vor 2 Tagen');
    expect(relativeTime('2025-03-10T09:00:00Z', { now: NOW, language: 'it' })).toBe('3 h fa');
    expect(relativeTime('2025-03-10T09:00:00Z', { now: NOW, language: 'en' })).toBe('3h ago');
    await setLanguage('it');
    expect(relativeTime('2025-03-10T11:30:00Z', { now: NOW })).toBe('Proprio ora');
  });
});

describe('relativeTime, sentence (after a sentence: the social feed)', () => {
  const sentence = (when: string, language?: string) =>
    relativeTime(when, { now: NOW, style: 'sentence', ...(language ? { language } : {}) });

  it.each([
    ['2025-03-10T11:59:40Z', 'just now'],
    ['2025-03-10T11:59:00Z', '1 minute ago'],
    ['2025-03-10T11:55:00Z', '5 minutes ago'],
    ['2025-03-10T09:00:00Z', '3 hours ago'],
    ['2025-03-09T11:00:00Z', 'yesterday'],
    ['2025-03-01T12:00:00Z', '9 days ago'],
  ])('%s -> %s', (when, text) => expect(sentence(when)).toBe(text));

  it('gives the date from 30 days on', () => {
    expect(sentence('2025-02-01T12:00:00Z')).toBe(new Date('2025-02-01T12:00:00Z').toLocaleDateString('en'));
  });

  it("speaks the page's language, or the one it is given", async () => {
    await setLanguage('de');
    expect(sentence('2025-03-10T11:59:40Z')).toBe('gerade eben');
    expect(sentence('2025-03-10T11:00:00Z')).toBe('vor 1 Stunde');
    expect(sentence('2025-03-10T09:00:00Z', 'es')).toBe('hace 3 horas');
    expect(sentence('2025-03-09T11:00:00Z', 'it')).toBe('ieri');
    await setLanguage('fr');
    expect(sentence('2025-03-10T11:59:40Z')).toBe('à l’instant');
  });
});
