import { useCallback, useMemo, useState } from 'react';
import type { Category } from '@flashcard/api-contract';
import { cardMatcher, hasActiveFilters, NO_FILTERS, toCardFilters, type FilterValues } from '../filters';
import { useCards } from './use-cards';
import { useSearchInput } from './use-search-input';

/**
 * What the list shows: the filter controls, the search box, and the cards matching both, a
 * page at a time (useCards). `shown` and `count` leave out the cards changed here (marked known,
 * moved, edited or created) that no longer match: the server filtered every page it sent.
 */
export function useCardsView() {
  const [filterValues, setFilterValues] = useState<FilterValues>(NO_FILTERS);
  const apiFilters = useMemo(() => toCardFilters(filterValues), [filterValues]);
  const search = useSearchInput();
  // The server sends a page at a time (50 cards, shared-auth asks for it), so thousands of cards never load
  // or render at once; "Show more" fetches the next page.
  const list = useCards(apiFilters, search.query);
  const { cards, total, patch } = list;

  const filtersActive = hasActiveFilters(filterValues);
  const matcher = useMemo(() => cardMatcher(filterValues), [filterValues]);
  const shown = useMemo(() => (filtersActive ? cards.filter(matcher) : cards), [cards, matcher, filtersActive]);
  const count = Math.max(shown.length, total - (cards.length - shown.length));

  // A set renamed or deleted in the sets dialog: its cards show the change without a reload.
  const setRenamed = useCallback(
    (category: Category) =>
      patch(
        (c) => c.category_id === category.id,
        (c) => ({ ...c, category_name: category.name, category: category.name }),
      ),
    [patch],
  );
  const setDeleted = useCallback(
    (id: number) => {
      // The server keeps the cards and unfiles them; mirror that and drop a filter on the gone set.
      patch(
        (c) => c.category_id === id,
        (c) => ({ ...c, category_id: null, category_name: null, category: null }),
      );
      setFilterValues((values) => (values.category === String(id) ? { ...values, category: '' } : values));
    },
    [patch],
  );

  const { clear: clearSearch } = search;
  /** "Show all cards": no filter, no search. */
  const showAll = useCallback(() => {
    setFilterValues(NO_FILTERS);
    clearSearch();
  }, [clearSearch]);

  return {
    filterValues,
    setFilterValues,
    search,
    list,
    shown,
    count,
    isFiltered: filtersActive || search.query !== '',
    /** The set the list is filtered to (export and import default to it), or null. */
    setId: filterValues.category ? Number(filterValues.category) : null,
    setRenamed,
    setDeleted,
    showAll,
  };
}
