// The simulator's arithmetic: FSRS-6's formulas as the contract's Scheduler (ts-fsrs) applies
// them, and small decks whose days can be counted by hand.
import { Scheduler, NEW_STATE } from '@flashcard/api-contract/scheduler';
import { answerModel, MIN_RATINGS } from './answers';
import {
  curve,
  DEFAULT_ANSWERS,
  efficientRetention,
  MemoryModel,
  newCardsPerDay,
  simulate,
  type AnswerModel,
  type SimulationInput,
} from './simulator';

const DAY = 86_400_000;
const T0 = new Date('2026-01-01T08:00:00.000Z');
/** Every recalled card rated Good; every answer 10 s, a lapse 30 s, a new card 20 s. */
const GOOD: AnswerModel = {
  firstRating: [0, 0, 1, 0],
  recallRating: [0, 1, 0],
  learnSeconds: [20, 20, 20, 20],
  reviewSeconds: [30, 10, 10, 10],
};

function deck(
  cards: Array<{ stability: number; difficulty?: number; sinceReview?: number; untilDue: number }>,
  extra: Partial<SimulationInput> = {},
): SimulationInput {
  return {
    parameters: null,
    maximumInterval: 36_500,
    stability: Float64Array.from(cards, (card) => card.stability),
    difficulty: Float64Array.from(cards, (card) => card.difficulty ?? 5),
    sinceReview: Float64Array.from(cards, (card) => card.sinceReview ?? 0),
    untilDue: Float64Array.from(cards, (card) => card.untilDue),
    newCards: 0,
    newPerDay: 0,
    answers: GOOD,
    seed: 1,
    sampleCards: 100_000,
    maxCopies: 1,
    ...extra,
  };
}

describe('the memory model', () => {
  const model = new MemoryModel(null);

  it('recalls with 90% after one stability, fully at once, and an interval modifier of 1 at 90%', () => {
    expect(model.retrievability(0, 5)).toBe(1);
    expect(model.retrievability(5, 5)).toBeCloseTo(0.9, 10);
    expect(model.retrievability(20, 5)).toBeLessThan(model.retrievability(10, 5));
    expect(model.intervalModifier(0.9)).toBeCloseTo(1, 10);
    // Higher retention, shorter intervals.
    expect(model.intervalModifier(0.95)).toBeLessThan(0.5);
    expect(model.intervalModifier(0.8)).toBeGreaterThan(2);
  });

  it.each([
    ['Again', 0, 1],
    ['Hard', 1, 2],
    ['Good', 2, 3],
    ['Easy', 3, 4],
  ] as const)('moves stability and difficulty as the Scheduler does for %s after 4 days', (_name, result, rating) => {
    const scheduler = new Scheduler({ desiredRetention: 0.9, maximumInterval: 36_500, parameters: null });
    const first = scheduler.review(NEW_STATE, T0, 2);
    expect(first.stability).toBeCloseTo(model.initStability(3), 6);
    expect(first.difficulty).toBeCloseTo(model.initDifficulty(3), 6);
    const later = new Date(T0.getTime() + 4 * DAY);
    const r = scheduler.retrievability(first, later)!;
    expect(r).toBeCloseTo(model.retrievability(4, first.stability), 6);
    const after = scheduler.review(first, later, result);
    expect(after.stability).toBeCloseTo(model.nextStability(first.difficulty, first.stability, r, rating), 5);
    expect(after.difficulty).toBeCloseTo(model.nextDifficulty(first.difficulty, rating), 5);
  });

  it("takes a learner's own weights", () => {
    const weights = [...new MemoryModel(null).w].map((w, i) => (i < 4 ? w * 2 : w));
    expect(new MemoryModel(weights).initStability(3)).toBeCloseTo(model.initStability(3) * 2, 10);
  });
});

