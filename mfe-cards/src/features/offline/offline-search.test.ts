import type { Card } from '@flashcard/api-contract';
import { makeCard } from '../../test/cards';
import { offlineSearch } from './offline-search';

const NOW = new Date('2025-03-10T12:00:00.000Z');
const at = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000).toISOString();

const cards: Card[] = [
  makeCard(1, {
    question: 'The **mitochondria** is the powerhouse',
    answer: 'of the cell',
    tags: 'bio::cell, exam',
    category_name: 'Biology',
  }),
  makeCard(2, {
    question: 'Capital of France?',
    answer: 'Paris',
    tags: 'geo',
    category_name: 'Geography 101',
    state: 'review',
    due: at(-2),
    interval: 12,
    repetitions: 5,
    lapses: 3,
  }),
  makeCard(3, {
    question: 'Cell division',
    answer: 'Mitosis',
    tags: 'bio, leech',
    category_name: 'Biology',
    state: 'relearning',
    due: at(48),
    interval: 1,
    repetitions: 9,
    lapses: 8,
    suspended: true,
  }),
  makeCard(4, {
    question: 'Photosynthesis',
    answer: 'Light to sugar',
    tags: 'biology',
    state: 'learning',
    due: at(0.25),
    buried_until: at(10),
    interval: 0,
    repetitions: 1,
  }),
];

/** Ids of the cards `query` finds. */
function find(query: string): number[] {
  const search = offlineSearch(query, NOW);
  if (search.kind !== 'matcher') throw new Error(`${query}: ${search.kind}`);
  return cards.filter(search.matches).map((card) => card.id);
}

describe('offlineSearch', () => {
  it('finds every card for an empty query', () => {
    expect(find('')).toEqual([1, 2, 3, 4]);
    expect(find('   ')).toEqual([1, 2, 3, 4]);
  });

  it('matches free text and phrases in question, answer and tags, by words not markup, any case', () => {
    expect(find('MITOCHONDRIA')).toEqual([1]);
    expect(find('cell')).toEqual([1, 3]);
    expect(find('"the powerhouse"')).toEqual([1]);
    expect(find('"mitochondria is"')).toEqual([1]);
    expect(find('paris capital')).toEqual([2]);
    expect(find('pho*sis')).toEqual([4]);
    expect(find('exam')).toEqual([1]);
  });

  it('matches a tag or its children, with * as a wildcard, never a longer tag', () => {
    expect(find('tag:bio')).toEqual([1, 3]);
    expect(find('tag:bio::cell')).toEqual([1]);
    expect(find('tag:bio*')).toEqual([1, 3, 4]);
    expect(find('tag:GEO')).toEqual([2]);
  });

  it('matches a set by its whole name, any case', () => {
    expect(find('set:biology')).toEqual([1, 3]);
    expect(find('set:"Geography 101"')).toEqual([2]);
    expect(find('set:Geo*')).toEqual([2]);
    expect(find('set:Geo')).toEqual([]);
  });

  it('reads is: from the kept card fields', () => {
    expect(find('is:new')).toEqual([1]);
    expect(find('is:learn')).toEqual([3, 4]);
    expect(find('is:review')).toEqual([2, 3]);
    // Review due now; learning due within the 20-minute learn-ahead; relearning due in 2 days: not.
    expect(find('is:due')).toEqual([2, 4]);
    expect(find('is:suspended')).toEqual([3]);
    expect(find('is:buried')).toEqual([4]);
    expect(find('is:leech')).toEqual([3]);
  });

  it('compares prop:ivl, lapses, reps and due, as the server does', () => {
    expect(find('prop:ivl>=10')).toEqual([2]);
    expect(find('prop:ivl<10')).toEqual([3, 4]);
    expect(find('prop:lapses>2')).toEqual([2, 3]);
    expect(find('prop:reps=1')).toEqual([4]);
    expect(find('prop:reps!=0')).toEqual([2, 3, 4]);
    // Due days in this browser's days: overdue (the same day here), within 3 days.
    expect(find('prop:due<=3')).toEqual([2, 3, 4]);
    expect(find('prop:due>1')).toEqual([3]);
    // A new card has no interval or due day; a card kept before intervals were sent has none either.
    expect(find('-prop:ivl>=0')).toEqual([1]);
    const older = makeCard(5, { state: 'review', due: at(1) });
    const search = offlineSearch('prop:ivl>=0', NOW);
    expect(search.kind === 'matcher' && search.matches(older)).toBe(false);
  });

  it('combines with -, or and parentheses', () => {
    expect(find('tag:bio -is:new')).toEqual([3]);
    expect(find('paris or photosynthesis')).toEqual([2, 4]);
    expect(find('(tag:geo or tag:exam) -set:biology')).toEqual([2]);
    expect(find('-cell -paris')).toEqual([4]);
  });

  it('refuses a query it cannot read with the parser message and its position', () => {
    expect(offlineSearch('tag:x (', NOW)).toEqual({ kind: 'invalid', message: 'Unclosed "(" at position 7' });
    expect(offlineSearch('is:nope', NOW)).toEqual({
      kind: 'invalid',
      message: expect.stringMatching(/^Unknown "is:nope": use is:new.* at position 4$/),
    });
  });

  it('leaves prop:r to the server', () => {
    expect(offlineSearch('cell -prop:r<0.9', NOW)).toEqual({ kind: 'online-only', term: 'prop:r' });
  });
});
