// The card browser: search in Anki's syntax with a sort (GET /cards/search's `q`, `sort`, `order`,
// `cursor`; the query's other fields are cards.ts's), and actions on many cards at once
// (POST /cards/bulk). The grammar and its errors are the contract's (card-search.ts):
// a query it cannot read is a 400 whose message ends with "at position N" (1-based).
import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../endpoint';
import { errorResponses, Nullable } from './common';

/** What a search may be sorted by: created (newest first by default), due, interval, difficulty (FSRS), lapses. */
export const CARD_SORTS = ['created', 'due', 'interval', 'difficulty', 'lapses'] as const;
export type CardSort = (typeof CARD_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** Added to CardSearchQuery (cards.ts). */
export const CardSortFields = {
  /** Absent: created. */
  sort: Type.Optional(
    Type.Union(
      CARD_SORTS.map((sort) => Type.Literal(sort)),
      { errorMessage: `sort must be one of ${CARD_SORTS.join(', ')}` },
    ),
  ),
  /** Absent: desc for created, asc for the others. */
  order: Type.Optional(
    Type.Union(
      SORT_ORDERS.map((order) => Type.Literal(order)),
      { errorMessage: 'order must be asc or desc' },
    ),
  ),
  /**
   * A sorted search's next page: the previous page's X-Next-Cursor (opaque text). Newest-first
   * pages keep the numeric `before` (their X-Next-Cursor is a card id).
   */
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
};

/** Most cards one bulk action takes. */
export const MAX_BULK_CARDS = 1_000;

export const BULK_ACTIONS = ['tag', 'untag', 'suspend', 'unsuspend', 'delete', 'reset', 'move'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/**
 * POST /cards/bulk. All or nothing, in one transaction: an id that is not one of the learner's
 * cards is a 404 and nothing changes. tag/untag need `tags` (a note's cards share their tags, so
 * the whole note is tagged); move needs `setId` (null: out of any set); delete deletes each
 * card's whole note, as DELETE /cards/:id does; reset makes the cards new again (history kept).
 */
export const BulkBody = Type.Object({
  // The 1-MAX_BULK_CARDS and uniqueness rules are the service's, with readable messages.
  ids: Type.Array(Type.Integer(), { maxItems: 10_000 }),
  action: Type.String({ maxLength: 20 }),
  tags: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 50 })),
  setId: Type.Optional(Nullable(Type.Integer())),
});

export const BulkResult = Type.Object({
  action: Type.String(),
  /** Cards changed (for delete: cards deleted, every card of the notes included). */
  changed: Type.Integer(),
  /** delete: the ids of every card deleted (the notes' other cards too), for a screen to drop their tiles. */
  deletedIds: Type.Array(Type.Integer()),
});

export const cardBrowserEndpoints = {
  bulk: endpoint('POST', '/cards/bulk', {
    body: BulkBody,
    response: { 200: BulkResult, ...errorResponses(400, 401, 404) },
  }),
};

export type BulkInput = Static<typeof BulkBody>;
export type BulkResult = Static<typeof BulkResult>;
