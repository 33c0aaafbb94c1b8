import { makeCard } from '../../test/cards';
import { cardMatcher, hasActiveFilters, NO_FILTERS, toCardFilters } from './filters';

describe('toCardFilters', () => {
  it('sends nothing when no filter is set', () => {
    expect(toCardFilters(NO_FILTERS)).toEqual({});
    expect(hasActiveFilters(NO_FILTERS)).toBe(false);
  });

  it('maps every control to its query param, numbers as numbers and hideKnown only when checked', () => {
    const values = {
      category: '3',
      college: 'MIT',
      className: 'CS 50',
      difficultyMin: '2',
      difficultyMax: '4',
      hideKnown: true,
    };
    expect(toCardFilters(values)).toEqual({
      category: 3,
      college: 'MIT',
      class_name: 'CS 50',
      difficultyMin: 2,
      difficultyMax: 4,
      hideKnown: true,
    });
    expect(toCardFilters({ ...values, hideKnown: false })).not.toHaveProperty('hideKnown');
    expect(hasActiveFilters({ ...NO_FILTERS, hideKnown: true })).toBe(true);
  });
});

describe('cardMatcher', () => {
  it('applies each filter like the server does', () => {
    const card = makeCard(1, {
      category_id: 3,
      college: 'MIT',
      class_name: 'CS 50',
      difficulty_level: 3,
      known: false,
    });
    const matches = (changes: Partial<typeof NO_FILTERS>) => cardMatcher({ ...NO_FILTERS, ...changes })(card);

    expect(matches({})).toBe(true);
    expect(matches({ category: '3' })).toBe(true);
    expect(matches({ category: '4' })).toBe(false);
    expect(matches({ college: 'mit ' })).toBe(true); // never stricter than the server
    expect(matches({ college: 'Stanford' })).toBe(false);
    expect(matches({ className: 'CS 51' })).toBe(false);
    expect(matches({ difficultyMin: '3', difficultyMax: '3' })).toBe(true);
    expect(matches({ difficultyMin: '4' })).toBe(false);
    expect(matches({ difficultyMax: '2' })).toBe(false);
    expect(matches({ hideKnown: true })).toBe(true);
    expect(cardMatcher({ ...NO_FILTERS, hideKnown: true })({ ...card, known: true })).toBe(false);
  });
});
