// The workload simulator, after Anki's FSRS simulator (fsrs-rs `simulate`): each card is followed
// day by day with FSRS-6's memory model. On a due day it is recalled with probability R (its
// retrievability then), rated Hard/Good/Easy as the learner rates recalled cards, else Again;
// its stability and difficulty move by FSRS-6's formulas and its next interval is the one that
// lets R fall to the desired retention. New cards come at the learner's daily limit while any are
// left, first rated as the learner rates new cards. Each answer costs the learner's own average
// time for that kind of answer. There is no review limit, so cards are independent and each is
// simulated to the end in one go. Randomness is a seeded generator restarted for every retention
// (common random numbers): the same input gives the same answer, and two retentions differ only by
// the retention, which keeps the curve smooth.
//
// The formulas are ts-fsrs's own (FSRSAlgorithm: forgetting_curve, next_recall_stability,
// next_forget_stability, next_difficulty, calculate_interval_modifier), written out over plain
// numbers because the scheduler's objects and dates would be ~100x slower for millions of
// simulated reviews; `simulator.test.ts` checks them against the contract's Scheduler.
// Pure: runs in a worker thread (lib/module-worker) as well as here.
import { default_w } from 'ts-fsrs';
import { seededRandom } from '../../lib/random';

/** How the learner answers and how long it takes them (seconds). */
export interface AnswerModel {
  /** First rating of a new card: Again, Hard, Good, Easy (sums to 1). */
  firstRating: [number, number, number, number];
  /** Rating of a recalled review: Hard, Good, Easy (sums to 1). */
  recallRating: [number, number, number];
  /** A new card's first day by first rating (its learning steps included). */
  learnSeconds: [number, number, number, number];
  /** A review by rating; Again includes the relearning steps. */
  reviewSeconds: [number, number, number, number];
}

/** What Anki's simulator assumes without a learner's history (fsrs-rs SimulatorConfig::default). */
export const DEFAULT_ANSWERS: AnswerModel = {
  firstRating: [0.24, 0.094, 0.495, 0.171],
  recallRating: [0.224, 0.632, 0.144],
  learnSeconds: [33.79, 24.3, 13.68, 6.5],
  reviewSeconds: [23.0, 11.68, 7.33, 5.6],
};

export interface SimulationInput {
  /** 21 FSRS-6 weights; null: FSRS-6's defaults. */
  parameters: readonly number[] | null;
  maximumInterval: number;
  /** Cards already studied: memory state, days since their last review and days until due (<= 0: due now). */
  stability: Float64Array;
  difficulty: Float64Array;
  sinceReview: Float64Array;
  untilDue: Float64Array;
  /** New cards waiting, introduced `newPerDay` a day (oldest first) until none is left. */
  newCards: number;
  newPerDay: number;
  answers: AnswerModel;
  seed: number;
  /** Simulated cards at most per run: above it, an even sample stands for all (weighted). */
  sampleCards: number;
  /**
   * Below it, each card is followed up to this many times, each copy weighing its share: a small
   * deck's few random draws would otherwise make a noisy curve.
   */
  maxCopies: number;
}

export interface SimulationRun {
  reviews: Float64Array;
  newCards: Float64Array;
  seconds: Float64Array;
  /** Expected cards remembered at the end of the period (sum of retrievability). */
  knowledge: number;
}

const S_MIN = 0.001;
const S_MAX = 36500;

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/** FSRS-6's memory model with one set of weights (ts-fsrs's FSRSAlgorithm, without its rounding to 8 decimals). */
export class MemoryModel {
  readonly w: readonly number[];
  readonly decay: number;
  readonly factor: number;

  constructor(parameters: readonly number[] | null) {
    this.w = parameters && parameters.length >= 21 ? parameters : default_w;
    this.decay = -this.w[20]!;
    this.factor = Math.pow(0.9, 1 / this.decay) - 1;
  }

  retrievability(elapsedDays: number, stability: number): number {
    return Math.pow(1 + (this.factor * Math.max(0, elapsedDays)) / stability, this.decay);
  }

  /** Days until R falls to `retention`, per day of stability. */
  intervalModifier(retention: number): number {
    return (Math.pow(retention, 1 / this.decay) - 1) / this.factor;
  }

  initStability(rating: number): number {
    return Math.max(this.w[rating - 1]!, 0.1);
  }

  initDifficulty(rating: number): number {
    return this.w[4]! - Math.exp((rating - 1) * this.w[5]!) + 1;
  }

  nextDifficulty(difficulty: number, rating: number): number {
    const w = this.w;
    const next = difficulty + (-w[6]! * (rating - 3) * (10 - difficulty)) / 9;
    return clamp(w[7]! * this.initDifficulty(4) + (1 - w[7]!) * next, 1, 10);
  }

  /** Stability after a review on a later day rated `rating` (1 Again .. 4 Easy) at retrievability `r`. */
  nextStability(difficulty: number, stability: number, r: number, rating: number): number {
    const w = this.w;
    if (rating === 1) {
      const forgotten =
        w[11]! * Math.pow(difficulty, -w[12]!) * (Math.pow(stability + 1, w[13]!) - 1) * Math.exp((1 - r) * w[14]!);
      return Math.min(Math.max(stability / Math.exp(w[17]! * w[18]!), S_MIN), clamp(forgotten, S_MIN, S_MAX));
    }
    const bonus = rating === 2 ? w[15]! : rating === 4 ? w[16]! : 1;
    const growth = Math.exp(w[8]!) * (11 - difficulty) * Math.pow(stability, -w[9]!) * (Math.exp((1 - r) * w[10]!) - 1);
    return clamp(stability * (1 + growth * bonus), S_MIN, S_MAX);
  }
}

