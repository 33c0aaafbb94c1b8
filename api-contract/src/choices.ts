// Multiple-choice questions from a learner's cards, for the API and for a browser practising
// offline: each card's answer among answers of other cards of the same scope (one per distinct
// wording, so no two choices read alike), shuffled.
import { cardAnswer, plainText, type CardText } from './notes';

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
export function choiceQuestions<C extends CardText>(
  cards: readonly C[],
  pool: readonly CardText[],
  choiceCount: number,
  random: () => number = Math.random,
): ChoiceQuestion<C>[] | null {
  const answers = new Map<string, string>();
  for (const card of pool) {
    const answer = cardAnswer(card);
    const key = plainText(answer).toLowerCase();
    if (key && !answers.has(key)) answers.set(key, answer);
  }
  if (answers.size < 2) return null;
  return cards.map((card) => {
    const answer = cardAnswer(card);
    const key = plainText(answer).toLowerCase();
    const others = shuffle(
      [...answers].filter(([other]) => other !== key).map(([, text]) => text),
      random,
    );
    const choices = shuffle([answer, ...others.slice(0, choiceCount - 1)], random);
    return { card, choices, correct: choices.indexOf(answer) };
  });
}
