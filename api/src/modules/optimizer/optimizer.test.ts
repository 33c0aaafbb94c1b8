import { FSRSBinding } from '@open-spaced-repetition/binding';
import type { FastifyInstance } from 'fastify';
import { default_w } from 'ts-fsrs';
import { DEFAULT_RATE_LIMITS } from '../../config';
import { signedInClient, type ApiClient } from '../../test/api-client';
import { describeEachDb } from '../../test/harness';
import { seedReviewHistory } from '../../test/review-history';
import { fitParameters, replayHistory } from './worker';
import type { OptimizerWorkers } from './service';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const MANY_SIGNUPS = {
  rateLimits: { ...DEFAULT_RATE_LIMITS, registerPerAddress: { max: 10_000, timeWindowMs: 60_000 } },
};

describeEachDb('FSRS optimizer: /api/spaced-repetition/optimizer', (ctx) => {
  let app: FastifyInstance;
  let me: ApiClient;
  // A fit can be held open to look at the learner meanwhile.
  let gate: Promise<void> | null = null;
  let fitsStarted = 0;
  /** Called when a fit starts (the test awaits it instead of polling). */
  let onFitStart: () => void = () => {};
  const workers: OptimizerWorkers = {
    fit: async (history) => {
      fitsStarted++;
      onFitStart();
      if (gate) await gate;
      return fitParameters(history);
    },
    replay: replayHistory,
  };

  beforeAll(async () => {
    app = await ctx.buildApp(MANY_SIGNUPS, { now: () => NOW, optimizerWorkers: workers });
  });
  beforeEach(async () => {
    me = await signedInClient(app);
    gate = null;
  });

  const cardRow = (id: number) => ctx.db.selectFrom('cards').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('says a new learner has nothing to fit yet, and refuses a fit below the minimum with 422', async () => {
    const status = await me.get('/api/spaced-repetition/optimizer');
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({
      reviewCount: 0,
      minimumReviews: 400,
      suggested: false,
      running: false,
      result: null,
    });

    await seedReviewHistory(ctx.db, me.user.id, { cards: 30, reviewsPerCard: 10, now: NOW });
    const refused = await me.post('/api/spaced-repetition/optimizer');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ error: 'Optimizing needs at least 400 reviews; you have 300 so far.' });
    expect(fitsStarted).toBe(0);
  });

  it("fits the learner's own weights, reports both losses on their history and schedules with the better ones", async () => {
    await seedReviewHistory(ctx.db, me.user.id, { cards: 150, reviewsPerCard: 10, now: NOW });
    const before = (await me.get('/api/spaced-repetition/optimizer')).json();
    expect(before).toMatchObject({ reviewCount: 1500, suggested: true, result: null });

    const response = await me.post('/api/spaced-repetition/optimizer');
    expect(response.statusCode).toBe(200);
    const { result, ...status } = response.json();
    expect(status).toEqual({ reviewCount: 1500, minimumReviews: 400, suggested: false, running: false });
    expect(result.fittedAt).toBe(NOW.toISOString());
    expect(result.reviewCount).toBe(1500);
    expect(result.parameters).toHaveLength(21);
    expect(result.parameters).not.toEqual([...default_w]);
    for (const score of [result.default, result.fitted]) {
      expect(score.logLoss).toBeGreaterThan(0);
      expect(score.rmse).toBeGreaterThan(0);
    }
    // The history follows another curve than FSRS's defaults: the fit predicts it better.
    expect(result.fitted.logLoss).toBeLessThan(result.default.logLoss);
    expect(result.inUse).toBe(true);
    // Same answer on a later read.
    expect((await me.get('/api/spaced-repetition/optimizer')).json().result).toEqual(result);

    // A new card rated Easy starts with the fitted initial stability for Easy (w[3]).
    const card = await me.createCard({ question: 'Fresh', answer: 'card' });
    const review = await me.post('/api/spaced-repetition/review', { cardId: card.id, result: 3, timeSpent: 2000 });
    expect(review.statusCode).toBe(200);
    expect((await cardRow(card.id)).stability).toBeCloseTo(result.parameters[3], 4);
  });

  it('keeps the defaults when the fitted weights do not predict better, and an easy review shows it', async () => {
    await seedReviewHistory(ctx.db, me.user.id, { cards: 50, reviewsPerCard: 10, now: NOW });
    const worse: OptimizerWorkers = {
      fit: async () => ({
        parameters: [...default_w].map((w) => w * 1.01),
        default: { logLoss: 0.3, rmse: 0.05 },
        fitted: { logLoss: 0.4, rmse: 0.06 },
      }),
      replay: replayHistory,
    };
    const other = await ctx.buildApp(MANY_SIGNUPS, { now: () => NOW, optimizerWorkers: worse });
    const fitted = await other.inject({
      method: 'POST',
      url: '/api/spaced-repetition/optimizer',
      headers: { authorization: `Bearer ${me.user.accessToken}` },
    });
    expect(fitted.json().result).toMatchObject({ inUse: false, default: { logLoss: 0.3 }, fitted: { logLoss: 0.4 } });
    const card = await me.createCard({ question: 'Fresh', answer: 'card' });
    await me.post('/api/spaced-repetition/review', { cardId: card.id, result: 3, timeSpent: 2000 });
    expect((await cardRow(card.id)).stability).toBeCloseTo(default_w[3]!, 4);
  });

  it('runs one fit per learner at a time: a second one meanwhile is 409, and the status says it runs', async () => {
    await seedReviewHistory(ctx.db, me.user.id, { cards: 50, reviewsPerCard: 10, now: NOW });
    let open: () => void = () => {};
    gate = new Promise((resolve) => (open = resolve));
    const started = new Promise<void>((resolve) => (onFitStart = resolve));
    const first = me.post('/api/spaced-repetition/optimizer');
    await started;

    expect((await me.get('/api/spaced-repetition/optimizer')).json().running).toBe(true);
    const second = await me.post('/api/spaced-repetition/optimizer');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      error: 'Your parameters are already being optimized. Please wait for that to finish.',
    });
    expect((await me.post('/api/spaced-repetition/optimizer/reschedule')).statusCode).toBe(409);
    // Another learner is not held up.
    const other = await signedInClient(app);
    expect((await other.get('/api/spaced-repetition/optimizer')).json().running).toBe(false);

    open();
    expect((await first).statusCode).toBe(200);
    expect((await me.get('/api/spaced-repetition/optimizer')).json().running).toBe(false);
  });

  it("reschedules each reviewed card from its history with the weights in use, and only the learner's own", async () => {
    const mine = await seedReviewHistory(ctx.db, me.user.id, { cards: 60, reviewsPerCard: 8, now: NOW });
    const stranger = await signedInClient(app);
    const theirs = await seedReviewHistory(ctx.db, stranger.user.id, {
      cards: 5,
      reviewsPerCard: 8,
      now: NOW,
      seed: 3,
    });
    const parameters = (await me.post('/api/spaced-repetition/optimizer')).json().result.parameters as number[];

    const response = await me.post('/api/spaced-repetition/optimizer/reschedule');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ rescheduled: 60 });

    // The memory state is the card's history replayed with the fitted weights (UTC days).
    const cardId = mine.cardIds[7]!;
    const logs = await ctx.db
      .selectFrom('review_logs')
      .select(['rating', 'reviewed_at'])
      .where('card_id', '=', cardId)
      .orderBy('reviewed_at')
      .execute();
    const model = new FSRSBinding(parameters);
    const day = (iso: string) => Math.floor(Date.parse(iso) / 86_400_000);
    let memory = null;
    for (const [k, log] of logs.entries()) {
      const next = model.nextStates(memory, 0.9, k === 0 ? 0 : day(log.reviewed_at) - day(logs[k - 1]!.reviewed_at));
      memory = [next.again, next.hard, next.good, next.easy][log.rating - 1]!.memory;
    }
    const card = await cardRow(cardId);
    expect(card.stability).toBeCloseTo(memory!.stability, 3);
    expect(card.difficulty).toBeCloseTo(memory!.difficulty, 3);
    // Due the interval after its last review that this stability earns at 90% retention.
    expect(card.scheduled_days).toBeGreaterThanOrEqual(1);
    expect(Date.parse(card.due!) - Date.parse(card.last_review!)).toBe(card.scheduled_days * 86_400_000);
    expect(card.sched_version).toBe(1);

    // The stranger's cards are as seeded.
    const untouched = await ctx.db
      .selectFrom('cards')
      .select(['stability', 'sched_version'])
      .where('id', 'in', theirs.cardIds)
      .execute();
    expect(untouched.every((row) => Number(row.stability) === 1 && row.sched_version === 0)).toBe(true);
  });

  it('answers 401 without a signed-in learner', async () => {
    for (const [method, url] of [
      ['GET', '/api/spaced-repetition/optimizer'],
      ['POST', '/api/spaced-repetition/optimizer'],
      ['POST', '/api/spaced-repetition/optimizer/reschedule'],
    ] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode).toBe(401);
    }
  });
});

