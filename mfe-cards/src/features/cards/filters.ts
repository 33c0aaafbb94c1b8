import type { Card, CardFilters } from '@flashcard/api-contract';

/** What the filter controls hold: select values are strings, '' meaning "any". */
export interface FilterValues {
  category: string;
  college: string;
  className: string;
  difficultyMin: string;
  difficultyMax: string;
  hideKnown: boolean;
}

export const NO_FILTERS: FilterValues = {
  category: '',
  college: '',
  className: '',
  difficultyMin: '',
  difficultyMax: '',
  hideKnown: false,
};

export function hasActiveFilters(values: FilterValues): boolean {
  return (
    values.category !== '' ||
    values.college !== '' ||
    values.className !== '' ||
    values.difficultyMin !== '' ||
    values.difficultyMax !== '' ||
    values.hideKnown
  );
}

/** The GET /cards params: only what is set, hideKnown only when checked. */
export function toCardFilters(values: FilterValues): CardFilters {
  const filters: CardFilters = {};
  if (values.category) filters.category = Number(values.category);
  if (values.college) filters.college = values.college;
  if (values.className) filters.class_name = values.className;
  if (values.difficultyMin) filters.difficultyMin = Number(values.difficultyMin);
  if (values.difficultyMax) filters.difficultyMax = Number(values.difficultyMax);
  if (values.hideKnown) filters.hideKnown = true;
  return filters;
}

const same = (a: string | null | undefined, b: string) => (a ?? '').trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The same filters applied in the browser. The server already filtered the list, so this only
 * matters for search results (the search call takes no filters) and for cards changed in place
 * (marked known, moved, edited) that no longer match. Deliberately no stricter than the server
 * (text compares ignore case), so it never hides a card the server chose to return.
 */
export function cardMatcher(values: FilterValues): (card: Card) => boolean {
  const category = values.category ? Number(values.category) : null;
  const min = values.difficultyMin ? Number(values.difficultyMin) : null;
  const max = values.difficultyMax ? Number(values.difficultyMax) : null;
  return (card) =>
    (category === null || card.category_id === category) &&
    (!values.college || same(card.college, values.college)) &&
    (!values.className || same(card.class_name, values.className)) &&
    (min === null || card.difficulty_level >= min) &&
    (max === null || card.difficulty_level <= max) &&
    (!values.hideKnown || !card.known);
}
