// The card browser's search language, after Anki's: words and "phrases" (contained in the
// question, answer or tags), tag:x (x and its children x::y, * a wildcard), set:"name",
// is:new|learn|review|due|suspended|buried|leech, prop:ivl|due|lapses|reps|r with a comparison,
// `-` before a term negates it, `or` (any case) between terms, implicit AND, parentheses.
// AND binds tighter than OR, as in Anki (`a b or c` is `(a b) or c`).
//
// A tokenizer and a recursive-descent parser make an AST; any mistake is a SearchSyntaxError
// naming the 1-based position of the character at fault, which the API answers as a 400. Pure,
// in the contract so the server and a browser read a query alike: the API compiles the AST to
// SQL (its search-sql.ts), My Cards offline evaluates it over the cards it kept.

import { plainText } from './notes';

/** Between the search text's fields, so that a query does not match across two of them. */
export const SEARCH_TEXT_SEPARATOR = '\u001f';

export interface SearchableCard {
  question: string;
  answer: string;
  tags?: string | null;
}

/**
 * What free text and phrases match: the card's words (plainText: not its markup) in question and
 * answer, and its tags, lower-cased in JavaScript (so every alphabet folds alike, on the server's
 * stored `search_text` and over a list kept in a browser).
 */
export function cardSearchText(card: SearchableCard): string {
  return [plainText(card.question), plainText(card.answer), card.tags ?? ''].join(SEARCH_TEXT_SEPARATOR).toLowerCase();
}

/** Longest query accepted, and deepest nesting of parentheses and negations. */
export const MAX_QUERY_LENGTH = 1_000;
export const MAX_QUERY_DEPTH = 10;
/** Most terms in one query: each is a condition the database evaluates per card. */
export const MAX_QUERY_TERMS = 50;

export const IS_VALUES = ['new', 'learn', 'review', 'due', 'suspended', 'buried', 'leech'] as const;
export type IsValue = (typeof IS_VALUES)[number];

export const PROPERTIES = ['ivl', 'due', 'lapses', 'reps', 'r'] as const;
export type Property = (typeof PROPERTIES)[number];
export type Comparison = '<' | '<=' | '=' | '!=' | '>' | '>=';

export type SearchNode =
  | { type: 'text'; text: string }
  | { type: 'tag'; tag: string }
  | { type: 'set'; name: string }
  | { type: 'is'; value: IsValue }
  | { type: 'prop'; property: Property; op: Comparison; value: number }
  | { type: 'not'; node: SearchNode }
  | { type: 'and'; nodes: SearchNode[] }
  | { type: 'or'; nodes: SearchNode[] };

export class SearchSyntaxError extends Error {
  constructor(
    message: string,
    /** 1-based character position the message is about. */
    readonly position: number,
  ) {
    super(`${message} at position ${position}`);
  }
}

type Token =
  | { kind: '('; at: number }
  | { kind: ')'; at: number }
  | { kind: '-'; at: number }
  | { kind: 'or'; at: number }
  /** A word or a quoted phrase; `quoted` when it was (partly) in quotes, so `"or"` is text. */
  | { kind: 'term'; at: number; text: string; quoted: boolean };

const SPACE = /\s/;

/**
 * Splits the query into tokens. A term runs to the next space or parenthesis outside quotes;
 * quotes may wrap a whole term ("a b") or the value after a prefix (set:"My set"). `\"` is a
 * literal quote. 0-based `at` internally; errors report it 1-based.
 */
export function tokenize(query: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < query.length) {
    const char = query[i]!;
    if (SPACE.test(char)) {
      i++;
    } else if (char === '(' || char === ')') {
      tokens.push({ kind: char, at: i++ });
    } else if (char === '-' && i + 1 < query.length && !SPACE.test(query[i + 1]!) && query[i + 1] !== ')') {
      tokens.push({ kind: '-', at: i++ });
    } else {
      const at = i;
      let text = '';
      let quoted = false;
      while (i < query.length) {
        const c = query[i]!;
        if (c === '\\' && query[i + 1] === '"') {
          text += '"';
          i += 2;
        } else if (c === '"') {
          quoted = true;
          const close = findClosingQuote(query, i + 1);
          if (close < 0) throw new SearchSyntaxError('Unclosed quote "', i + 1);
          text += query.slice(i + 1, close).replace(/\\"/g, '"');
          i = close + 1;
        } else if (SPACE.test(c) || c === '(' || c === ')') {
          break;
        } else {
          text += c;
          i++;
        }
      }
      if (!quoted && text.toLowerCase() === 'or') tokens.push({ kind: 'or', at });
      else tokens.push({ kind: 'term', at, text, quoted });
    }
  }
  return tokens;
}

function findClosingQuote(query: string, from: number): number {
  for (let i = from; i < query.length; i++) {
    if (query[i] === '\\' && query[i + 1] === '"') i++;
    else if (query[i] === '"') return i;
  }
  return -1;
}

/** Parses a query into its AST; throws SearchSyntaxError with the position at fault. */
export function parseSearchQuery(query: string): SearchNode {
  if (query.length > MAX_QUERY_LENGTH) {
    throw new SearchSyntaxError(`Search query is longer than ${MAX_QUERY_LENGTH} characters`, MAX_QUERY_LENGTH + 1);
  }
  const tokens = tokenize(query);
  if (tokens.length === 0) throw new SearchSyntaxError('Search query is empty', 1);
  const terms = tokens.filter((token) => token.kind === 'term').length;
  if (terms > MAX_QUERY_TERMS) {
    const extra = tokens.filter((token) => token.kind === 'term')[MAX_QUERY_TERMS]!;
    throw new SearchSyntaxError(`Too many search terms (at most ${MAX_QUERY_TERMS})`, extra.at + 1);
  }
  const parser = new Parser(tokens, query.length);
  const node = parser.orExpression(0);
  parser.expectEnd();
  return node;
}