describe('the optimizer thread', () => {
  it('replays a history as the binding scores it, the first review with 0 days elapsed', async () => {
    const history = {
      cardIds: Int32Array.from([4, 4, 4, 9]),
      ratings: Int8Array.from([3, 3, 1, 4]),
      times: Float64Array.from([
        Date.UTC(2026, 0, 1, 23),
        Date.UTC(2026, 0, 4, 1),
        Date.UTC(2026, 0, 20, 12),
        Date.UTC(2026, 0, 2),
      ]),
      timeZone: 'UTC',
    };
    const replayed = await replayHistory(history, null, 0.9);
    expect([...replayed.cardIds]).toEqual([4, 9]);
    const model = new FSRSBinding();
    let memory = model.nextStates(null, 0.9, 0).good.memory;
    memory = model.nextStates(memory, 0.9, 3).good.memory;
    memory = model.nextStates(memory, 0.9, 16).again.memory;
    expect(replayed.stability[0]).toBeCloseTo(memory.stability, 5);
    expect(replayed.stability[1]).toBeCloseTo(model.nextStates(null, 0.9, 0).easy.memory.stability, 5);

    // In Tokyo the first two reviews are 2 local days apart, not 3.
    const tokyo = await replayHistory({ ...history, timeZone: 'Asia/Tokyo' }, null, 0.9);
    let there = model.nextStates(null, 0.9, 0).good.memory;
    there = model.nextStates(there, 0.9, 2).good.memory;
    there = model.nextStates(there, 0.9, 16).again.memory;
    expect(tokyo.stability[0]).toBeCloseTo(there.stability, 5);
  });
});
