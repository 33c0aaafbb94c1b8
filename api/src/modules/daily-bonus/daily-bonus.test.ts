import type { FastifyInstance } from 'fastify';
import { DEFAULT_RATE_LIMITS } from '../../config';
import { signedInClient, type ApiClient } from '../../test/api-client';
import { bearer, describeEachDb, setAccountTimeZone } from '../../test/harness';
import { startOfLocalDay } from './service';

const START = new Date('2024-06-11T05:00:00.000Z');
const DAY = 86_400_000;
const MANY_SIGNUPS = {
  rateLimits: { ...DEFAULT_RATE_LIMITS, registerPerAddress: { max: 10_000, timeWindowMs: 60_000 } },
};

describe('startOfLocalDay', () => {
  it('finds the instant a local day begins, DST and half-hour zones included', () => {
    const day = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY;
    expect(startOfLocalDay(day('2024-06-12'), 'UTC').toISOString()).toBe('2024-06-12T00:00:00.000Z');
    expect(startOfLocalDay(day('2024-06-12'), 'America/New_York').toISOString()).toBe('2024-06-12T04:00:00.000Z');
    expect(startOfLocalDay(day('2024-12-12'), 'America/New_York').toISOString()).toBe('2024-12-12T05:00:00.000Z');
    expect(startOfLocalDay(day('2024-06-12'), 'Asia/Kolkata').toISOString()).toBe('2024-06-11T18:30:00.000Z');
    expect(startOfLocalDay(day('2024-06-12'), 'Pacific/Kiritimati').toISOString()).toBe('2024-06-11T10:00:00.000Z');
    expect(startOfLocalDay(day('2024-06-12'), 'Etc/GMT+12').toISOString()).toBe('2024-06-12T12:00:00.000Z');
  });
});

