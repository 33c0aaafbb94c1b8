import { useCallback, useEffect, useState } from 'react';
import { toast } from 'react-hot-toast';
import { cardsApi, type Card, type CardFilters } from '@flashcard/shared-auth';
import { MESSAGES } from '../messages';

export const CARDS_LOAD_ERROR = MESSAGES.loadFailed;

export interface CardsState {
  cards: Card[];
  /** 'loading' also while a reload runs over cards already shown (they stay visible). */
  status: 'loading' | 'ready' | 'failed';
  /** At least one load succeeded (the spinner is for the very first load only). */
  loaded: boolean;
  /** The failed request was a search (a different message than a list failure). */
  failedSearch: boolean;
}

type Request = { query: string } | { filters: CardFilters };

/**
 * The learner's cards: GET /cards with `filters`, or the search results for `query` when it is
 * not empty. Reloads whenever either changes; the local updaters apply the results of create,
 * edit, delete, move and known toggles without a reload.
 */
export function useCards(filters: CardFilters, query: string) {
  const [state, setState] = useState<CardsState>({ cards: [], status: 'loading', loaded: false, failedSearch: false });
  const [attempt, setAttempt] = useState(0);

  // One string for "what to fetch": filter changes during a search do not refetch (the screen
  // filters search results itself), and equal filter objects do not refetch either.
  const requestKey = JSON.stringify(query ? { query } : { filters });

  useEffect(() => {
    let active = true; // drop answers that arrive after unmount or after a newer request
    const request = JSON.parse(requestKey) as Request;
    const isSearch = 'query' in request;
    setState((s) => ({ ...s, status: 'loading' }));
    const load = isSearch ? cardsApi.search(request.query) : cardsApi.list(request.filters);
    load
      .then((cards) => {
        if (active) setState({ cards: Array.isArray(cards) ? cards : [], status: 'ready', loaded: true, failedSearch: false });
      })
      .catch(() => {
        if (!active) return;
        toast.error(isSearch ? MESSAGES.searchFailed : MESSAGES.loadFailed);
        setState((s) => ({ ...s, status: 'failed', failedSearch: isSearch }));
      });
    return () => {
      active = false;
    };
  }, [requestKey, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  const updateCards = useCallback((update: (cards: Card[]) => Card[]) => {
    setState((s) => ({ ...s, cards: update(s.cards) }));
  }, []);

  const prepend = useCallback((card: Card) => updateCards((cards) => [card, ...cards]), [updateCards]);
  const replace = useCallback(
    (card: Card) => updateCards((cards) => cards.map((c) => (c.id === card.id ? card : c))),
    [updateCards],
  );
  const remove = useCallback((id: number) => updateCards((cards) => cards.filter((c) => c.id !== id)), [updateCards]);
  /** Change every card `which` selects, in place. */
  const patch = useCallback(
    (which: (card: Card) => boolean, change: (card: Card) => Card) =>
      updateCards((cards) => cards.map((c) => (which(c) ? change(c) : c))),
    [updateCards],
  );

  return { ...state, reload, prepend, replace, remove, patch };
}