describe('simulate', () => {
  it('reviews a card whose interval is capped at one day every day, and counts its time', () => {
    const run = simulate(deck([{ stability: 3, untilDue: -2 }], { maximumInterval: 1 }), 0.9, 5);
    expect(Array.from(run.reviews)).toEqual([1, 1, 1, 1, 1]);
    // One stability of 3 days is recalled at 1 day with ~96%: the seed's draws happen to recall every time.
    expect(Array.from(run.seconds)).toEqual([10, 10, 10, 10, 10]);
    expect(run.knowledge).toBeGreaterThan(0.95);
  });

  it('reviews a very stable card once, on its due day, and then not within the period', () => {
    const run = simulate(deck([{ stability: 10_000, sinceReview: 100, untilDue: 10.6 }]), 0.9, 30);
    expect(
      Array.from(run.reviews)
        .map((count, day) => (count ? day : -1))
        .filter((day) => day >= 0),
    ).toEqual([10]);
    expect(run.seconds[10]).toBe(10);
    expect(run.knowledge).toBeGreaterThan(0.99);
  });

  it('introduces new cards at the daily limit until none is left, and schedules them by their first rating', () => {
    expect(newCardsPerDay(5, 2, 4)).toEqual([2, 2, 1, 0]);
    // A lapse costs what a recall does here, so the days' time does not depend on the draws.
    const answers: AnswerModel = { ...GOOD, reviewSeconds: [10, 10, 10, 10] };
    const run = simulate(deck([], { newCards: 5, newPerDay: 2, answers }), 0.9, 4);
    expect(Array.from(run.newCards)).toEqual([2, 2, 1, 0]);
    // Good first: stability w2 = 2.3065 days, so at 90% the first review comes 2 days later:
    // day 0's cards on day 2, day 1's on day 3 (with any of day 2's forgotten and due again).
    expect(run.reviews[0]).toBe(0);
    expect(run.reviews[1]).toBe(0);
    expect(run.reviews[2]).toBe(2);
    expect(run.reviews[3]).toBeGreaterThanOrEqual(2);
    expect(Array.from(run.seconds.slice(0, 3))).toEqual([40, 40, 20 + 2 * 10]);
  });

  it('answers nothing for a learner with no cards', () => {
    const run = simulate(deck([]), 0.9, 10);
    expect(Array.from(run.reviews)).toEqual(new Array(10).fill(0));
    expect(run.knowledge).toBe(0);
    expect(efficientRetention(curve(deck([]), [0.8, 0.9], 10))).toBeNull();
  });

  const realistic = () => {
    const cards = Array.from({ length: 400 }, (_, i) => ({
      stability: 1 + (i % 60),
      difficulty: 2 + (i % 8),
      sinceReview: i % 10,
      untilDue: (i % 60) - 10,
    }));
    return deck(cards, { newCards: 300, newPerDay: 10, answers: DEFAULT_ANSWERS, seed: 42 });
  };

  it('gives the same days for the same seed, other days for another', () => {
    const a = simulate(realistic(), 0.9, 120);
    expect(simulate(realistic(), 0.9, 120)).toEqual(a);
    expect(Array.from(simulate({ ...realistic(), seed: 43 }, 0.9, 120).reviews)).not.toEqual(Array.from(a.reviews));
  });

  it('costs more reviews and time but keeps more known at a higher retention', () => {
    const points = curve(realistic(), [0.75, 0.85, 0.95], 180);
    expect(points[0]!.reviews).toBeLessThan(points[1]!.reviews);
    expect(points[1]!.reviews).toBeLessThan(points[2]!.reviews);
    expect(points[0]!.seconds).toBeLessThan(points[2]!.seconds);
    expect(points[0]!.knowledge).toBeLessThan(points[2]!.knowledge);
  });

  it('lets an even sample stand for a large deck within a few percent', () => {
    const full = simulate(realistic(), 0.9, 180);
    const sampled = simulate({ ...realistic(), sampleCards: 140 }, 0.9, 180);
    const total = (values: Float64Array) => values.reduce((a, b) => a + b, 0);
    expect(total(sampled.newCards)).toBeCloseTo(total(full.newCards), 6);
    expect(Math.abs(total(sampled.reviews) / total(full.reviews) - 1)).toBeLessThan(0.1);
    expect(Math.abs(sampled.knowledge / full.knowledge - 1)).toBeLessThan(0.1);
  });

  it("follows a small deck's cards many times over: a smoother curve, the same expected work", () => {
    const once = curve(realistic(), [0.8, 0.85, 0.9, 0.95], 180);
    const copied = curve({ ...realistic(), sampleCards: 700 * 40, maxCopies: 40 }, [0.8, 0.85, 0.9, 0.95], 180);
    const totalNew = (input: SimulationInput) => simulate(input, 0.9, 180).newCards.reduce((a, b) => a + b, 0);
    expect(totalNew({ ...realistic(), sampleCards: 700 * 40, maxCopies: 40 })).toBeCloseTo(300, 6);
    copied.forEach((point, i) => {
      expect(Math.abs(point.reviews / once[i]!.reviews - 1)).toBeLessThan(0.1);
      expect(Math.abs(point.knowledge / once[i]!.knowledge - 1)).toBeLessThan(0.1);
    });
    // Copies average the draws out: each step up in retention costs more.
    for (let i = 1; i < copied.length; i++) expect(copied[i]!.seconds).toBeGreaterThan(copied[i - 1]!.seconds);
  });
});

describe('efficientRetention', () => {
  it('picks the retention with the least time per card remembered', () => {
    expect(
      efficientRetention([
        { retention: 0.8, reviews: 10, seconds: 100, knowledge: 10 },
        { retention: 0.85, reviews: 12, seconds: 110, knowledge: 12 },
        { retention: 0.9, reviews: 20, seconds: 200, knowledge: 13 },
      ]),
    ).toBe(0.85);
  });
});

describe('answerModel', () => {
  it("takes Anki's defaults without a history", () => {
    expect(answerModel([])).toEqual(DEFAULT_ANSWERS);
  });

  it("takes the learner's shares and times, learning and relearning steps joined to their answer", () => {
    const row = (state: number, rating: number, count: number, seconds: number) => ({
      state,
      rating,
      count,
      timed: count,
      ms: count * seconds * 1000,
    });
    const model = answerModel([
      row(0, 1, 20, 12),
      row(0, 3, 80, 8),
      // Learning steps: 100 answers of 4 s over the 100 new cards, 4 s each.
      row(1, 3, 100, 4),
      row(2, 1, 10, 15),
      row(2, 2, 10, 9),
      row(2, 3, MIN_RATINGS, 6),
      row(2, 4, 0, 0),
      // Relearning: 20 answers of 5 s over 10 lapses, 10 s each.
      row(3, 3, 20, 5),
    ]);
    expect(model.firstRating).toEqual([0.2, 0, 0.8, 0]);
    expect(model.recallRating).toEqual([10 / 60, 50 / 60, 0]);
    expect(model.learnSeconds[0]).toBeCloseTo(16, 6);
    expect(model.learnSeconds[2]).toBeCloseTo(12, 6);
    expect(model.learnSeconds[1]).toBe(DEFAULT_ANSWERS.learnSeconds[1]);
    expect(model.reviewSeconds[0]).toBeCloseTo(25, 6);
    expect(model.reviewSeconds[2]).toBeCloseTo(6, 6);
    expect(model.reviewSeconds[3]).toBe(DEFAULT_ANSWERS.reviewSeconds[3]);
  });
});
