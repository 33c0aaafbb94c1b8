// The card browser's search over the list kept in this browser, for My Cards offline: the query
// is read by the contract's parser, the same the API reads it with (so a mistake is the same
// "... at position N"), and its AST is evaluated here over each kept card as the API's SQL
// compiles it (search-sql.ts): free text and phrases in question, answer and tags (`*` matching
// anything), tag: (the tag or a child, `*` a wildcard), set: (the whole name), is:, and
// prop:ivl/due/lapses/reps. prop:r needs a card's memory state, which the list does not keep: a
// query with it is answered by the server only. prop:due counts this browser's days (the server
// counts the account's time zone's: the same for almost every learner).
import {
  cardSearchText,
  LEARN_AHEAD_MS,
  parseSearchQuery,
  SearchSyntaxError,
  type Card,
  type Comparison,
  type SearchNode,
} from '@flashcard/api-contract';

export type OfflineSearch =
  /** Which kept cards match (every card for an empty query). */
  | { kind: 'matcher'; matches: (card: Card) => boolean }
  /** The parser's message, as the server words it: '... at position N'. */
  | { kind: 'invalid'; message: string }
  /** A term only the server can evaluate. */
  | { kind: 'online-only'; term: string };

const MS_PER_DAY = 86_400_000;

/** `text` (a query value, `*` matching anything) as a regular expression's source. */
function wildcard(text: string): string {
  return text
    .toLowerCase()
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
}

/** The card's tags as `,a,b::c,`, spaces beside commas dropped, as the API compares them. */
function tagList(card: Card): string {
  return `,${(card.tags ?? '').toLowerCase().replace(/, /g, ',').replace(/ ,/g, ',')},`;
}

function compare(left: number, op: Comparison, right: number): boolean {
  switch (op) {
    case '<':
      return left < right;
    case '<=':
      return left <= right;
    case '=':
      return left === right;
    case '!=':
      return left !== right;
    case '>':
      return left > right;
    case '>=':
      return left >= right;
  }
}

/** Days since 1970-01-01 of the calendar date `at` falls on in this browser's time zone. */
function localDay(at: Date): number {
  return Math.round(Date.UTC(at.getFullYear(), at.getMonth(), at.getDate()) / MS_PER_DAY);
}

const learning = (card: Card) => card.state === 'learning' || card.state === 'relearning';

function isMatch(value: Extract<SearchNode, { type: 'is' }>['value'], card: Card, now: Date): boolean {
  const due = card.due === null ? null : Date.parse(card.due);
  switch (value) {
    case 'new':
      return card.state === 'new';
    case 'learn':
      return learning(card);
    case 'review':
      // As Anki: relearning cards are review cards too.
      return card.state === 'review' || card.state === 'relearning';
    case 'due':
      if (due === null) return false;
      return card.state === 'review' ? due <= now.getTime() : learning(card) && due <= now.getTime() + LEARN_AHEAD_MS;
    case 'suspended':
      return card.suspended;
    case 'buried':
      return card.buried_until !== null && Date.parse(card.buried_until) > now.getTime();
    case 'leech':
      return tagList(card).includes(',leech,');
  }
}

function propMatch(node: Extract<SearchNode, { type: 'prop' }>, card: Card, now: Date): boolean {
  switch (node.property) {
    case 'ivl':
      // A list kept by an older server has no interval: nothing to compare.
      return card.state !== 'new' && card.interval !== undefined && compare(card.interval, node.op, node.value);
    case 'lapses':
      return compare(card.lapses, node.op, node.value);
    case 'reps':
      return compare(card.repetitions, node.op, node.value);
    case 'due':
      return (
        card.state !== 'new' &&
        card.due !== null &&
        compare(localDay(new Date(card.due)), node.op, localDay(now) + node.value)
      );
    case 'r':
      return false; // refused before any card is evaluated (onlineOnly)
  }
}

type Matcher = (card: Card) => boolean;

/** `node` (the AST of a query) as a test of one card at `now`; each pattern compiled once. */
export function compileNode(node: SearchNode, now: Date): Matcher {
  switch (node.type) {
    case 'text': {
      const pattern = new RegExp(wildcard(node.text), 's');
      return (card) => pattern.test(cardSearchText(card));
    }
    case 'tag': {
      const pattern = new RegExp(`,${wildcard(node.tag)}(,|::)`, 's');
      return (card) => pattern.test(tagList(card));
    }
    case 'set': {
      const pattern = new RegExp(`^${wildcard(node.name.normalize('NFC'))}$`, 's');
      return (card) => card.category_name !== null && pattern.test(card.category_name.normalize('NFC').toLowerCase());
    }
    case 'is':
      return (card) => isMatch(node.value, card, now);
    case 'prop':
      return (card) => propMatch(node, card, now);
    case 'not': {
      const inner = compileNode(node.node, now);
      return (card) => !inner(card);
    }
    case 'and': {
      const children = node.nodes.map((child) => compileNode(child, now));
      return (card) => children.every((child) => child(card));
    }
    case 'or': {
      const children = node.nodes.map((child) => compileNode(child, now));
      return (card) => children.some((child) => child(card));
    }
  }
}

/** The first term of `node` only the server evaluates, or null. */
function onlineOnly(node: SearchNode): string | null {
  switch (node.type) {
    case 'prop':
      return node.property === 'r' ? 'prop:r' : null;
    case 'not':
      return onlineOnly(node.node);
    case 'and':
    case 'or':
      for (const child of node.nodes) {
        const term = onlineOnly(child);
        if (term) return term;
      }
      return null;
    default:
      return null;
  }
}

/** The search `query` over kept cards: a matcher, or why it cannot be one. */
export function offlineSearch(query: string, now: Date = new Date()): OfflineSearch {
  if (!query.trim()) return { kind: 'matcher', matches: () => true };
  let node: SearchNode;
  try {
    node = parseSearchQuery(query);
  } catch (error) {
    if (error instanceof SearchSyntaxError) return { kind: 'invalid', message: error.message };
    throw error;
  }
  const term = onlineOnly(node);
  if (term) return { kind: 'online-only', term };
  return { kind: 'matcher', matches: compileNode(node, now) };
}
