// How the learner answers, from their review logs (counts and times per state before the answer
// and rating), as the simulator's AnswerModel. Too few answers of a kind to say: Anki's defaults.
import { DEFAULT_ANSWERS, type AnswerModel } from './simulator';
import type { AnswerRow } from './repository';

/** Fewer ratings than this of new (or of recalled review) cards: the default rating shares. */
export const MIN_RATINGS = 50;
/** Fewer timed answers than this of one rating: that rating's default time. */
export const MIN_TIMED = 10;

const STATE_NEW = 0;
const STATE_LEARNING = 1;
const STATE_REVIEW = 2;
const STATE_RELEARNING = 3;

export function answerModel(rows: readonly AnswerRow[]): AnswerModel {
  const of = (state: number, rating: number) =>
    rows.find((row) => row.state === state && row.rating === rating) ?? { count: 0, timed: 0, ms: 0 };
  const total = (state: number) =>
    rows
      .filter((row) => row.state === state)
      .reduce((sum, row) => ({ count: sum.count + row.count, ms: sum.ms + row.ms }), {
        count: 0,
        ms: 0,
      });

  const shares = <T extends number[]>(state: number, ratings: number[], fallback: T): T => {
    const counts = ratings.map((rating) => of(state, rating).count);
    const sum = counts.reduce((a, b) => a + b, 0);
    return (sum >= MIN_RATINGS ? counts.map((count) => count / sum) : [...fallback]) as T;
  };
  const seconds = (state: number, rating: number, fallback: number, extraMs: number) => {
    const row = of(state, rating);
    return row.timed >= MIN_TIMED ? (row.ms / row.timed + extraMs) / 1000 : fallback;
  };

  const firsts = total(STATE_NEW).count;
  // The learning steps' time per new card, and the relearning steps' per lapse, join the answer that led to them.
  const stepsPerNewCard = firsts > 0 ? total(STATE_LEARNING).ms / firsts : 0;
  const lapses = of(STATE_REVIEW, 1).count;
  const relearningPerLapse = lapses > 0 ? total(STATE_RELEARNING).ms / lapses : 0;

  return {
    firstRating: shares(STATE_NEW, [1, 2, 3, 4], DEFAULT_ANSWERS.firstRating),
    recallRating: shares(STATE_REVIEW, [2, 3, 4], DEFAULT_ANSWERS.recallRating),
    learnSeconds: [1, 2, 3, 4].map((rating) =>
      seconds(STATE_NEW, rating, DEFAULT_ANSWERS.learnSeconds[rating - 1]!, stepsPerNewCard),
    ) as AnswerModel['learnSeconds'],
    reviewSeconds: [1, 2, 3, 4].map((rating) =>
      seconds(STATE_REVIEW, rating, DEFAULT_ANSWERS.reviewSeconds[rating - 1]!, rating === 1 ? relearningPerLapse : 0),
    ) as AnswerModel['reviewSeconds'],
  };
}
