// What card search matches against: question, answer and tags in one lower-cased string,
// stored in cards.search_text by every write of those fields. Lower-casing happens here, in
// JavaScript, for the stored text and for the query alike: SQLite's lower() and LIKE only fold
// ASCII, and PostgreSQL's depend on the server's locale. Cards are Markdown/HTML with clozes:
// search matches their words (plainText), not the markup.
// The text itself is the contract's cardSearchText, which My Cards offline matches alike.
import { cardSearchText, type SearchableCard } from '@flashcard/api-contract/schemas';

export { cardSearchText, type SearchableCard };

/** `card` with its search text, as every insert stores it. */
export function withSearchText<T extends SearchableCard>(card: T): T & { search_text: string } {
  return { ...card, search_text: cardSearchText(card) };
}

/** The text searched for, folded the same way. */
export function searchKey(text: string): string {
  return text.toLowerCase();
}
