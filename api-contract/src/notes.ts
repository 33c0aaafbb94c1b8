// What a note is and how its cards show it, shared by the API (search text, multiple-choice
// answers, cards to create) and the screens (the faces they render). Pure: no HTTP, no DOM.
//
// A note is one piece of text that makes one or more cards:
// - basic: one card, question -> answer;
// - reversed: two cards, question -> answer (ord 0) and answer -> question (ord 1);
// - cloze: one card per cloze number in the question (`{{c1::answer}}`, `{{c2::answer::hint}}`);
//   card N hides cloze N and shows the others; the answer field is the "extra" shown on the back;
// - occlusion: an image with masks, one card per mask number (Anki's Image Occlusion; occlusion.ts);
// - typed: one card, question -> answer, which the learner types before it is revealed (Anki's
//   "Basic (type in the answer)"); `typedAnswer` is what the typing is compared with.
// The text is Markdown (GitHub flavour) with $math$; faces are Markdown too, rendered (and
// sanitised) by the screens.
import { OCCLUSION_CLOZE, occlusionFaces, occlusionOrds } from './occlusion';

export const NOTE_KINDS = ['basic', 'reversed', 'cloze', 'occlusion', 'typed'] as const;
export type NoteKind = (typeof NOTE_KINDS)[number];

export function isNoteKind(value: unknown): value is NoteKind {
  return typeof value === 'string' && (NOTE_KINDS as readonly string[]).includes(value);
}

// {{c<number>::<text>}} or {{c<number>::<text>::<hint>}}; text and hint stop at the first '}}'.
const CLOZE = /\{\{c(\d{1,3})::([\s\S]*?)(?:::([\s\S]*?))?\}\}/g;

/** The cloze numbers a text uses, ascending, each once. */
export function clozeNumbers(text: string): number[] {
  const numbers = new Set<number>();
  for (const match of text.matchAll(CLOZE)) {
    const number = Number(match[1]);
    if (number > 0) numbers.add(number);
  }
  return [...numbers].sort((a, b) => a - b);
}

/** The `ord` of every card a note makes; empty for a cloze note without clozes. */
export function noteOrds(kind: NoteKind, question: string): number[] {
  if (kind === 'reversed') return [0, 1];
  if (kind === 'cloze') return clozeNumbers(question);
  if (kind === 'occlusion') return occlusionOrds(question);
  return [0];
}

export interface CardText {
  kind: NoteKind;
  ord: number;
  question: string;
  answer: string;
}

export interface CardFaces {
  /** What the card asks (Markdown). */
  front: string;
  /** What it shows once revealed (Markdown). */
  back: string;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The text with cloze `ord` hidden ('[...]' or '[hint]') or revealed, every other cloze shown. */
function clozeText(text: string, ord: number, reveal: boolean): string {
  return text.replace(CLOZE, (_match, number: string, answer: string, hint: string | undefined) => {
    if (Number(number) !== ord) return answer;
    if (reveal) return `<span class="cloze cloze-revealed">${answer}</span>`;
    return `<span class="cloze">[${hint ? escapeHtml(hint) : '...'}]</span>`;
  });
}

/** The front and back one card of a note shows. */
export function cardFaces(card: CardText): CardFaces {
  if (card.kind === 'reversed' && card.ord === 1) return { front: card.answer, back: card.question };
  if (card.kind === 'cloze') {
    const back = clozeText(card.question, card.ord, true);
    const extra = card.answer.trim();
    return { front: clozeText(card.question, card.ord, false), back: extra ? `${back}\n\n${extra}` : back };
  }
  if (card.kind === 'occlusion') return occlusionFaces(card.question, card.answer, card.ord);
  return { front: card.question, back: card.answer };
}

/**
 * What recalling the card means, in short (Markdown): the answer of a basic card, the question
 * of a reversed card's back side, the hidden text of a cloze card. Multiple choice offers these.
 */
export function cardAnswer(card: CardText): string {
  if (card.kind === 'reversed' && card.ord === 1) return card.question;
  if (card.kind === 'cloze') {
    const hidden = [...card.question.matchAll(CLOZE)]
      .filter((match) => Number(match[1]) === card.ord)
      .map((match) => match[2]!);
    return hidden.join(', ');
  }
  return card.answer;
}

/**
 * The words of a Markdown/HTML text without its markup: what search matches and what is read
 * aloud. Cloze syntax keeps its answer, HTML tags and Markdown marks go, entities are decoded.
 */
export function plainText(source: string): string {
  return (
    source
      // An image occlusion's masks are geometry, not words.
      .replace(OCCLUSION_CLOZE, ' ')
      .replace(CLOZE, (_match, _number, answer: string) => answer)
      // Anki's sound references are not words.
      .replace(/\[sound:[^\]]*\]/g, ' ')
      .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
      .replace(/<br\s*\/?>|<\/(p|div|li|tr|h[1-6])>/gi, '\n')
      .replace(/<[^>]*>/g, '')
      // Images keep their alt text, links their text.
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      // Emphasis and code marks, in pairs only: snake_case and 2*3*4 keep theirs.
      .replace(/(\*\*|__|~~)(?=\S)([\s\S]*?\S)\1/g, '$2')
      .replace(/(?<![\w*])\*(?=\S)([^*\n]*?\S)\*(?![\w*])/g, '$1')
      .replace(/(?<![\w_])_(?=\S)([^_\n]*?\S)_(?![\w_])/g, '$1')
      .replace(/`([^`\n]*)`/g, '$1')
      // Headings, quotes, list marks and table pipes.
      .replace(/^\s{0,3}(#{1,6}|>|[-+*]|\d+\.)\s+/gm, '')
      .replace(/\|/g, ' ')
      .replace(/&nbsp;/g, ' ')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&')
      .replace(/[ \t]+/g, ' ')
      .replace(/\s*\n\s*/g, '\n')
      .trim()
  );
}

/**
 * What a typed card's typing is compared with, as Anki compares it: the answer's words without
 * markup (`plainText`), trimmed, case kept; null for a card of any other kind.
 */
export function typedAnswer(card: Pick<CardText, 'kind' | 'answer'>): string | null {
  return card.kind === 'typed' ? plainText(card.answer) : null;
}