/** Index of the probability band `u` falls in. */
function pick(probabilities: readonly number[], u: number): number {
  let sum = 0;
  for (let i = 0; i < probabilities.length - 1; i++) {
    sum += probabilities[i]!;
    if (u < sum) return i;
  }
  return probabilities.length - 1;
}

/** New cards introduced on each day. */
export function newCardsPerDay(newCards: number, newPerDay: number, days: number): number[] {
  const perDay: number[] = [];
  let left = newCards;
  for (let day = 0; day < days; day++) {
    const today = Math.min(newPerDay, left);
    perDay.push(today);
    left -= today;
  }
  return perDay;
}

/** The period's work at one retention. */
export function simulate(input: SimulationInput, retention: number, days: number): SimulationRun {
  const model = new MemoryModel(input.parameters);
  const modifier = model.intervalModifier(retention);
  const { answers, maximumInterval } = input;
  const random = seededRandom(input.seed);
  const run: SimulationRun = {
    reviews: new Float64Array(days),
    newCards: new Float64Array(days),
    seconds: new Float64Array(days),
    knowledge: 0,
  };
  const interval = (stability: number) => clamp(Math.round(stability * modifier), 1, maximumInterval);

  // One card from `lastReview` (a day, maybe before today) due on `due`, counted `weight` times.
  const follow = (stability: number, difficulty: number, lastReview: number, due: number, weight: number) => {
    let s = stability;
    let d = difficulty;
    let last = lastReview;
    for (let day = due; day < days; day += interval(s)) {
      const r = model.retrievability(day - last, s);
      const rating = random() < r ? 2 + pick(answers.recallRating, random()) : 1;
      run.reviews[day]! += weight;
      run.seconds[day]! += weight * answers.reviewSeconds[rating - 1]!;
      s = model.nextStability(d, s, r, rating);
      d = model.nextDifficulty(d, rating);
      last = day;
    }
    run.knowledge += weight * model.retrievability(days - last, s);
  };

  const studied = input.stability.length;
  const introduced = newCardsPerDay(input.newCards, input.newPerDay, days);
  const total = studied + introduced.reduce((sum, count) => sum + count, 0);
  // Every `stride`-th card stands for `stride` cards when there are more than the sample holds;
  // with fewer, each card is followed `copies` times, each copy for its share of the card.
  const sample = Math.max(1, input.sampleCards);
  const stride = Math.max(1, Math.ceil(total / sample));
  const copies = Math.max(1, Math.min(input.maxCopies, Math.floor(sample / Math.max(1, total))));

  for (let i = 0; i < studied; i += stride) {
    const weight = Math.min(stride, studied - i) / copies;
    const stability = Math.max(input.stability[i]!, S_MIN);
    const difficulty = clamp(input.difficulty[i]! || 5, 1, 10);
    // Whole days from today: a card due in 0.4 days is due today, one overdue as well.
    const due = Math.max(0, Math.floor(input.untilDue[i]!));
    for (let copy = 0; copy < copies; copy++) follow(stability, difficulty, -input.sinceReview[i]!, due, weight);
  }

  introduced.forEach((count, day) => {
    if (count === 0) return;
    const simulated = Math.ceil(count / stride) * copies;
    for (let n = 0; n < simulated; n++) {
      const weight = count / simulated;
      const rating = 1 + pick(answers.firstRating, random());
      run.newCards[day]! += weight;
      run.seconds[day]! += weight * answers.learnSeconds[rating - 1]!;
      const stability = model.initStability(rating);
      follow(stability, clamp(model.initDifficulty(rating), 1, 10), day, day + interval(stability), weight);
    }
  });
  return run;
}

export interface CurvePoint {
  retention: number;
  reviews: number;
  seconds: number;
  knowledge: number;
}

/** Totals of the period at each retention (same seed for each). */
export function curve(input: SimulationInput, retentions: readonly number[], days: number): CurvePoint[] {
  return retentions.map((retention) => {
    const run = simulate(input, retention, days);
    return { retention, reviews: sum(run.reviews), seconds: sum(run.seconds), knowledge: run.knowledge };
  });
}

const sum = (values: Float64Array) => values.reduce((total, value) => total + value, 0);

/** The retention whose period costs the least time per card remembered at its end; null when nothing is. */
export function efficientRetention(points: readonly CurvePoint[]): number | null {
  let best: CurvePoint | null = null;
  for (const point of points) {
    if (point.knowledge <= 0) continue;
    if (!best || point.seconds / point.knowledge < best.seconds / best.knowledge) best = point;
  }
  return best ? best.retention : null;
}

export interface WorkloadSimulation {
  run: SimulationRun;
  curve: CurvePoint[];
}

/** Sample sizes: the chosen retention's days in detail, the curve's many runs coarser; copies of a small deck's cards. */
export const SAMPLE_CARDS = { run: 20_000, curve: 4_000, maxCopies: 50 } as const;

/** The chosen retention's days and the curve: what the worker thread computes. */
export function simulateWorkload(
  input: Omit<SimulationInput, 'sampleCards' | 'maxCopies'>,
  retention: number,
  days: number,
  retentions: readonly number[],
): WorkloadSimulation {
  return {
    run: simulate({ ...input, sampleCards: SAMPLE_CARDS.run, maxCopies: SAMPLE_CARDS.maxCopies }, retention, days),
    curve: curve({ ...input, sampleCards: SAMPLE_CARDS.curve, maxCopies: SAMPLE_CARDS.maxCopies }, retentions, days),
  };
}
