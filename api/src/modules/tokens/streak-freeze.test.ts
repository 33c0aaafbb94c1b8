import { STREAK_FREEZE } from '@flashcard/api-contract/schemas';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_RATE_LIMITS } from '../../config';
import { TOKEN_REASONS } from '../../lib/tokens';
import { signedInClient, type ApiClient } from '../../test/api-client';
import { describeEachDb, setAccountTimeZone } from '../../test/harness';
import { TokensRepository } from './repository';

const MANY_SIGNUPS = {
  rateLimits: { ...DEFAULT_RATE_LIMITS, registerPerAddress: { max: 10_000, timeWindowMs: 60_000 } },
};
/** 05:00 UTC on 11 June 2024: "today" is 11 June for a learner in UTC. */
const NOW = new Date('2024-06-11T05:00:00.000Z');

describeEachDb('streak freezes: /api/tokens/streak-freeze and the streak', (ctx) => {
  let clock = NOW;
  let app: FastifyInstance;
  let me: ApiClient;

  beforeAll(async () => {
    app = await ctx.buildApp(MANY_SIGNUPS, { now: () => clock });
  });
  beforeEach(async () => {
    clock = NOW;
    me = await signedInClient(app);
    await setAccountTimeZone(app, ctx.db, me.user.accessToken, 'UTC');
  });

  /** Tokens credited straight into the ledger (as an achievement would pay them). */
  const credit = (client: ApiClient, amount: number) =>
    new TokensRepository(ctx.db).add({
      user_id: client.user.id,
      amount,
      reason: TOKEN_REASONS.achievement,
      reference: `test:${amount}`,
      created_at: clock.toISOString(),
    });
  const status = async (client = me) => {
    const response = await client.get('/api/tokens/streak-freeze');
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const buyAt = async (at: string, client = me) => {
    clock = new Date(at);
    const response = await client.post('/api/tokens/streak-freeze');
    clock = NOW;
    return response;
  };
  /** A review of a new card at `at`, through the API. */
  const reviewAt = async (at: string, client = me) => {
    clock = new Date(at);
    const card = await client.createCard();
    const review = await client.post('/api/spaced-repetition/review', { cardId: card.id, result: 2, timeSpent: 3000 });
    expect(review.statusCode).toBe(200);
    clock = NOW;
  };
  const streak = async (client = me) => {
    const dashboard = await client.get('/api/dashboard/dashboard');
    expect(dashboard.statusCode).toBe(200);
    const stats = await client.get('/api/dashboard/user-stats');
    const { currentStreak, frozenDays } = dashboard.json().userStats;
    // The statistics' streak is the same one.
    expect(stats.json().currentStreak).toBe(currentStreak);
    return { currentStreak, frozenDays };
  };

  it('buys a freeze for its price: one debit in the ledger, the freeze held', async () => {
    expect(STREAK_FREEZE).toEqual({ price: 50, maxHeld: 2 });
    await credit(me, 60);
    expect(await status()).toEqual({ held: 0, maxHeld: 2, price: 50, balance: 60 });

    const response = await buyAt('2024-06-11T04:00:00.000Z');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ held: 1, maxHeld: 2, price: 50, balance: 10 });
    expect(await status()).toEqual({ held: 1, maxHeld: 2, price: 50, balance: 10 });
    const [debit] = (await me.get('/api/tokens/history')).json().entries;
    expect(debit).toEqual({
      id: expect.any(Number),
      amount: -50,
      reason: 'streak_freeze',
      reference: expect.stringMatching(/^streak_freeze:\d+$/),
      created_at: '2024-06-11T04:00:00.000Z',
    });
  });

  it('refuses with 400 when the balance is short, and changes nothing', async () => {
    await credit(me, 49);
    const response = await me.post('/api/tokens/streak-freeze');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'A streak freeze costs 50 tokens; your balance is 49' });
    expect(await status()).toEqual({ held: 0, maxHeld: 2, price: 50, balance: 49 });
    expect((await me.get('/api/tokens/history')).json().entries).toHaveLength(1);
  });

  it('refuses a third freeze while two are held', async () => {
    await credit(me, 200);
    expect((await me.post('/api/tokens/streak-freeze')).statusCode).toBe(201);
    expect((await me.post('/api/tokens/streak-freeze')).statusCode).toBe(201);
    const third = await me.post('/api/tokens/streak-freeze');
    expect(third.statusCode).toBe(400);
    expect(third.json()).toEqual({ error: 'You already hold the most streak freezes (2)' });
    expect(await status()).toEqual({ held: 2, maxHeld: 2, price: 50, balance: 100 });
  });

  it('sells one freeze to two buys at once when the balance pays for one: never below zero', async () => {
    await credit(me, 70);
    const answers = await Promise.all([me.post('/api/tokens/streak-freeze'), me.post('/api/tokens/streak-freeze')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
    expect(await status()).toEqual({ held: 1, maxHeld: 2, price: 50, balance: 20 });
  });

  it("keeps another learner's freezes and balance apart, and requires a session", async () => {
    const other = await signedInClient(app);
    await credit(other, 100);
    expect((await other.post('/api/tokens/streak-freeze')).statusCode).toBe(201);
    expect(await status()).toEqual({ held: 0, maxHeld: 2, price: 50, balance: 0 });
    for (const method of ['GET', 'POST'] as const) {
      const response = await app.inject({ method, url: '/api/tokens/streak-freeze' });
      expect(response.statusCode).toBe(401);
    }
  });

  it('bridges a missed day with a held freeze: kept, not counted, used once', async () => {
    await credit(me, 50);
    await reviewAt('2024-06-08T10:00:00.000Z');
    await reviewAt('2024-06-09T10:00:00.000Z');
    expect((await buyAt('2024-06-09T12:00:00.000Z')).statusCode).toBe(201);
    // 10 June missed; today (11 June) not studied yet: the freeze keeps the 10th.
    expect(await streak()).toEqual({ currentStreak: 2, frozenDays: 1 });
    expect((await status()).held).toBe(0);
    // Asked again: the same answer, no other freeze used.
    await credit(me, 50);
    expect((await me.post('/api/tokens/streak-freeze')).statusCode).toBe(201);
    expect(await streak()).toEqual({ currentStreak: 2, frozenDays: 1 });
    expect((await status()).held).toBe(1);
    // Studying today goes on from the frozen day.
    await reviewAt('2024-06-11T04:00:00.000Z');
    expect(await streak()).toEqual({ currentStreak: 3, frozenDays: 1 });
  });

  it('bridges two missed days with two freezes', async () => {
    await credit(me, 100);
    await reviewAt('2024-06-07T10:00:00.000Z');
    await reviewAt('2024-06-08T10:00:00.000Z');
    expect((await buyAt('2024-06-08T11:00:00.000Z')).statusCode).toBe(201);
    expect((await buyAt('2024-06-08T11:00:01.000Z')).statusCode).toBe(201);
    expect(await streak()).toEqual({ currentStreak: 2, frozenDays: 2 });
    expect((await status()).held).toBe(0);
  });

  it('breaks the streak over a missed day without a freeze', async () => {
    await reviewAt('2024-06-08T10:00:00.000Z');
    await reviewAt('2024-06-09T10:00:00.000Z');
    expect(await streak()).toEqual({ currentStreak: 0, frozenDays: 0 });
  });

  it('never mends a day missed before the freeze was bought', async () => {
    await credit(me, 50);
    await reviewAt('2024-06-08T10:00:00.000Z');
    await reviewAt('2024-06-09T10:00:00.000Z');
    // 10 June is over and missed; a freeze bought today cannot keep it.
    expect((await buyAt('2024-06-11T04:30:00.000Z')).statusCode).toBe(201);
    expect(await streak()).toEqual({ currentStreak: 0, frozenDays: 0 });
    expect((await status()).held).toBe(1);
  });

  it('holds a freeze while the learner studies every day, and uses none before any study', async () => {
    await credit(me, 50);
    expect((await buyAt('2024-06-01T10:00:00.000Z')).statusCode).toBe(201);
    expect(await streak()).toEqual({ currentStreak: 0, frozenDays: 0 });
    await reviewAt('2024-06-09T10:00:00.000Z');
    await reviewAt('2024-06-10T10:00:00.000Z');
    expect(await streak()).toEqual({ currentStreak: 2, frozenDays: 0 });
    expect((await status()).held).toBe(1);
  });
});
