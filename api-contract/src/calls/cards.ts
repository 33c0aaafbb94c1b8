// The card screen's calls (schemas/cards.ts, schemas/categories.ts). The list and search read
// their paging from headers and export reads CSV text, so those three go through the kernel's
// client directly, with the endpoint's path.
import { apiClient } from '@flashcard/shared-auth';
import type { ResponseOf } from '../endpoint';
import {
  CARD_PAGE_SIZE,
  cardsEndpoints as ep,
  type Card,
  type CardEditInput,
  type CardInput,
  type DuplicateChoice,
  type ImportInput,
} from '../schemas/cards';
import { categoriesEndpoints as sets, type CategoryInput } from '../schemas/categories';
import {
  cardBrowserEndpoints as browser,
  type BulkInput,
  type CardSort,
  type SortOrder,
} from '../schemas/card-browser';
import { callEndpoint } from './call';

/** The card list's filters as the screens hold them. */
export interface CardFilters {
  category?: number | string;
  college?: string;
  class_name?: string;
  difficultyMin?: number;
  difficultyMax?: number;
  hideKnown?: boolean;
}

/**
 * Where a page of the card list (or of search results) starts: after the card with this id, or
 * (a sorted search) after the position this opaque text names.
 */
export type CardCursor = number | string | null;

/** A search's order: by what, which way (the API's default way when absent). */
export interface CardSortChoice {
  sort?: CardSort;
  order?: SortOrder;
}

/** One page of cards, newest first, the number of cards matching in all, and the next page's cursor. */
export interface CardPage {
  cards: Card[];
  total: number;
  /** null on the last page. */
  nextCursor: CardCursor;
}

/** Only the filters that are set go on the query string; hideKnown is sent as `true`. */
export function cardQueryParams(filters: CardFilters = {}): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === null || value === '' || value === false) continue;
    params[key] = String(value);
  }
  return params;
}

function pageParams(filters: CardFilters | undefined, cursor: CardCursor | undefined): Record<string, string> {
  const params = cardQueryParams(filters);
  params.limit = String(CARD_PAGE_SIZE);
  if (typeof cursor === 'number') params.before = String(cursor);
  else if (typeof cursor === 'string') params.cursor = cursor;
  return params;
}

/**
 * The API sends the paging in headers (the body stays the list the spec describes):
 * X-Total-Count always and, when more follow, X-Next-Cursor.
 */
function toPage(cards: Card[], headers: { [name: string]: unknown }): CardPage {
  const next = headers['x-next-cursor'];
  const cursor = next === undefined ? null : /^\d+$/.test(String(next)) ? Number(next) : String(next);
  return { cards, total: Number(headers['x-total-count']), nextCursor: cursor };
}

export const cardsApi = {
  /** One page of the learner's cards matching `filters`; pass the previous page's `nextCursor` for the next. */
  list: (filters?: CardFilters, cursor?: CardCursor) =>
    apiClient
      .get<ResponseOf<typeof ep.list>>(ep.list.path, { params: pageParams(filters, cursor) })
      .then((r) => toPage(r.data, r.headers)),
  /** Like `list`, among the cards matching `q` (the card browser's search syntax), in `sort`'s order. */
  search: (q: string, filters?: CardFilters, cursor?: CardCursor, sort: CardSortChoice = {}) =>
    apiClient
      .get<ResponseOf<typeof ep.search>>(ep.search.path, {
        params: {
          q,
          ...pageParams(filters, cursor),
          ...(sort.sort ? { sort: sort.sort } : {}),
          ...(sort.order ? { order: sort.order } : {}),
        },
        // The screen shows a query the API cannot read beside the search box, and words other failures itself.
        skipErrorToast: true,
      })
      .then((r) => toPage(r.data.results, r.headers)),
  /** One action on many of the learner's cards, all or nothing. */
  bulk: (input: BulkInput) => callEndpoint(browser.bulk, { body: input }),
  get: (id: number) => callEndpoint(ep.get, { params: { id: String(id) } }),
  /** With an Idempotency-Key, a resend (a create queued offline, a lost answer) creates nothing twice. */
  create: (input: CardInput, idempotencyKey?: string) =>
    callEndpoint(ep.create, {
      body: input,
      ...(idempotencyKey === undefined ? {} : { headers: { 'idempotency-key': idempotencyKey } }),
    }),
  /** The card as the server holds it after the edit; `kept: 'server'` when a later change won over it. */
  update: (id: number, input: CardEditInput) => callEndpoint(ep.update, { params: { id: String(id) }, body: input }),
  remove: (id: number) => callEndpoint(ep.remove, { params: { id: String(id) }, querystring: { confirm: 'true' } }),
  markKnown: (id: number) => callEndpoint(ep.markKnown, { params: { id: String(id) } }),
  markUnknown: (id: number) => callEndpoint(ep.markUnknown, { params: { id: String(id) } }),
  resetKnown: () => callEndpoint(ep.resetKnown, {}),
  filterOptions: () => callEndpoint(ep.filterOptions, {}),
  /** Every tag on the learner's cards, with its card count. */
  tags: () => callEndpoint(ep.tags, {}),
  moveToSet: (cardIds: number[], setId: number | null) => callEndpoint(ep.moveToSet, { body: { cardIds, setId } }),
  /** CSV or tab-separated text; `dryRun: true` returns the preview without writing. */
  importCards: (input: ImportInput) => callEndpoint(ep.import, { body: input }),
  /** An Anki package, sent as its bytes; `dryRun` reads and reports without writing (the preview). */
  importApkg: (
    file: Blob,
    options: { dryRun?: boolean; categoryId?: number | null; duplicates?: DuplicateChoice } = {},
  ) =>
    callEndpoint(
      ep.importApkg,
      {
        querystring: {
          ...(options.dryRun ? { dryRun: 'true' } : {}),
          ...(options.categoryId ? { categoryId: String(options.categoryId) } : {}),
          ...(options.duplicates ? { duplicates: options.duplicates } : {}),
        },
      },
      // Seconds for a big package: the server reads it off its request thread.
      { data: file, headers: { 'Content-Type': 'application/octet-stream' }, timeout: 300_000 },
    ),
  /** The Anki package (.apkg) of all the learner's notes, or of one set's, as a Blob to save. */
  exportApkg: (setId?: number | null) =>
    apiClient
      .get<Blob>(ep.exportApkg.path, {
        params: setId == null ? {} : { set: String(setId) },
        responseType: 'blob',
        timeout: 300_000,
      })
      .then((r) => r.data),
  /** The CSV text (header question,answer,tags,notetype,set) of all cards, or of one set. */
  exportCsv: (categoryId?: number | null) =>
    apiClient
      .get<string>(ep.export.path, {
        params: categoryId == null ? {} : { category: String(categoryId) },
        // A CSV body, not JSON: axios leaves it as the raw string.
        responseType: 'text',
      })
      .then((r) => String(r.data ?? '')),
};

export const categoriesApi = {
  list: () => callEndpoint(sets.list, {}),
  create: (input: CategoryInput) => callEndpoint(sets.create, { body: input }),
  update: (id: number, input: CategoryInput) => callEndpoint(sets.update, { params: { id: String(id) }, body: input }),
  /** The set's cards are kept, unfiled; the answer says how many. */
  remove: (id: number) => callEndpoint(sets.remove, { params: { id: String(id) } }),
};
