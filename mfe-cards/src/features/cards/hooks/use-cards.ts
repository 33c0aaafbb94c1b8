import { useCallback, useEffect, useRef, useState } from 'react';
import { cardsApi, type Card, type CardCursor, type CardFilters, type CardPage } from '@flashcard/api-contract';
import { message } from '../messages';
import { toastFailure } from '@flashcard/shared-ui';

export interface CardsState {
  /** The pages loaded so far, newest first, with local changes applied. */
  cards: Card[];
  /** How many cards the server said match, kept in step with local creates and deletes. */
  total: number;
  /** Where the next page starts; null when every matching card is loaded. */
  nextCursor: CardCursor;
  /** 'loading' also while a reload runs over cards already shown (they stay visible). */
  status: 'loading' | 'ready' | 'failed';
  /** At least one load succeeded (the spinner is for the very first load only). */
  loaded: boolean;
  /** The failed request was a search (a different message than a list failure). */
  failedSearch: boolean;
  /** A next page is on its way. */
  loadingMore: boolean;
}

const INITIAL: CardsState = {
  cards: [],
  total: 0,
  nextCursor: null,
  status: 'loading',
  loaded: false,
  failedSearch: false,
  loadingMore: false,
};

type Request = { query: string; filters: CardFilters };

function fetchPage(request: Request, cursor: CardCursor = null): Promise<CardPage> {
  const after = cursor === null ? [] : [cursor]; // the first page is asked for without a cursor
  return request.query
    ? cardsApi.search(request.query, request.filters, ...after)
    : cardsApi.list(request.filters, ...after);
}

/**
 * The learner's cards, a page at a time: GET /cards with `filters`, or the search results for
 * `query` (with the same filters) when it is not empty. Reloads from the first page whenever
 * either changes; `loadMore` appends the next page. The local updaters apply the results of
 * create, edit, delete, move and known toggles without a reload.
 */
export function useCards(filters: CardFilters, query: string) {
  const [state, setState] = useState<CardsState>(INITIAL);
  const [attempt, setAttempt] = useState(0);
  // The request the shown cards belong to: a page that arrives for an older one is dropped.
  const current = useRef<{ key: string; request: Request } | null>(null);

  // One string for "what to fetch", so equal filter objects do not refetch.
  const requestKey = JSON.stringify({ query, filters });

  // A new request (or a retry) shows 'loading' from this very render on, over the cards shown.
  const fetchKey = `${requestKey}#${attempt}`;
  const [shownKey, setShownKey] = useState(fetchKey);
  if (shownKey !== fetchKey) {
    setShownKey(fetchKey);
    setState((s) => ({ ...s, status: 'loading', loadingMore: false }));
  }

  useEffect(() => {
    const request = JSON.parse(requestKey) as Request;
    const mine = { key: `${requestKey}#${attempt}`, request };
    current.current = mine;
    fetchPage(request)
      .then((page) => {
        if (current.current !== mine) return;
        setState({ ...INITIAL, ...page, status: 'ready', loaded: true });
      })
      .catch((err: unknown) => {
        if (current.current !== mine) return;
        const isSearch = request.query !== '';
        toastFailure(message(isSearch ? 'searchFailed' : 'loadFailed'), err);
        setState((s) => ({ ...s, status: 'failed', failedSearch: isSearch }));
      });
    return () => {
      if (current.current === mine) current.current = null; // unmounted or superseded
    };
  }, [requestKey, attempt]);

  /** Appends the next page; resolves true when cards were added to the current view. */
  const loadMore = useCallback(async (): Promise<boolean> => {
    const mine = current.current;
    const cursor = state.nextCursor;
    if (!mine || cursor === null || state.loadingMore || state.status !== 'ready') return false;
    setState((s) => ({ ...s, loadingMore: true }));
    return fetchPage(mine.request, cursor)
      .then((page) => {
        if (current.current !== mine) return false;
        setState((s) => {
          // A card created here since the first page is already shown; never list it twice.
          const shown = new Set(s.cards.map((card) => card.id));
          const added = page.cards.filter((card) => !shown.has(card.id));
          return {
            ...s,
            cards: [...s.cards, ...added],
            total: page.total,
            nextCursor: page.nextCursor,
            loadingMore: false,
          };
        });
        return page.cards.length > 0;
      })
      .catch((err: unknown) => {
        if (current.current !== mine) return false;
        toastFailure(message(mine.request.query ? 'searchFailed' : 'loadFailed'), err);
        setState((s) => ({ ...s, loadingMore: false }));
        return false;
      });
  }, [state.nextCursor, state.loadingMore, state.status]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  const updateCards = useCallback((update: (cards: Card[]) => Card[], totalChange = 0) => {
    setState((s) => ({ ...s, cards: update(s.cards), total: Math.max(0, s.total + totalChange) }));
  }, []);

  const prepend = useCallback((card: Card) => updateCards((cards) => [card, ...cards], 1), [updateCards]);
  const replace = useCallback(
    (card: Card) => updateCards((cards) => cards.map((c) => (c.id === card.id ? card : c))),
    [updateCards],
  );
  const remove = useCallback(
    (id: number) => updateCards((cards) => cards.filter((c) => c.id !== id), -1),
    [updateCards],
  );
  /** Change every card `which` selects, in place. */
  const patch = useCallback(
    (which: (card: Card) => boolean, change: (card: Card) => Card) =>
      updateCards((cards) => cards.map((c) => (which(c) ? change(c) : c))),
    [updateCards],
  );

  return { ...state, reload, loadMore, prepend, replace, remove, patch };
}
