import { apiClient } from '../client';
import type {
  Card,
  CardCursor,
  CardFilters,
  CardPage,
  CardInput,
  Category,
  CategoryDeleteResult,
  FilterOptions,
  ImportInput,
  ImportResult,
  MoveToSetResult,
  ResetKnownResult,
} from '../types';

/** Only the filters that are set go on the query string; hideKnown is sent as `true`. */
export function cardQueryParams(filters: CardFilters = {}): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === null || value === '' || value === false) continue;
    params[key] = String(value);
  }
  return params;
}

/** Page size the screens ask for: about two screens of cards. */
export const CARD_PAGE_SIZE = 50;

function pageParams(filters: CardFilters | undefined, cursor: CardCursor | undefined): Record<string, string> {
  const params = cardQueryParams(filters);
  params.limit = String(CARD_PAGE_SIZE);
  if (cursor != null) params.before = String(cursor);
  return params;
}

/**
 * The API sends the paging in headers (the body stays the list the spec describes):
 * X-Total-Count and, when more follow, X-Next-Cursor. Without them the body is the whole list.
 */
function toPage(cards: Card[], headers: { [name: string]: unknown }): CardPage {
  const total = Number(headers['x-total-count'] ?? cards.length);
  const next = Number(headers['x-next-cursor']);
  return {
    cards,
    total: Number.isFinite(total) ? total : cards.length,
    nextCursor: Number.isInteger(next) && next > 0 ? next : null,
  };
}

export const cardsApi = {
  /** One page of the learner's cards matching `filters`; pass the previous page's `nextCursor` for the next. */
  list: (filters?: CardFilters, cursor?: CardCursor) =>
    apiClient
      .get<Card[]>('/cards', { params: pageParams(filters, cursor) })
      .then((r) => toPage(Array.isArray(r.data) ? r.data : [], r.headers)),
  /** Like `list`, among the cards containing `q`. The body may be `{ results }` or the list itself. */
  search: (q: string, filters?: CardFilters, cursor?: CardCursor) =>
    apiClient
      .get<Card[] | { results: Card[] }>('/cards/search', { params: { q, ...pageParams(filters, cursor) } })
      .then((r) => toPage(Array.isArray(r.data) ? r.data : (r.data.results ?? []), r.headers)),
  get: (id: number) => apiClient.get<Card>(`/cards/${id}`).then((r) => r.data),
  create: (input: CardInput) => apiClient.post<Card>('/cards', input).then((r) => r.data),
  update: (id: number, input: CardInput) => apiClient.put<Card>(`/cards/${id}`, input).then((r) => r.data),
  remove: (id: number) => apiClient.delete(`/cards/${id}`, { params: { confirm: true } }).then((r) => r.data),
  markKnown: (id: number) => apiClient.put<Card>(`/cards/${id}/known`).then((r) => r.data),
  markUnknown: (id: number) => apiClient.put<Card>(`/cards/${id}/unknown`).then((r) => r.data),
  resetKnown: () => apiClient.put<ResetKnownResult>('/cards/reset-known').then((r) => r.data),
  filterOptions: () => apiClient.get<FilterOptions>('/cards/filters/options').then((r) => r.data),
  moveToSet: (cardIds: number[], setId: number | null) =>
    apiClient.put<MoveToSetResult>('/cards/move-to-set', { cardIds, setId }).then((r) => r.data),
  due: () => apiClient.get<Card[]>('/cards/due').then((r) => r.data),
  /** CSV or tab-separated text; `dryRun: true` returns the preview without writing. */
  importCards: (input: ImportInput) => apiClient.post<ImportResult>('/cards/import', input).then((r) => r.data),
  /** The CSV text (header question,answer,tags) of all cards, or of one set. */
  exportCsv: (categoryId?: number | null) =>
    apiClient
      .get<string>('/cards/export', {
        params: categoryId == null ? {} : { category: categoryId },
        // A CSV body, not JSON: axios leaves it as the raw string.
        responseType: 'text',
      })
      .then((r) => String(r.data ?? '')),
};

export const categoriesApi = {
  list: () => apiClient.get<Category[]>('/categories').then((r) => r.data),
  create: (payload: Record<string, unknown>) => apiClient.post<Category>('/categories', payload).then((r) => r.data),
  update: (id: number, payload: Record<string, unknown>) =>
    apiClient.put<Category>(`/categories/${id}`, payload).then((r) => r.data),
  remove: (id: number) => apiClient.delete<CategoryDeleteResult>(`/categories/${id}`).then((r) => r.data),
};
