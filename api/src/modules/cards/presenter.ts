// Card rows -> the JSON the cards and study screens read.
import type { Card, CardEditResult, EditKept } from '@flashcard/api-contract/schemas';
import { CARD_STATES, type CardStateName } from '../../db/schema';
import type { CardPage, CardWithSet } from './repository';
import { encodeCursor } from './search';

export function presentCard(card: CardWithSet): Card {
  return {
    id: card.id,
    note_guid: card.note_guid,
    kind: card.kind,
    ord: card.ord,
    question: card.question,
    answer: card.answer,
    difficulty_level: card.difficulty_level,
    tags: card.tags,
    college: card.college,
    class_name: card.class_name,
    category_id: card.category_id,
    category_name: card.category_name,
    // The screens read the set name under both names.
    category: card.category_name,
    language: card.language,
    // SQLite returns 1/0.
    known: Boolean(card.known),
    repetitions: card.repetitions,
    lapses: card.lapses,
    state: (CARD_STATES[card.state] ?? 'new') as CardStateName,
    due: card.due,
    interval: card.scheduled_days,
    suspended: Boolean(card.suspended),
    buried_until: card.buried_until,
    created_at: card.created_at,
    updated_at: card.updated_at,
  };
}

export const presentCards = (cards: CardWithSet[]) => cards.map(presentCard);

/** An edit's answer: the card as the server holds it, and whether that is the edit or a later change. */
export function presentEdit({ card, kept }: { card: CardWithSet; kept: EditKept }): CardEditResult {
  return { ...presentCard(card), kept };
}

/**
 * A page of the list or of search results travels in headers, so that GET /cards stays a plain
 * array as the screens read it: the number of matching cards, and the cursor (the `before`
 * value) of the next page when there is one.
 */
export const TOTAL_HEADER = 'x-total-count';
export const CURSOR_HEADER = 'x-next-cursor';

export function pageHeaders(page: CardPage): Record<string, string> {
  const last = page.cards.at(-1);
  return {
    [TOTAL_HEADER]: String(page.total),
    // A sorted search's position is opaque text (modules/cards/search.ts); a list's is an id.
    ...(page.hasMore && last ? { [CURSOR_HEADER]: page.after ? encodeCursor(page.after) : String(last.id) } : {}),
  };
}
