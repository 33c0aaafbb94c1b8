import type { CardSortChoice } from '@flashcard/api-contract';

/** The sort select's choices, as `sort` + `order` of GET /cards/search; the first is the list's own order. */
export const SORTS = {
  createdDesc: { sort: 'created', order: 'desc' },
  createdAsc: { sort: 'created', order: 'asc' },
  dueAsc: { sort: 'due', order: 'asc' },
  intervalDesc: { sort: 'interval', order: 'desc' },
  intervalAsc: { sort: 'interval', order: 'asc' },
  difficultyDesc: { sort: 'difficulty', order: 'desc' },
  difficultyAsc: { sort: 'difficulty', order: 'asc' },
  lapsesDesc: { sort: 'lapses', order: 'desc' },
} as const satisfies Record<string, Required<CardSortChoice>>;

export type SortChoice = keyof typeof SORTS;
export const SORT_CHOICES = Object.keys(SORTS) as SortChoice[];
export const DEFAULT_SORT: SortChoice = 'createdDesc';

/**
 * Every card, for a sorted list with no search: a lone `*` matches any text (the search syntax's
 * wildcard), so the list can be sorted through the search.
 */
export const EVERY_CARD = '*';
