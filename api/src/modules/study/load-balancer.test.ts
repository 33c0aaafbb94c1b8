// The load balancer: a review's due date goes to the lighter days of its fuzz range, by weighted
// chance (the draws pinned here), and stays the scheduler's own when every day weighs the same.
import type { FastifyInstance } from 'fastify';
import { DEFAULT_STUDY_SETTINGS } from '@flashcard/api-contract/schemas';
import { NEW_STATE, Scheduler, type SchedulingState } from '@flashcard/api-contract/scheduler';
import { signedInClient, type ApiClient } from '../../test/api-client';
import { describeEachDb } from '../../test/harness';
import { MS_PER_DAY } from '../../lib/time';
import { pickDay } from './load-balancer';

const NOW = new Date('2025-03-12T05:00:00.000Z');
const scheduler = new Scheduler(DEFAULT_STUDY_SETTINGS);

/** A review card last seen 20 days ago, due now: Good sends it ~7 weeks out, a range of days. */
const REVIEW_CARD: SchedulingState = {
  state: 2,
  due: NOW.toISOString(),
  stability: 20,
  difficulty: 5,
  elapsed_days: 20,
  scheduled_days: 20,
  learning_steps: 0,
  repetitions: 4,
  lapses: 0,
  last_review: new Date(NOW.getTime() - 20 * MS_PER_DAY).toISOString(),
};

describe('pickDay', () => {
  it('draws a lighter day far more often than a busy one, and an earlier one a little more', () => {
    const candidates = [
      { days: 10, load: 9 },
      { days: 11, load: 0 },
      { days: 12, load: 0 },
    ];
    // Weights 1/1000, 1/11, 1/12: the busy day gets the first 0.6% of the draws.
    expect(pickDay(candidates, () => 0)).toBe(10);
    expect(pickDay(candidates, () => 0.01)).toBe(11);
    expect(pickDay(candidates, () => 0.5)).toBe(11);
    expect(pickDay(candidates, () => 0.53)).toBe(12);
    expect(pickDay(candidates, () => 0.999)).toBe(12);
  });
});

describe('Scheduler.fuzzRange', () => {
  it("holds the day the scheduler drew, within ts-fsrs's range, and keeps Hard < Good < Easy apart", () => {
    const ranges = ([1, 2, 3] as const).map((result) => scheduler.fuzzRange(REVIEW_CARD, NOW, result)!);
    for (const [index, result] of ([1, 2, 3] as const).entries()) {
      const drawn = scheduler.review(REVIEW_CARD, NOW, result).scheduled_days;
      expect(ranges[index]!.min).toBeLessThanOrEqual(drawn);
      expect(ranges[index]!.max).toBeGreaterThanOrEqual(drawn);
      expect(ranges[index]!.max).toBeGreaterThan(ranges[index]!.min);
    }
    expect(ranges[0]!.max).toBeLessThan(scheduler.review(REVIEW_CARD, NOW, 2).scheduled_days);
    expect(ranges[2]!.min).toBeGreaterThan(scheduler.review(REVIEW_CARD, NOW, 2).scheduled_days);
  });

  it('holds a new card graduating with Easy (its first interval of days)', () => {
    const graduated = scheduler.review(NEW_STATE, NOW, 3);
    expect(graduated.scheduled_days).toBeGreaterThanOrEqual(3);
    const range = scheduler.fuzzRange(NEW_STATE, NOW, 3)!;
    expect(range.min).toBeLessThanOrEqual(graduated.scheduled_days);
    expect(range.max).toBeGreaterThanOrEqual(graduated.scheduled_days);
  });

  it('is null for a learning step and for Again', () => {
    const fresh = { ...REVIEW_CARD, state: 0, stability: 0, difficulty: 0, repetitions: 0, last_review: null };
    expect(scheduler.fuzzRange(fresh, NOW, 2)).toBeNull();
    expect(scheduler.fuzzRange(REVIEW_CARD, NOW, 0)).toBeNull();
  });
});

