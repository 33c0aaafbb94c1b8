import type { FastifyInstance } from 'fastify';
import { DEFAULT_RATE_LIMITS } from '../../config';
import { DAILY_GOAL_XP, levelFor, levelProgress, levelStart } from '../../lib/experience';
import { signedInClient, type ApiClient } from '../../test/api-client';
import {
  bearer,
  describeEachDb,
  registerUser,
  setAccountTimeZone,
  type RegisteredUser,
  type TestContext,
} from '../../test/harness';
import { ACHIEVEMENTS } from './achievements';

const START = new Date('2024-06-11T05:00:00.000Z');
const DAY = 86_400_000;
// Suites register many learners; the per-address sign-up limit is not under test here.
const MANY_SIGNUPS = {
  rateLimits: { ...DEFAULT_RATE_LIMITS, registerPerAddress: { max: 10_000, timeWindowMs: 60_000 } },
};

type Method = 'GET' | 'POST' | 'PUT';

interface AchievementJson {
  key: string;
  unlocked: boolean;
  unlocked_at: string | null;
  progress: number;
  target: number;
  xp_reward: number;
  token_reward: number;
}

type CatalogueKey =
  | 'first_review'
  | 'reviews_100'
  | 'reviews_1000'
  | 'cards_10'
  | 'cards_100'
  | 'streak_3'
  | 'streak_7'
  | 'first_session'
  | 'daily_goal';

describe('the level curve', () => {
  it('starts level n at 50 * n * (n - 1) XP', () => {
    expect([1, 2, 3, 4, 5, 10].map(levelStart)).toEqual([0, 100, 300, 600, 1000, 4500]);
    const cases: Array<[number, number]> = [
      [0, 1],
      [-5, 1],
      [99, 1],
      [100, 2],
      [299, 2],
      [300, 3],
      [599, 3],
      [600, 4],
      [4499, 9],
      [4500, 10],
      [494_999, 99],
      [495_000, 100],
    ];
    for (const [xp, level] of cases) expect({ xp, level: levelFor(xp) }).toEqual({ xp, level });
    expect(levelProgress(0)).toEqual({ level: 1, current: 0, next: 100 });
    expect(levelProgress(350)).toEqual({ level: 3, current: 50, next: 300 });
  });
});

/** Calls as `user`, optionally in a time zone. */
function caller(app: () => FastifyInstance, ctx: TestContext) {
  return async (user: RegisteredUser, method: Method, url: string, payload?: unknown, zone?: string) => {
    if (zone) await setAccountTimeZone(app(), ctx.db, user.accessToken, zone);
    return app().inject({ method, url, headers: bearer(user.accessToken), payload: payload as object | undefined });
  };
}

function xpHelpers(ctx: TestContext) {
  return {
    xpBySource: async (userId: number) => {
      const rows = await ctx.db
        .selectFrom('experience_events')
        .select((eb) => ['source', eb.fn.sum<number>('amount').as('xp'), eb.fn.countAll<number>().as('rows')])
        .where('user_id', '=', userId)
        .groupBy('source')
        .execute();
      return Object.fromEntries(rows.map((row) => [row.source, { xp: Number(row.xp), rows: Number(row.rows) }]));
    },
    count: async (table: 'user_achievements' | 'token_ledger' | 'notifications', userId: number) =>
      Number(
        (
          await ctx.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .where('user_id', '=', userId)
            .executeTakeFirstOrThrow()
        ).n,
      ),
  };
}

