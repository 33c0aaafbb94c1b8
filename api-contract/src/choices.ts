// Multiple-choice questions from a learner's cards, for the API and for a browser practising
// offline: each card's answer among answers of other cards of the same scope (one per distinct
// wording, so no two choices read alike), shuffled. Wrong answers come first from the card's own
// set, then from cards sharing a tag, then from any other card: on "All cards" a question about
// capitals is not answered from a set of verbs.
import { cardAnswer, plainText, type CardText } from './notes';

/** What a card of the pool may say of where it belongs: its set and its tags ("a, b"). */
export interface ChoiceCard extends CardText {
  category_id?: number | null;
  tags?: string | null;
}

/** A card's tags, lower-cased, as the tag filter reads them (comma-separated). */
function tagsOf(card: ChoiceCard): string[] {
  return (card.tags ?? '')
    .split(',')
    .map((tag) => tag.trim().toLowerCase())
    .filter(Boolean);
}

/** 0: same set; 1: a tag in common; 2: unrelated. */
function kinship(card: ChoiceCard, cardTags: readonly string[], other: ChoiceCard): number {
  if (card.category_id != null && card.category_id === other.category_id) return 0;
  return tagsOf(other).some((tag) => cardTags.includes(tag)) ? 1 : 2;
}

export interface ChoiceQuestion<C> {
  card: C;
  /** The card's answer and up to `choiceCount - 1` others (Markdown), shuffled. */
  choices: string[];
  /** Index of the card's own answer in `choices`. */
  correct: number;
}

/** Fisher-Yates, in place. */
function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/**
 * A question per card of `cards`, its wrong choices drawn from the answers of `pool`; null when
 * the pool has fewer than two distinct answers (nothing to choose between).
 */
export function choiceQuestions<C extends ChoiceCard>(
  cards: readonly C[],
  pool: readonly ChoiceCard[],
  choiceCount: number,
  random: () => number = Math.random,
): ChoiceQuestion<C>[] | null {
  // Each wording once, with every pool card that has it (its kinship is its closest card's).
  const answers = new Map<string, { text: string; cards: ChoiceCard[] }>();
  for (const card of pool) {
    const answer = cardAnswer(card);
    const key = plainText(answer).toLowerCase();
    if (!key) continue;
    const known = answers.get(key);
    if (known) known.cards.push(card);
    else answers.set(key, { text: answer, cards: [card] });
  }
  if (answers.size < 2) return null;
  return cards.map((card) => {
    const answer = cardAnswer(card);
    const key = plainText(answer).toLowerCase();
    const cardTags = tagsOf(card);
    const ranked: string[][] = [[], [], []];
    for (const [other, { text, cards: holders }] of answers) {
      if (other === key) continue;
      ranked[Math.min(...holders.map((holder) => kinship(card, cardTags, holder)))]!.push(text);
    }
    const others = ranked.flatMap((group) => shuffle(group, random));
    const choices = shuffle([answer, ...others.slice(0, choiceCount - 1)], random);
    return { card, choices, correct: choices.indexOf(answer) };
  });
}
