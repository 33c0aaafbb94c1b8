// GET /api/spaced-repetition/workload on SQLite and PostgreSQL: the shape, the contract's 400s,
// the same answer twice, more work at a higher retention, a learner without cards, and only the
// learner's own cards counted. The simulation runs in its worker thread, as in production.
import type { FastifyInstance } from 'fastify';
import { DEFAULT_RATE_LIMITS } from '../../config';
import { signedInClient, type ApiClient } from '../../test/api-client';
import { describeEachDb } from '../../test/harness';
import { seedReviewHistory } from '../../test/review-history';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const URL = '/api/spaced-repetition/workload';
const MANY_SIGNUPS = {
  rateLimits: { ...DEFAULT_RATE_LIMITS, registerPerAddress: { max: 10_000, timeWindowMs: 60_000 } },
};
const total = (values: number[]) => values.reduce((a, b) => a + b, 0);

describeEachDb('workload simulator: /api/spaced-repetition/workload', (ctx) => {
  let app: FastifyInstance;
  let me: ApiClient;

  beforeAll(async () => {
    app = await ctx.buildApp(MANY_SIGNUPS, { now: () => NOW });
    me = await signedInClient(app);
    await seedReviewHistory(ctx.db, me.user.id, { cards: 120, reviewsPerCard: 6, now: NOW });
    for (let i = 0; i < 15; i++) await me.createCard({ question: `New ${i}`, answer: `A ${i}` });
    const saved = await me.put('/api/spaced-repetition/settings', { desiredRetention: 0.85, newCardsPerDay: 4 });
    expect(saved.statusCode).toBe(200);
  });

  it("simulates the learner's year at their desired retention, with the curve and its marks", async () => {
    const response = await me.get(URL);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      retention: 0.85,
      target: 0.85,
      days: 365,
      personalParameters: false,
      cards: { studied: 120, new: 15, newPerDay: 4 },
    });
    for (const series of ['reviews', 'newCards', 'minutes'] as const) expect(body.daily[series]).toHaveLength(365);
    // 15 new cards at 4 a day: 4, 4, 4, 3, then none.
    expect(body.daily.newCards.slice(0, 5)).toEqual([4, 4, 4, 3, 0]);
    // Every seeded card was due a day after its last review, the day before now: all due today.
    expect(body.daily.reviews[0]).toBe(120);
    expect(body.summary.retention).toBe(0.85);
    expect(body.summary.reviewsPerDay).toBeCloseTo(total(body.daily.reviews) / 365, 0);
    expect(body.summary.knowledge).toBeGreaterThan(0);
    expect(body.summary.knowledge).toBeLessThanOrEqual(135);
    expect(body.curve.map((point: { retention: number }) => point.retention)).toEqual(
      Array.from({ length: 28 }, (_, i) => Math.round((0.7 + i / 100) * 100) / 100),
    );
    expect(body.curve.map((point: { retention: number }) => point.retention)).toContain(body.efficient);
  });

  it('gives the same answer twice, and more reviews, minutes and knowledge at a higher retention', async () => {
    const low = (await me.get(`${URL}?retention=0.75&days=180`)).json();
    expect((await me.get(`${URL}?retention=0.75&days=180`)).json()).toEqual(low);
    const high = (await me.get(`${URL}?retention=0.95&days=180`)).json();
    expect(low).toMatchObject({ retention: 0.75, target: 0.85, days: 180 });
    expect(high.daily.reviews).toHaveLength(180);
    expect(total(high.daily.reviews)).toBeGreaterThan(total(low.daily.reviews) * 1.5);
    expect(high.summary.minutesPerDay).toBeGreaterThan(low.summary.minutesPerDay);
    expect(high.summary.knowledge).toBeGreaterThan(low.summary.knowledge);
    const curve = high.curve as Array<{ reviewsPerDay: number }>;
    expect(curve[curve.length - 1]!.reviewsPerDay).toBeGreaterThan(curve[0]!.reviewsPerDay);
  });

  it.each([
    ['retention=0.69', 'retention must be between 0.7 and 0.99'],
    ['retention=1', 'retention must be between 0.7 and 0.99'],
    ['retention=high', 'retention must be between 0.7 and 0.99'],
    ['days=0', 'days must be between 1 and 365'],
    ['days=366', 'days must be between 1 and 365'],
    ['days=1.5', 'days must be between 1 and 365'],
  ])('refuses %s with 400 and its message', async (query, error) => {
    const response = await me.get(`${URL}?${query}`);
    expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 400, body: { error } });
  });

  it('answers 401 without a session', async () => {
    expect((await app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
  });

  it("answers a learner without cards with an empty year, and counts only the learner's own cards", async () => {
    const other = await signedInClient(app);
    const response = await other.get(`${URL}?days=30`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      retention: 0.9,
      target: 0.9,
      cards: { studied: 0, new: 0, newPerDay: 20 },
      efficient: null,
    });
    expect(total(body.daily.reviews) + total(body.daily.newCards) + total(body.daily.minutes)).toBe(0);
    expect(body.summary).toEqual({ retention: 0.9, reviewsPerDay: 0, minutesPerDay: 0, knowledge: 0 });

    // Another learner's cards change nothing of mine, and mine nothing of theirs.
    const mine = (await me.get(`${URL}?days=30`)).json();
    await other.createCard({ question: 'Theirs', answer: 'Theirs' });
    await seedReviewHistory(ctx.db, other.user.id, { cards: 10, reviewsPerCard: 3, now: NOW, seed: 3 });
    expect((await me.get(`${URL}?days=30`)).json()).toEqual(mine);
    expect((await other.get(`${URL}?days=30`)).json().cards).toEqual({ studied: 10, new: 1, newPerDay: 20 });
  });
});