describeEachDb('gamification: profile, achievements, experience', (ctx) => {
  let now = START;
  let app: FastifyInstance;
  let me: ApiClient;
  const send = caller(() => app, ctx);
  const { xpBySource, count } = xpHelpers(ctx);

  beforeAll(async () => {
    app = await ctx.buildApp(MANY_SIGNUPS, { now: () => now });
  });
  beforeEach(async () => {
    now = START;
    me = await signedInClient(app);
  });

  const review = async (client: ApiClient, cardId: number, extra: Record<string, unknown> = {}) => {
    const response = await client.post('/api/spaced-repetition/review', {
      cardId,
      result: 2,
      timeSpent: 3000,
      ...extra,
    });
    expect(response.statusCode).toBe(200);
  };
  const achievements = async (client: ApiClient, zone?: string) => {
    const response = await send(client.user, 'GET', '/api/gamification/achievements', undefined, zone);
    expect(response.statusCode).toBe(200);
    const list = response.json().achievements as AchievementJson[];
    return Object.fromEntries(list.map((a) => [a.key, a])) as Record<CatalogueKey, AchievementJson>;
  };
  const check = (client: ApiClient, zone?: string) =>
    send(client.user, 'POST', '/api/gamification/achievements/check', undefined, zone);
  const addXp = (client: ApiClient, payload: unknown) => client.post('/api/gamification/experience/add', payload);

  describe('GET /gamification/profile', () => {
    it('shows a new learner at level 1 with nothing earned', async () => {
      const response = await me.get('/api/gamification/profile');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: me.user.id,
        display_name: null,
        experience_points: 0,
        level: 1,
        level_progress: { current: 0, next: 100 },
        achievements_unlocked: 0,
        tokens: 0,
        current_streak: 0,
        longest_streak: 0,
        cards: 0,
        reviews: 0,
      });
    });

    it('counts cards, reviews and the current and longest streak from the review history', async () => {
      now = new Date(START.getTime() - 8 * DAY);
      const card = await me.createCard();
      await me.createCard();
      // 4 days in a row (the longest), a gap of two days, then 2 days up to today; two reviews
      // on one day count that day once.
      for (const daysAgo of [7, 6, 5, 4, 1, 1, 0]) {
        now = new Date(START.getTime() - daysAgo * DAY);
        await review(me, card.id);
      }
      now = START;
      expect((await me.get('/api/gamification/profile')).json()).toMatchObject({
        cards: 2,
        reviews: 7,
        current_streak: 2,
        longest_streak: 4,
      });
      // A streak that ended yesterday is still alive; one that ended before is not.
      now = new Date(START.getTime() + DAY);
      expect((await me.get('/api/gamification/profile')).json()).toMatchObject({
        current_streak: 2,
        longest_streak: 4,
      });
      now = new Date(START.getTime() + 2 * DAY);
      expect((await me.get('/api/gamification/profile')).json()).toMatchObject({
        current_streak: 0,
        longest_streak: 4,
      });
    });

    it('counts days in the time zone sent', async () => {
      now = new Date('2024-06-10T23:00:00.000Z');
      const card = await me.createCard();
      // 23:30 and 00:30 UTC: two UTC days, one day in Los Angeles.
      now = new Date('2024-06-10T23:30:00.000Z');
      await review(me, card.id);
      now = new Date('2024-06-11T00:30:00.000Z');
      await review(me, card.id);
      now = START;
      const utc = await send(me.user, 'GET', '/api/gamification/profile', undefined, 'UTC');
      expect(utc.json()).toMatchObject({ current_streak: 2, longest_streak: 2 });
      const la = await send(me.user, 'GET', '/api/gamification/profile', undefined, 'America/Los_Angeles');
      expect(la.json()).toMatchObject({ current_streak: 1, longest_streak: 1 });
    });

    it('follows the XP ledger: ten reviews reach level 2', async () => {
      const card = await me.createCard();
      for (let i = 0; i < 10; i++) await review(me, card.id);
      expect((await me.get('/api/gamification/profile')).json()).toMatchObject({
        experience_points: 100,
        level: 2,
        level_progress: { current: 0, next: 200 },
      });
    });
  });

  describe('GET /gamification/profile/:id', () => {
    it("shows another learner's public fields only", async () => {
      const grace = await registerUser(app, { display_name: 'Grace' });
      const response = await me.get(`/api/gamification/profile/${grace.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: grace.id,
        display_name: 'Grace',
        experience_points: 0,
        level: 1,
        achievements_unlocked: 0,
      });
      expect(response.body).not.toContain(grace.email);
      expect(response.body).not.toContain('@');
    });

    it('sends a learner without a display name with the name null (the screens word the stand-in)', async () => {
      const stranger = await signedInClient(app);
      expect((await me.get(`/api/gamification/profile/${stranger.user.id}`)).json().display_name).toBeNull();
    });

    it.each([['999999'], ['abc'], ['0'], ['-1'], ['1.5'], ['99999999999']])('answers 404 for the id %p', async (id) => {
      const response = await me.get(`/api/gamification/profile/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'User not found' });
    });
  });

  describe('GET /gamification/achievements', () => {
    it('lists the whole catalogue, locked, for a new learner', async () => {
      const response = await me.get('/api/gamification/achievements');
      expect(response.statusCode).toBe(200);
      const list = response.json().achievements as AchievementJson[];
      expect(list.map((a) => a.key)).toEqual(ACHIEVEMENTS.map((a) => a.key));
      expect(list[0]).toEqual({
        key: 'first_review',
        name: 'First Steps',
        description: 'Review your first card',
        unlocked: false,
        unlocked_at: null,
        progress: 0,
        target: 1,
        xp_reward: 10,
        token_reward: 5,
      });
      for (const achievement of list) expect(achievement).toMatchObject({ unlocked: false, progress: 0 });
      // The daily-goal achievement aims at the learner's own goal (default 15).
      expect(list.find((a) => a.key === 'daily_goal')!.target).toBe(15);
    });

    it("measures progress on the learner's own data, without unlocking anything", async () => {
      const cards = [];
      for (let i = 0; i < 12; i++) cards.push(await me.createCard());
      await review(me, cards[0]!.id);
      await review(me, cards[1]!.id);
      const list = await achievements(me);
      expect(list.first_review).toMatchObject({ progress: 1, target: 1, unlocked: false });
      expect(list.reviews_100).toMatchObject({ progress: 2, target: 100 });
      expect(list.cards_10).toMatchObject({ progress: 10, target: 10, unlocked: false });
      expect(list.cards_100).toMatchObject({ progress: 12, target: 100 });
      expect(list.streak_3).toMatchObject({ progress: 1, target: 3 });
      expect(await count('user_achievements', me.user.id)).toBe(0);

      // Another learner's work counts for them only.
      const stranger = await signedInClient(app);
      expect((await achievements(stranger)).first_review).toMatchObject({ progress: 0 });
    });

    it("counts review streaks in the learner's time zone", async () => {
      const card = await me.createCard();
      // 23:30, 01:00 and 01:00 the next night in New York: three local days, two UTC days.
      for (const instant of ['2024-06-11T03:30:00.000Z', '2024-06-11T05:00:00.000Z', '2024-06-12T05:00:00.000Z']) {
        now = new Date(instant);
        await review(me, card.id);
      }
      expect((await achievements(me, 'America/New_York')).streak_3.progress).toBe(3);
      expect((await achievements(me, 'UTC')).streak_3.progress).toBe(2);
      expect((await achievements(me)).streak_3.progress).toBe(2);

      const unlocked = (await check(me, 'America/New_York')).json().unlocked as AchievementJson[];
      expect(unlocked.map((a) => a.key)).toEqual(['first_review', 'streak_3']);
    });
  });

  describe('POST /gamification/achievements/check', () => {
    it('unlocks what is earned once, paying XP and tokens and notifying the learner', async () => {
      const spare = await me.createCard();
      for (let i = 0; i < 9; i++) await me.createCard();
      const card = await me.createCard();
      await review(me, card.id);

      const first = await check(me);
      expect(first.statusCode).toBe(200);
      const body = first.json();
      expect(body.unlocked).toEqual([
        expect.objectContaining({ key: 'first_review', unlocked: true, unlocked_at: START.toISOString(), progress: 1 }),
        expect.objectContaining({ key: 'cards_10', unlocked: true, unlocked_at: START.toISOString(), progress: 10 }),
      ]);
      expect(body.achievements).toHaveLength(ACHIEVEMENTS.length);
      expect(body.achievements.filter((a: AchievementJson) => a.unlocked).map((a: AchievementJson) => a.key)).toEqual([
        'first_review',
        'cards_10',
      ]);

      expect(await xpBySource(me.user.id)).toEqual({ review: { xp: 10, rows: 1 }, achievement: { xp: 30, rows: 2 } });
      expect((await me.get('/api/gamification/profile')).json()).toMatchObject({
        experience_points: 40,
        achievements_unlocked: 2,
        tokens: 15,
      });
      const notifications = await ctx.db
        .selectFrom('notifications')
        .selectAll()
        .where('user_id', '=', me.user.id)
        .orderBy('id')
        .execute();
      expect(notifications.map((n) => [n.type, n.params && JSON.parse(n.params), n.title, n.message])).toEqual([
        [
          'achievement_unlocked',
          { achievement: 'first_review', xp: 10, tokens: 5 },
          'Achievement unlocked: First Steps',
          'Review your first card. You earned 10 XP and 5 tokens.',
        ],
        [
          'achievement_unlocked',
          { achievement: 'cards_10', xp: 20, tokens: 10 },
          'Achievement unlocked: Card Maker',
          'Create 10 cards. You earned 20 XP and 10 tokens.',
        ],
      ]);

      now = new Date(START.getTime() + DAY);
      expect((await me.del(`/api/cards/${spare.id}?confirm=true`)).statusCode).toBe(200);
      const again = await check(me);
      expect(again.json().unlocked).toEqual([]);
      expect((await xpBySource(me.user.id)).achievement).toEqual({ xp: 30, rows: 2 });
      // Unlocked stays unlocked, at its first time, even when the cards are gone.
      const list = await achievements(me);
      expect(list.cards_10).toMatchObject({ unlocked: true, unlocked_at: START.toISOString() });
    });

    it('unlocks and pays each achievement once under concurrent checks', async () => {
      const card = await me.createCard();
      await review(me, card.id);
      const responses = await Promise.all([1, 2, 3, 4, 5].map(() => check(me)));
      for (const response of responses) expect(response.statusCode).toBe(200);
      const unlockedKeys = responses.flatMap((response) =>
        (response.json().unlocked as AchievementJson[]).map((a) => a.key),
      );
      expect(unlockedKeys).toEqual(['first_review']);
      expect(await count('user_achievements', me.user.id)).toBe(1);
      expect((await xpBySource(me.user.id)).achievement).toEqual({ xp: 10, rows: 1 });
      expect(await count('token_ledger', me.user.id)).toBe(1);
      expect(await count('notifications', me.user.id)).toBe(1);
    });

    it('counts a finished session, and a day that reached the goal', async () => {
      await me.put('/api/spaced-repetition/settings', { dailyGoal: 5 });
      const sessionId = (await me.post('/api/dashboard/session/start', { session_type: 'review' })).json().sessionId;
      // Five cards, each rated twice: the goal counts cards, not ratings.
      for (let i = 0; i < 5; i++) {
        const card = await me.createCard();
        await review(me, card.id, { sessionId });
        await review(me, card.id, { sessionId });
      }
      expect((await me.post('/api/dashboard/session/end', { sessionId })).statusCode).toBe(200);

      // Ending the session already ran the check: a later check finds nothing new.
      const { unlocked, achievements } = (await check(me)).json() as {
        unlocked: AchievementJson[];
        achievements: AchievementJson[];
      };
      expect(unlocked).toEqual([]);
      const earned = achievements.filter((a) => a.unlocked).map((a) => a.key);
      expect(earned).toEqual(['first_review', 'first_session', 'daily_goal']);
      expect(achievements.find((a) => a.key === 'daily_goal')).toMatchObject({ progress: 5, target: 5 });
    });

    it("never unlocks for another learner's work", async () => {
      const stranger = await signedInClient(app);
      const theirCard = await stranger.createCard();
      await review(stranger, theirCard.id);
      expect((await check(me)).json().unlocked).toEqual([]);
      expect((await check(stranger)).json().unlocked.map((a: AchievementJson) => a.key)).toEqual(['first_review']);
      expect(await count('user_achievements', me.user.id)).toBe(0);
      expect((await achievements(me)).first_review.unlocked).toBe(false);
    });
  });

  describe('POST /gamification/experience/add', () => {
    const reachGoal = async (client: ApiClient, cards = 5) => {
      await client.put('/api/spaced-repetition/settings', { dailyGoal: 5 });
      const sessionId = (await client.post('/api/dashboard/session/start', { session_type: 'review' })).json()
        .sessionId;
      // Cards studied today are distinct cards reviewed: one rating each.
      for (let i = 0; i < cards; i++) await review(client, (await client.createCard()).id, { sessionId });
    };

    it.each([['review'], ['achievement'], ['daily_bonus'], ['admin'], [42], [{ x: 1 }]])(
      'refuses to mint XP for the source %p',
      async (source) => {
        const response = await addXp(me, { source, amount: 10 });
        expect(response.statusCode).toBe(400);
        const shown = typeof source === 'string' ? source : JSON.stringify(source);
        expect(response.json()).toEqual({
          error: `Experience points are earned by studying; source "${shown}" cannot be added`,
        });
        expect(await xpBySource(me.user.id)).toEqual({});
      },
    );

    it('requires a source and the exact daily-goal amount', async () => {
      expect((await addXp(me, { amount: DAILY_GOAL_XP })).json()).toEqual({ error: 'Source is required' });
      for (const amount of [DAILY_GOAL_XP * 10, 1, -DAILY_GOAL_XP, String(DAILY_GOAL_XP), undefined]) {
        const response = await addXp(me, { source: 'daily_goal', amount });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          error: `The daily goal is worth exactly ${DAILY_GOAL_XP} experience points`,
        });
      }
      const notObject = await addXp(me, [1, 2]);
      expect(notObject.statusCode).toBe(400);
      expect(await xpBySource(me.user.id)).toEqual({});
    });

    it('refuses the daily-goal XP before the goal is reached', async () => {
      await reachGoal(me, 3);
      const response = await addXp(me, { source: 'daily_goal', amount: DAILY_GOAL_XP });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'Reach your daily goal first: 3 of 5 cards studied today' });
      expect((await xpBySource(me.user.id)).daily_goal).toBeUndefined();
    });

    it('grants the daily-goal XP once per local day', async () => {
      await reachGoal(me);
      const response = await addXp(me, { source: 'daily_goal', amount: DAILY_GOAL_XP });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ experience_points: 50 + DAILY_GOAL_XP, granted: DAILY_GOAL_XP });

      const again = await addXp(me, { source: 'daily_goal', amount: DAILY_GOAL_XP });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ error: "Today's daily goal experience points were already added" });

      // A new day needs the goal reached again.
      now = new Date(START.getTime() + DAY);
      expect((await addXp(me, { source: 'daily_goal', amount: DAILY_GOAL_XP })).statusCode).toBe(400);
      await reachGoal(me);
      expect((await addXp(me, { source: 'daily_goal', amount: DAILY_GOAL_XP })).statusCode).toBe(200);
      expect((await xpBySource(me.user.id)).daily_goal).toEqual({ xp: 2 * DAILY_GOAL_XP, rows: 2 });
    });

    it('grants it exactly once under concurrent requests', async () => {
      await reachGoal(me);
      const responses = await Promise.all(
        [1, 2, 3, 4].map(() => addXp(me, { source: 'daily_goal', amount: DAILY_GOAL_XP })),
      );
      expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
      expect((await xpBySource(me.user.id)).daily_goal).toEqual({ xp: DAILY_GOAL_XP, rows: 1 });
    });

    it("does not count another learner's studying", async () => {
      const stranger = await signedInClient(app);
      await reachGoal(stranger);
      expect((await addXp(me, { source: 'daily_goal', amount: DAILY_GOAL_XP })).statusCode).toBe(400);
      expect((await addXp(stranger, { source: 'daily_goal', amount: DAILY_GOAL_XP })).statusCode).toBe(200);
    });
  });

  it('requires authentication', async () => {
    const calls: Array<[Method, string]> = [
      ['GET', '/api/gamification/profile'],
      ['GET', `/api/gamification/profile/${me.user.id}`],
      ['GET', '/api/gamification/leaderboard'],
      ['GET', '/api/gamification/achievements'],
      ['POST', '/api/gamification/achievements/check'],
      ['POST', '/api/gamification/experience/add'],
    ];
    for (const [method, url] of calls) {
      const response = await app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect({ url, status: response.statusCode, body: response.json() }).toEqual({
        url,
        status: 401,
        body: { error: 'Authentication required' },
      });
    }
  });
});