class Parser {
  private index = 0;

  constructor(
    private readonly tokens: Token[],
    private readonly length: number,
  ) {}

  private peek(): Token | undefined {
    return this.tokens[this.index];
  }

  private fail(message: string, token: Token | undefined): never {
    throw new SearchSyntaxError(message, (token?.at ?? this.length) + 1);
  }

  expectEnd(): void {
    const token = this.peek();
    if (token) this.fail(`Unexpected ${describe(token)}`, token);
  }

  /** or := and ('or' and)* */
  orExpression(depth: number): SearchNode {
    const nodes = [this.andExpression(depth)];
    while (this.peek()?.kind === 'or') {
      this.index++;
      const next = this.peek();
      if (!next || next.kind === ')' || next.kind === 'or') this.fail('Expected a search term after "or"', next);
      nodes.push(this.andExpression(depth));
    }
    return nodes.length === 1 ? nodes[0]! : { type: 'or', nodes };
  }

  /** and := unary+ (until 'or', ')' or the end) */
  private andExpression(depth: number): SearchNode {
    const nodes: SearchNode[] = [];
    for (let token = this.peek(); token && token.kind !== 'or' && token.kind !== ')'; token = this.peek()) {
      nodes.push(this.unary(depth));
    }
    if (nodes.length === 0) {
      const token = this.peek();
      this.fail(token ? `Unexpected ${describe(token)}` : 'Expected a search term', token);
    }
    return nodes.length === 1 ? nodes[0]! : { type: 'and', nodes };
  }

  /** unary := '-' unary | '(' or ')' | term */
  private unary(depth: number): SearchNode {
    const token = this.tokens[this.index]!;
    if (depth > MAX_QUERY_DEPTH) this.fail(`Search query is nested too deeply (at most ${MAX_QUERY_DEPTH})`, token);
    if (token.kind === '-') {
      this.index++;
      const next = this.peek();
      if (!next || next.kind === ')' || next.kind === 'or') this.fail('Expected a search term after "-"', next);
      return { type: 'not', node: this.unary(depth + 1) };
    }
    if (token.kind === '(') {
      this.index++;
      const next = this.peek();
      if (next?.kind === ')') this.fail('Empty parentheses', next);
      if (!next) this.fail('Unclosed "("', token);
      const node = this.orExpression(depth + 1);
      if (this.peek()?.kind !== ')') this.fail('Unclosed "("', token);
      this.index++;
      return node;
    }
    if (token.kind === 'term') {
      this.index++;
      return parseTerm(token);
    }
    return this.fail(`Unexpected ${describe(token)}`, token);
  }
}

function describe(token: Token): string {
  if (token.kind === 'term') return `"${token.text}"`;
  return `"${token.kind}"`;
}

const PROP_PATTERN = /^([a-z]+)(<=|>=|!=|<|>|=)(-?\d+(?:\.\d+)?)$/i;

/** A term: prefix:value for the known prefixes, free text otherwise (so "10:30" is text). */
function parseTerm(token: Extract<Token, { kind: 'term' }>): SearchNode {
  const colon = token.text.indexOf(':');
  const prefix = colon > 0 ? token.text.slice(0, colon).toLowerCase() : '';
  const value = token.text.slice(colon + 1);
  const valueAt = token.at + colon + 2;
  const fail = (message: string, at = valueAt): never => {
    throw new SearchSyntaxError(message, at);
  };
  switch (prefix) {
    case 'tag':
      if (!value.trim()) fail('Expected a tag after "tag:"');
      if (value.includes(',')) fail('A tag cannot contain ","', valueAt + value.indexOf(','));
      return { type: 'tag', tag: value.trim() };
    case 'set':
    case 'deck':
      if (!value.trim()) fail(`Expected a set name after "${prefix}:"`);
      return { type: 'set', name: value.trim() };
    case 'is': {
      const is = value.toLowerCase();
      if (!(IS_VALUES as readonly string[]).includes(is)) {
        fail(`Unknown "is:${value}": use ${IS_VALUES.map((v) => `is:${v}`).join(', ')}`);
      }
      return { type: 'is', value: is as IsValue };
    }
    case 'prop': {
      const match = PROP_PATTERN.exec(value);
      if (!match) fail('Expected a property comparison like prop:ivl>=10');
      const property = match![1]!.toLowerCase();
      if (!(PROPERTIES as readonly string[]).includes(property)) {
        fail(`Unknown property "${match![1]}": use ${PROPERTIES.join(', ')}`);
      }
      const number = Number(match![3]);
      if (property === 'r' && (number < 0 || number > 1)) {
        fail('prop:r compares with a number between 0 and 1', valueAt + match![1]!.length + match![2]!.length);
      }
      if (property !== 'r' && !Number.isInteger(number)) {
        fail(`prop:${property} compares with a whole number`, valueAt + match![1]!.length + match![2]!.length);
      }
      return { type: 'prop', property: property as Property, op: match![2] as Comparison, value: number };
    }
    default:
      if (!token.text) fail('Empty quotes', token.at + 1);
      return { type: 'text', text: token.text };
  }
}

/** The words of a query with nothing but free text (implicit AND), else null. */
export function plainWords(node: SearchNode): string[] | null {
  if (node.type === 'text') return [node.text];
  if (node.type === 'and' && node.nodes.every((child) => child.type === 'text')) {
    return node.nodes.map((child) => (child as { text: string }).text);
  }
  return null;
}
