import { useCallback, useEffect, useRef, useState } from 'react';
import { cardsApi, type Card, type CardCursor, type CardFilters, type CardPage } from '@flashcard/api-contract';
import { serverErrorOf } from '@flashcard/shared-auth';
import { failureKind, toastFailure } from '@flashcard/shared-ui';
import { cardsOffline, signedInUser, syncChanges, useOfflineCards } from '../../offline/offline-cards';
import { savedList, saveList } from '../../offline/offline-list';
import { offlineSearch } from '../../offline/offline-search';
import { message, offlineOnly } from '../messages';
import { DEFAULT_SORT, EVERY_CARD, SORTS, type SortChoice } from '../sort';

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
  /** The API could not read the search (400): its reason, shown beside the search box (no toast). */
  queryError: string | null;
  /** A next page is on its way. */
  loadingMore: boolean;
  /** The network did not answer: these are the list kept in this browser (searched here). */
  offline: boolean;
}

const INITIAL: CardsState = {
  cards: [],
  total: 0,
  nextCursor: null,
  status: 'loading',
  loaded: false,
  failedSearch: false,
  queryError: null,
  loadingMore: false,
  offline: false,
};

type Request = { query: string; filters: CardFilters; sort: SortChoice };

/** The whole list, unfiltered, unsearched and newest first: what is kept for offline. */
const WHOLE_LIST = JSON.stringify({ query: '', filters: {}, sort: DEFAULT_SORT });

/** A search, or a list in another order than newest first (sorted through the search). */
const searches = (request: Request) => request.query !== '' || request.sort !== DEFAULT_SORT;

function fetchPage(request: Request, cursor: CardCursor = null): Promise<CardPage> {
  const after = cursor === null ? [] : [cursor]; // the first page is asked for without a cursor
  if (!searches(request)) return cardsApi.list(request.filters, ...after);
  if (request.sort === DEFAULT_SORT) return cardsApi.search(request.query, request.filters, ...after);
  return cardsApi.search(request.query || EVERY_CARD, request.filters, cursor, SORTS[request.sort]);
}

/** A query the API refused as unreadable (400): its reason. */
function queryErrorOf(request: Request, err: unknown): string | null {
  const status = (err as { response?: { status?: number } } | null)?.response?.status;
  return searches(request) && status === 400 ? (serverErrorOf(err) ?? null) : null;
}

/**
 * The learner's cards, a page at a time: GET /cards with `filters`, or the search results for
 * `query` (with the same filters) when it is not empty. Reloads from the first page whenever
 * either changes; `loadMore` appends the next page. The local updaters apply the results of
 * create, edit, delete, move and known toggles without a reload.
 *
 * Offline: the whole list as this browser last had it (kept per learner whenever it shows every
 * card), searched here, every kept card at once; once the browser is online again and the
 * waiting changes are sent, the server's list again.
 */
export function useCards(filters: CardFilters, query: string, sort: SortChoice = DEFAULT_SORT) {
  const [state, setState] = useState<CardsState>(INITIAL);
  const [attempt, setAttempt] = useState(0);
  // The request the shown cards belong to: a page that arrives for an older one is dropped.
  const current = useRef<{ key: string; request: Request } | null>(null);

  // One string for "what to fetch", so equal filter objects do not refetch.
  const requestKey = JSON.stringify({ query, filters, sort });

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
      .catch(async (err: unknown) => {
        if (current.current !== mine) return;
        const queryError = queryErrorOf(request, err);
        if (queryError) {
          setState((s) => ({ ...s, status: 'failed', failedSearch: true, queryError }));
          return;
        }
        const network = failureKind(err) === 'network';
        const userId = signedInUser();
        const kept = network && userId !== null ? await savedList(userId).catch(() => undefined) : undefined;
        if (current.current !== mine) return;
        if (network) cardsOffline(kept?.savedAt ?? null);
        if (kept) {
          // Searched here in the server's syntax; a query it cannot read says why, as the server would.
          const search = offlineSearch(request.query);
          if (search.kind !== 'matcher') {
            const reason = search.kind === 'invalid' ? search.message : offlineOnly(search.term);
            setState((s) => ({ ...s, status: 'failed', failedSearch: true, queryError: reason, offline: true }));
            return;
          }
          const cards = kept.cards.filter(search.matches);
          setState({ ...INITIAL, cards, total: cards.length, status: 'ready', loaded: true, offline: true });
          return;
        }
        const isSearch = searches(request);
        toastFailure(message(isSearch ? 'searchFailed' : 'loadFailed'), err);
        setState((s) => ({ ...s, status: 'failed', failedSearch: isSearch, queryError: null }));
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
        toastFailure(message(searches(mine.request) ? 'searchFailed' : 'loadFailed'), err);
        setState((s) => ({ ...s, loadingMore: false }));
        return false;
      });
  }, [state.nextCursor, state.loadingMore, state.status]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  // Every card the server sent (and what was done to them here) is kept for offline.
  const wholeList = requestKey === WHOLE_LIST && state.status === 'ready' && !state.offline;
  useEffect(() => {
    const userId = signedInUser();
    if (wholeList && userId !== null) void saveList(userId, state.cards, Date.now()).catch(() => {});
  }, [wholeList, state.cards]);

  // Online again: the changes made offline go first, then the server's list replaces the kept one.
  const online = useOfflineCards((offline) => offline.online);
  useEffect(() => {
    if (!state.offline || !online) return;
    let active = true;
    void syncChanges()
      .catch(() => null)
      .then(() => active && reload());
    return () => {
      active = false;
    };
  }, [state.offline, online, reload]);

  const updateCards = useCallback((update: (cards: Card[]) => Card[], totalChange = 0) => {
    setState((s) => ({ ...s, cards: update(s.cards), total: Math.max(0, s.total + totalChange) }));
  }, []);

  // A card already listed (a sync's answer after the list was loaded again) is not listed twice.
  const prepend = useCallback(
    (card: Card) =>
      setState((s) =>
        s.cards.some((c) => c.id === card.id) ? s : { ...s, cards: [card, ...s.cards], total: s.total + 1 },
      ),
    [],
  );
  const replace = useCallback(
    (card: Card) => updateCards((cards) => cards.map((c) => (c.id === card.id ? card : c))),
    [updateCards],
  );
  const remove = useCallback(
    (id: number) => updateCards((cards) => cards.filter((c) => c.id !== id), -1),
    [updateCards],
  );
  /** Takes these cards off the list (a bulk delete, a note's cards); `deleted` of them are gone from the total. */
  const removeMany = useCallback(
    (ids: readonly number[], deleted = ids.length) => {
      const gone = new Set(ids);
      updateCards((cards) => cards.filter((c) => !gone.has(c.id)), -deleted);
    },
    [updateCards],
  );
  /** Change every card `which` selects, in place. */
  const patch = useCallback(
    (which: (card: Card) => boolean, change: (card: Card) => Card) =>
      updateCards((cards) => cards.map((c) => (which(c) ? change(c) : c))),
    [updateCards],
  );

  return { ...state, reload, loadMore, prepend, replace, remove, removeMany, patch };
}