// Its own database: the leaderboard ranks every user in it.
describeEachDb('gamification: leaderboard', (ctx) => {
  let app: FastifyInstance;
  const send = caller(() => app, ctx);
  let alice: RegisteredUser;
  let bob: RegisteredUser;
  let carol: RegisteredUser;
  let dave: RegisteredUser;

  beforeAll(async () => {
    app = await ctx.buildApp(MANY_SIGNUPS, { now: () => START });
    const earn = async (user: RegisteredUser, reviews: number) => {
      const card = await send(user, 'POST', '/api/cards', { question: 'Q', answer: 'A' });
      for (let i = 0; i < reviews; i++) {
        const response = await send(user, 'POST', '/api/spaced-repetition/review', {
          cardId: card.json().id,
          result: 2,
          timeSpent: 3000,
        });
        expect(response.statusCode).toBe(200);
      }
    };
    alice = await registerUser(app, { display_name: 'Alice' });
    bob = await registerUser(app);
    carol = await registerUser(app, { display_name: 'Carol' });
    dave = await registerUser(app, { display_name: 'Dave' });
    await earn(alice, 3);
    await earn(bob, 3);
    await earn(carol, 1);
  });

  const board = async (user: RegisteredUser, query = '') => {
    const response = await send(user, 'GET', `/api/gamification/leaderboard${query}`);
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  it('ranks everyone by XP, ties sharing a rank, with public names and no e-mail', async () => {
    const response = await send(carol, 'GET', '/api/gamification/leaderboard');
    expect(response.json()).toEqual({
      leaderboard: [
        { rank: 1, id: alice.id, display_name: 'Alice', experience_points: 30, level: 1 },
        { rank: 1, id: bob.id, display_name: null, experience_points: 30, level: 1 },
        { rank: 3, id: carol.id, display_name: 'Carol', experience_points: 10, level: 1 },
        { rank: 4, id: dave.id, display_name: 'Dave', experience_points: 0, level: 1 },
      ],
      me: { rank: 3, experience_points: 10 },
    });
    expect(response.body).not.toContain('@');
  });

  it('places the caller even outside the page, and honours limit (default 10, at most 100)', async () => {
    const top = await board(dave, '?limit=2');
    expect(top.leaderboard.map((entry: { id: number }) => entry.id)).toEqual([alice.id, bob.id]);
    expect(top.me).toEqual({ rank: 4, experience_points: 0 });
    expect((await board(alice, '?limit=100')).me).toEqual({ rank: 1, experience_points: 30 });
    expect((await board(alice)).leaderboard).toHaveLength(4);
  });

  it.each([['0'], ['101'], ['abc'], ['-1'], ['1.5']])('refuses limit=%p with 400', async (limit) => {
    const response = await send(alice, 'GET', `/api/gamification/leaderboard?limit=${limit}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'limit must be between 1 and 100' });
  });
});
