import { useCallback, useMemo, useState } from 'react';
import type { Card, Category } from '@flashcard/api-contract';
import { useOfflineCards } from '../../offline/offline-cards';
import { withQueuedChanges, type SetName } from '../../offline/offline-list';
import { offlineSearch } from '../../offline/offline-search';
import { cardMatcher, hasActiveFilters, NO_FILTERS, toCardFilters, type FilterValues } from '../filters';
import { useCards } from './use-cards';
import { useSearchInput } from './use-search-input';
import { DEFAULT_SORT, type SortChoice } from '../sort';

/**
 * What the list shows: the filter controls, the search box, and the cards matching both, a
 * page at a time (useCards), with the changes waiting in the outbox applied (a card created
 * offline first; `waiting` names them). `shown` and `count` leave out the cards changed here
 * (marked known, moved, edited or created) that no longer match: the server filtered every page
 * it sent. `setName` names a set a waiting change moved a card to.
 */
export function useCardsView(setName: SetName) {
  const [filterValues, setFilterValues] = useState<FilterValues>(NO_FILTERS);
  const apiFilters = useMemo(() => toCardFilters(filterValues), [filterValues]);
  const search = useSearchInput();
  const [sort, setSort] = useState<SortChoice>(DEFAULT_SORT);
  // The server sends a page at a time (50 cards, shared-auth asks for it), so thousands of cards never load
  // or render at once; "Show more" fetches the next page.
  const list = useCards(apiFilters, search.query, sort);
  const { patch } = list;
  const queued = useOfflineCards((offline) => offline.queued);
  const { cards, waiting } = useMemo(
    () => withQueuedChanges(list.cards, queued, setName),
    [list.cards, queued, setName],
  );
  const total = list.total + (cards.length - list.cards.length);

  const filtersActive = hasActiveFilters(filterValues);
  const matcher = useMemo(() => cardMatcher(filterValues), [filterValues]);
  const query = search.query;
  const shown = useMemo(() => {
    // The server searched its cards; a card waiting to be created is searched here, alike.
    const search = offlineSearch(query);
    const searched = (card: Card) => search.kind === 'matcher' && search.matches(card);
    const matches = (card: Card) => (card.id > 0 || searched(card)) && (!filtersActive || matcher(card));
    return cards.filter(matches);
  }, [cards, matcher, filtersActive, query]);
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
    sort,
    setSort,
    list,
    shown,
    waiting,
    count,
    isFiltered: filtersActive || search.query !== '',
    /** The set the list is filtered to (export and import default to it), or null. */
    setId: filterValues.category ? Number(filterValues.category) : null,
    setRenamed,
    setDeleted,
    showAll,
  };
}
