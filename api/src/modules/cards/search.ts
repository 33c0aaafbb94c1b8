// The search's HTTP-facing rules: a query the grammar refuses and a cursor that is not one of
// ours become 400s; the sort and its page as the repository takes them.
import {
  parseSearchQuery,
  SearchSyntaxError,
  type CardSearchQuery,
  type SearchNode,
} from '@flashcard/api-contract/schemas';
import { badRequest } from '../../lib/http-error';
import type { SearchCursor, SearchPage, SearchSort } from './repository';

export { searchCondition, usesRetrievability } from './search-sql';

export const SEARCH_MESSAGES = {
  cursorInvalid: 'cursor is not a position of this search',
  cursorWithBefore: 'Send either cursor or before, not both',
} as const;

/** The query's AST; a syntax error is a 400 whose message says where. */
export function parseQuery(text: string): SearchNode {
  try {
    return parseSearchQuery(text);
  } catch (error) {
    if (error instanceof SearchSyntaxError) throw badRequest(error.message);
    throw error;
  }
}

/** X-Next-Cursor of a sorted search: the last card's sort key and id, as base64url JSON. */
export function encodeCursor(cursor: SearchCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(text: string, sort: SearchSort['key']): SearchCursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(SEARCH_MESSAGES.cursorInvalid);
  }
  const keyType = sort === 'due' ? 'string' : 'number';
  if (
    !Array.isArray(value) ||
    value.length !== 2 ||
    typeof value[0] !== keyType ||
    (typeof value[0] === 'number' && !Number.isFinite(value[0])) ||
    (typeof value[0] === 'string' && value[0].length > 100) ||
    !Number.isInteger(value[1])
  ) {
    throw badRequest(SEARCH_MESSAGES.cursorInvalid);
  }
  return value as SearchCursor;
}

/**
 * The order and page a search asks for. Newest first (created, desc) pages on `before`, a card
 * id, as before the browser had sorts; every other order on `cursor`.
 */
export function parseSort(query: CardSearchQuery): [SearchSort, SearchPage] {
  const key = query.sort ?? 'created';
  const order = query.order ?? (key === 'created' ? 'desc' : 'asc');
  if (query.cursor !== undefined && query.before !== undefined) throw badRequest(SEARCH_MESSAGES.cursorWithBefore);
  let after: SearchCursor | undefined;
  if (query.cursor !== undefined) after = decodeCursor(query.cursor, key);
  else if (query.before !== undefined) {
    if (key !== 'created' || order !== 'desc') throw badRequest(SEARCH_MESSAGES.cursorInvalid);
    after = [query.before, query.before];
  }
  return [
    { key, order },
    { limit: query.limit, ...(after ? { after } : {}) },
  ];
}

/** Whether a page's next cursor is a plain card id (`before`), as newest-first pages have always had. */
export const pagesById = (sort: SearchSort) => sort.key === 'created' && sort.order === 'desc';
