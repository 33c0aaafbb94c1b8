import type { FastifyInstance } from 'fastify';
import { DEFAULT_RATE_LIMITS } from '../../config';
import { DAILY_GOAL_XP } from '../../lib/experience';
import { signedInClient, type ApiClient } from '../../test/api-client';
import { describeEachDb } from '../../test/harness';
import { ACHIEVEMENTS } from '../gamification';

const START = new Date('2024-06-11T05:00:00.000Z');
const DAY = 86_400_000;
const MANY_SIGNUPS = {
  rateLimits: { ...DEFAULT_RATE_LIMITS, registerPerAddress: { max: 10_000, timeWindowMs: 60_000 } },
};

interface EntryJson {
  id: number;
  amount: number;
  reason: string;
  reference: string | null;
  created_at: string;
}

describeEachDb('tokens: /api/tokens/*', (ctx) => {
  let now = START;
  let app: FastifyInstance;
  let me: ApiClient;

  beforeAll(async () => {
    app = await ctx.buildApp(MANY_SIGNUPS, { now: () => now });
  });
  beforeEach(async () => {
    now = START;
    me = await signedInClient(app);
  });

  const ok = async (client: ApiClient, method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const response = await client.call(method, url, payload);
    expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
    return response.json();
  };
  const history = async (client = me, query = '') =>
    (await ok(client, 'GET', `/api/tokens/history${query}`)).entries as EntryJson[];
  /** The first review, checked: unlocks first_review (5 tokens). */
  const unlockFirstReview = async (client: ApiClient) => {
    const card = await client.createCard();
    await ok(client, 'POST', '/api/spaced-repetition/review', { cardId: card.id, result: 2, timeSpent: 3000 });
    await ok(client, 'POST', '/api/gamification/achievements/check');
  };

  it('starts at zero with an empty history', async () => {
    expect(await ok(me, 'GET', '/api/tokens/balance')).toEqual({ balance: 0 });
    expect(await history()).toEqual([]);
  });

  it('credits the daily bonus and achievements, newest first, the balance their sum', async () => {
    await ok(me, 'POST', '/api/daily-bonus/claim');
    now = new Date(START.getTime() + 60_000);
    await unlockFirstReview(me);

    expect(await ok(me, 'GET', '/api/tokens/balance')).toEqual({ balance: 15 });
    expect(await history()).toEqual([
      {
        id: expect.any(Number),
        amount: 5,
        reason: 'achievement',
        reference: 'achievement:first_review',
        created_at: now.toISOString(),
      },
      {
        id: expect.any(Number),
        amount: 10,
        reason: 'daily_bonus',
        reference: '2024-06-11',
        created_at: START.toISOString(),
      },
    ]);
    expect((await ok(me, 'GET', '/api/gamification/profile')).tokens).toBe(15);
  });

  it('pages the history with limit and offset', async () => {
    for (let day = 0; day < 4; day++) {
      now = new Date(START.getTime() + day * DAY);
      await ok(me, 'POST', '/api/daily-bonus/claim');
    }
    const all = await history();
    expect(all.map((entry) => entry.reference)).toEqual(['2024-06-14', '2024-06-13', '2024-06-12', '2024-06-11']);
    expect(await history(me, '?limit=2')).toEqual(all.slice(0, 2));
    expect(await history(me, '?limit=2&offset=1')).toEqual(all.slice(1, 3));
    expect(await history(me, '?offset=4')).toEqual([]);
  });

  it.each([
    ['?limit=0', 'limit must be between 1 and 100'],
    ['?limit=101', 'limit must be between 1 and 100'],
    ['?limit=ten', 'limit must be between 1 and 100'],
    ['?offset=-1', 'offset must be 0 or a positive integer'],
    ['?offset=1.5', 'offset must be 0 or a positive integer'],
  ])('refuses %s with 400', async (query, error) => {
    const response = await me.get(`/api/tokens/history${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error });
  });

  it('lists the ways to earn: daily bonus, daily goal and every locked achievement', async () => {
    const fresh = (await ok(me, 'GET', '/api/tokens/opportunities')).opportunities;
    expect(fresh.map((o: { key: string }) => o.key)).toEqual([
      'daily_bonus',
      'daily_goal',
      ...ACHIEVEMENTS.map((a) => `achievement:${a.key}`),
    ]);
    expect(fresh[0]).toEqual({
      key: 'daily_bonus',
      params: { claimable: 1, streak_cap: 7 },
      title: 'Daily bonus',
      description: "Claim today's bonus. It grows with each day in a row, up to 7 days.",
      reward: { tokens: 10, xp: 5 },
    });
    expect(fresh[1]).toMatchObject({ key: 'daily_goal', reward: { tokens: 0, xp: DAILY_GOAL_XP } });
    expect(fresh[2]).toEqual({
      key: 'achievement:first_review',
      params: { achievement: 'first_review', progress: 0, target: 1 },
      title: 'First Steps',
      description: 'Review your first card (0/1).',
      reward: { tokens: 5, xp: 10 },
    });

    await ok(me, 'POST', '/api/daily-bonus/claim');
    await unlockFirstReview(me);
    const later = (await ok(me, 'GET', '/api/tokens/opportunities')).opportunities;
    expect(later.map((o: { key: string }) => o.key)).not.toContain('achievement:first_review');
    expect(later[0]).toMatchObject({
      params: { claimable: 0 },
      description: expect.stringMatching(/^Already claimed today/),
      reward: { tokens: 20, xp: 10 },
    });
  });

  it("never shows another learner's tokens", async () => {
    const stranger = await signedInClient(app);
    await ok(stranger, 'POST', '/api/daily-bonus/claim');
    await unlockFirstReview(stranger);
    expect(await ok(me, 'GET', '/api/tokens/balance')).toEqual({ balance: 0 });
    expect(await history()).toEqual([]);
    expect(
      (await ok(me, 'GET', '/api/tokens/opportunities')).opportunities.map((o: { key: string }) => o.key),
    ).toContain('achievement:first_review');
  });

  it('requires authentication', async () => {
    for (const url of ['/api/tokens/balance', '/api/tokens/history', '/api/tokens/opportunities']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'Authentication required' });
    }
  });
});