describeEachDb('load balancing of due dates', (ctx) => {
  let draws: number[] = [];
  let app: FastifyInstance;
  let me: ApiClient;

  beforeAll(async () => {
    app = await ctx.buildApp(
      {},
      {
        now: () => NOW,
        random: () => {
          const next = draws.shift();
          if (next === undefined) throw new Error('no draw pinned');
          return next;
        },
      },
    );
  });
  beforeEach(async () => {
    draws = [];
    me = await signedInClient(app);
  });

  /** Cards of the learner in the review state, each due at `due`. */
  const reviewCards = async (count: number, due: Date = NOW) => {
    const ids: number[] = [];
    for (let i = 0; i < count; i++) ids.push((await me.createCard()).id);
    await ctx.db
      .updateTable('cards')
      .set({ ...REVIEW_CARD, due: due.toISOString() })
      .where('id', 'in', ids)
      .execute();
    return ids;
  };
  const good = async (cardId: number) => {
    const response = await me.post('/api/spaced-repetition/review', { cardId, result: 2, timeSpent: 3000 });
    expect(response.statusCode).toBe(200);
    const card = response.json().card as { due: string; memory: { scheduled_days: number } };
    // The interval counts from the review, in whole days.
    expect(Date.parse(card.due) - NOW.getTime()).toBe(card.memory.scheduled_days * MS_PER_DAY);
    return card.memory.scheduled_days;
  };

  it('sends reviews to the days of their fuzz range with no cards due, never beyond the range', async () => {
    const range = scheduler.fuzzRange(REVIEW_CARD, NOW, 2)!;
    const days = Array.from({ length: range.max - range.min + 1 }, (_, index) => range.min + index);
    expect(days.length).toBeGreaterThanOrEqual(4);
    // Two light days, every other day of the range with 12 cards due.
    const light = [days[1]!, days.at(-2)!];
    for (const day of days) if (!light.includes(day)) await reviewCards(12, new Date(NOW.getTime() + day * MS_PER_DAY));

    const reviewed = await reviewCards(4);
    draws = [0.15, 0.4, 0.65, 0.9];
    const chosen: number[] = [];
    for (const id of reviewed) chosen.push(await good(id));
    expect(draws).toEqual([]);
    for (const day of chosen) expect(light).toContain(day);
    // Both light days get some: a draw, not always the same day.
    expect(new Set(chosen).size).toBe(2);
  });

  it("keeps the scheduler's own fuzzed day when every day of the range carries the same load", async () => {
    const [id] = await reviewCards(1);
    const expected = scheduler.review(REVIEW_CARD, NOW, 2);
    // No draw is pinned: one taken would throw.
    expect(await good(id!)).toBe(expected.scheduled_days);
  });

  it("leaves suspended cards out of a day's load, and counts only this learner's cards", async () => {
    const range = scheduler.fuzzRange(REVIEW_CARD, NOW, 2)!;
    const busy = range.min;
    const heavy = await reviewCards(12, new Date(NOW.getTime() + busy * MS_PER_DAY));
    await ctx.db.updateTable('cards').set({ suspended: true }).where('id', 'in', heavy).execute();
    // Another learner's cards due that day weigh nothing on this learner's days either.
    const other = await signedInClient(app);
    const theirs: number[] = [];
    for (let i = 0; i < 12; i++) theirs.push((await other.createCard()).id);
    await ctx.db
      .updateTable('cards')
      .set({ ...REVIEW_CARD, due: new Date(NOW.getTime() + busy * MS_PER_DAY).toISOString() })
      .where('id', 'in', theirs)
      .execute();
    const [id] = await reviewCards(1);
    // Every day weighs the same again: the scheduler's own day, no draw.
    expect(await good(id!)).toBe(scheduler.review(REVIEW_CARD, NOW, 2).scheduled_days);

    await ctx.db.updateTable('cards').set({ suspended: false }).where('id', 'in', heavy).execute();
    const [next] = await reviewCards(1);
    // Counted again, the first day of the range is busy: a low draw passes it by.
    draws = [0.05];
    const day = await good(next!);
    expect(draws).toEqual([]);
    expect(day).not.toBe(busy);
    expect(day).toBeLessThanOrEqual(range.max);
  });
});