describeEachDb('daily bonus: /api/daily-bonus/*', (ctx) => {
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

  const call = async (client: ApiClient, method: 'GET' | 'POST', url: string, zone?: string) => {
    if (zone) await setAccountTimeZone(app, ctx.db, client.user.accessToken, zone);
    return app.inject({ method, url, headers: bearer(client.user.accessToken) });
  };
  const info = async (client = me, zone?: string) => {
    const response = await call(client, 'GET', '/api/daily-bonus/info', zone);
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const claim = (client = me, zone?: string) => call(client, 'POST', '/api/daily-bonus/claim', zone);
  const rows = async (table: 'daily_bonus_claims' | 'token_ledger', userId: number) =>
    Number(
      (
        await ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const bonusXp = async (userId: number) =>
    (
      await ctx.db
        .selectFrom('experience_events')
        .select(['amount'])
        .where('user_id', '=', userId)
        .where('source', '=', 'daily_bonus')
        .execute()
    ).map((row) => row.amount);

  it('is available to a learner who never claimed it', async () => {
    expect(await info()).toEqual({
      available: true,
      streak: 0,
      reward: { tokens: 10, xp: 5 },
      next_claim_at: START.toISOString(),
      last_claimed_at: null,
      last_reward: null,
    });
  });

  it('pays tokens and XP once a day, then says when the next claim opens', async () => {
    const response = await claim();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      streak: 1,
      reward: { tokens: 10, xp: 5 },
      next_claim_at: '2024-06-12T00:00:00.000Z',
    });
    expect((await me.get('/api/tokens/balance')).json()).toEqual({ balance: 10 });
    expect(await bonusXp(me.user.id)).toEqual([5]);
    expect(await info()).toEqual({
      available: false,
      streak: 1,
      // What tomorrow's claim will pay: the streak goes on.
      reward: { tokens: 20, xp: 10 },
      next_claim_at: '2024-06-12T00:00:00.000Z',
      last_claimed_at: START.toISOString(),
      // What today's claim paid: the screen says it was received.
      last_reward: { tokens: 10, xp: 5 },
    });

    now = new Date('2024-06-11T23:59:59.000Z');
    const again = await claim();
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'Daily bonus already claimed today' });
    expect(await rows('daily_bonus_claims', me.user.id)).toBe(1);
    expect(await rows('token_ledger', me.user.id)).toBe(1);
  });

  it("counts days in the learner's time zone", async () => {
    expect((await info(me, 'America/New_York')).next_claim_at).toBe(START.toISOString());
    const response = await claim(me, 'America/New_York');
    // 01:00 on June 11 in New York: the next local day begins at 04:00 UTC on June 12.
    expect(response.json().next_claim_at).toBe('2024-06-12T04:00:00.000Z');
    expect((await info(me, 'Asia/Kolkata')).next_claim_at).toBe('2024-06-11T18:30:00.000Z');

    // 03:30 and 05:00 UTC: one day in UTC, two in New York (23:30, then 01:00).
    const utc = await signedInClient(app);
    const newYork = await signedInClient(app);
    now = new Date('2024-06-11T03:30:00.000Z');
    expect((await claim(utc, 'UTC')).statusCode).toBe(200);
    expect((await claim(newYork, 'America/New_York')).json().streak).toBe(1);
    now = START;
    expect((await claim(utc, 'UTC')).statusCode).toBe(409);
    const next = await claim(newYork, 'America/New_York');
    expect(next.statusCode).toBe(200);
    expect(next.json().streak).toBe(2);
  });

  /** A request as a device sends it: its own zone in X-Time-Zone. */
  const fromDevice = (method: 'GET' | 'POST' | 'PUT', url: string, zone: string, payload?: object) =>
    app.inject({ method, url, headers: { ...bearer(me.user.accessToken), 'x-time-zone': zone }, payload });

  it('counts in UTC for an account whose device names no valid zone', async () => {
    expect((await fromDevice('POST', '/api/daily-bonus/claim', 'Mars/Olympus_Mons')).json().next_claim_at).toBe(
      '2024-06-12T00:00:00.000Z',
    );
  });

  it('keeps the first zone a device names: a request naming another cannot claim the same real day twice', async () => {
    now = new Date('2024-06-11T12:00:00.000Z'); // 08:00 on the 11th in New York, 02:00 on the 12th in Kiritimati
    const first = await fromDevice('POST', '/api/daily-bonus/claim', 'America/New_York');
    expect(first.statusCode).toBe(200);
    expect(first.json().next_claim_at).toBe('2024-06-12T04:00:00.000Z');
    const moved = await fromDevice('POST', '/api/daily-bonus/claim', 'Pacific/Kiritimati');
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toEqual({ error: 'Daily bonus already claimed today' });
    expect(await rows('daily_bonus_claims', me.user.id)).toBe(1);
    expect((await fromDevice('GET', '/api/user/settings', 'Asia/Tokyo')).json().timeZone).toBe('America/New_York');
  });

  it('moves the day boundary through settings, once a day at most', async () => {
    now = new Date('2024-06-11T12:00:00.000Z');
    expect((await fromDevice('POST', '/api/daily-bonus/claim', 'America/New_York')).statusCode).toBe(200);
    const change = await fromDevice('PUT', '/api/user/settings', 'America/New_York', {
      timeZone: 'Pacific/Kiritimati',
    });
    expect(change.statusCode).toBe(200);
    expect(change.json().timeZone).toBe('Pacific/Kiritimati');
    // It is the 12th in the new zone: one more claim, no more (the next day there starts at 10:00 UTC on the 12th).
    const ahead = await fromDevice('POST', '/api/daily-bonus/claim', 'America/New_York');
    expect(ahead.statusCode).toBe(200);
    expect(ahead.json().next_claim_at).toBe('2024-06-12T10:00:00.000Z');

    const back = await fromDevice('PUT', '/api/user/settings', 'America/New_York', { timeZone: 'America/New_York' });
    expect(back.statusCode).toBe(429);
    expect(back.json()).toEqual({ error: 'The time zone can be changed once a day. Please try again tomorrow.' });
    expect((await info()).next_claim_at).toBe('2024-06-12T10:00:00.000Z');

    // Going back a day later lands on a day already claimed there: nothing gained.
    now = new Date('2024-06-12T12:00:00.000Z');
    expect(
      (await fromDevice('PUT', '/api/user/settings', 'America/New_York', { timeZone: 'America/New_York' })).statusCode,
    ).toBe(200);
    expect((await claim()).statusCode).toBe(409);
    expect(await rows('daily_bonus_claims', me.user.id)).toBe(2);
  });

  it('refuses a zone that is not in the time zone database', async () => {
    for (const timeZone of ['Mars/Olympus_Mons', '+09:00', 42, null, '']) {
      const response = await fromDevice('PUT', '/api/user/settings', 'UTC', { timeZone });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'Time zone must be a name from the time zone database, such as Europe/Berlin',
      });
    }
    expect((await fromDevice('GET', '/api/user/settings', 'UTC')).json().timeZone).toBe('UTC');
  });

  it('grows the reward with the streak up to 7 days, and starts over after a missed day', async () => {
    const paid: Array<[number, number, number]> = [];
    for (let day = 0; day < 9; day++) {
      now = new Date(START.getTime() + day * DAY);
      const body = (await claim()).json();
      paid.push([body.streak, body.reward.tokens, body.reward.xp]);
    }
    expect(paid).toEqual([
      [1, 10, 5],
      [2, 20, 10],
      [3, 30, 15],
      [4, 40, 20],
      [5, 50, 25],
      [6, 60, 30],
      [7, 70, 35],
      [8, 70, 35],
      [9, 70, 35],
    ]);
    expect((await me.get('/api/tokens/balance')).json().balance).toBe(10 + 20 + 30 + 40 + 50 + 60 + 70 * 3);

    // Day 10 skipped: on day 11 the streak is gone.
    now = new Date(START.getTime() + 10 * DAY);
    expect(await info()).toMatchObject({ available: true, streak: 0, reward: { tokens: 10, xp: 5 } });
    expect((await claim()).json()).toMatchObject({ streak: 1, reward: { tokens: 10, xp: 5 } });
  });

  it('gives exactly one bonus to concurrent claims, and a clear refusal to the others', async () => {
    const responses = await Promise.all([1, 2, 3, 4].map(() => claim()));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409, 409, 409]);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json()).toEqual({ error: 'Daily bonus already claimed today' });
    }
    expect(await rows('daily_bonus_claims', me.user.id)).toBe(1);
    expect(await rows('token_ledger', me.user.id)).toBe(1);
    expect(await bonusXp(me.user.id)).toEqual([5]);
  });

  it("keeps each learner's bonus apart", async () => {
    const stranger = await signedInClient(app);
    expect((await claim()).statusCode).toBe(200);
    expect((await info(stranger)).available).toBe(true);
    expect((await claim(stranger)).statusCode).toBe(200);
    expect((await stranger.get('/api/tokens/balance')).json()).toEqual({ balance: 10 });
    expect((await me.get('/api/tokens/balance')).json()).toEqual({ balance: 10 });
  });

  it('requires authentication', async () => {
    for (const [method, url] of [
      ['GET', '/api/daily-bonus/info'],
      ['POST', '/api/daily-bonus/claim'],
    ] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'Authentication required' });
    }
  });
});
