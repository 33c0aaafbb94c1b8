import type { FastifyInstance } from 'fastify';
import type { SessionType } from '../../db/schema';
import { bearer, describeEachDb, registerUser, setAccountTimeZone } from '../../test/harness';
import { SessionsRepository } from '../sessions';

// The pinned "now": 05:00 UTC on 11 June 2024 is still 10 June in Los Angeles (UTC-7) and
// already the afternoon of 11 June in Tokyo (UTC+9).
const NOW = new Date('2024-06-11T05:00:00.000Z');
const DAY_MS = 86_400_000;

describeEachDb('GET /api/dashboard/dashboard', (ctx) => {
  let app: FastifyInstance;
  let repository: SessionsRepository;
  // The app's clock: moved to each review's time, back to NOW for every read.
  let clock = NOW;

  beforeAll(async () => {
    app = await ctx.buildApp({}, { now: () => clock });
    repository = new SessionsRepository(ctx.db);
  });
  afterEach(() => {
    clock = NOW;
  });

  const getDashboard = async (accessToken: string, timeZone?: string) => {
    if (timeZone) await setAccountTimeZone(app, ctx.db, accessToken, timeZone);
    return app.inject({ method: 'GET', url: '/api/dashboard/dashboard', headers: bearer(accessToken) });
  };

  /** A review (of a new card of its own) at `at`, through the API as the study screens send it. */
  const reviewAt = async (accessToken: string, at: string, result = 2) => {
    clock = new Date(at);
    const card = await app.inject({
      method: 'POST',
      url: '/api/cards',
      headers: bearer(accessToken),
      payload: { question: `Question at ${at}`, answer: 'Answer' },
    });
    expect(card.statusCode).toBe(201);
    const review = await app.inject({
      method: 'POST',
      url: '/api/spaced-repetition/review',
      headers: bearer(accessToken),
      payload: { cardId: card.json().id, result, timeSpent: 3000 },
    });
    expect(review.statusCode).toBe(200);
    clock = NOW;
  };

  const addSession = (
    userId: number,
    createdAt: string,
    cards: number,
    accuracy: number,
    type: SessionType = 'practice',
  ) =>
    repository.insert({
      user_id: userId,
      session_type: type,
      cards_studied: cards,
      correct_count: Math.round((cards * accuracy) / 100),
      accuracy,
      started_at: new Date(new Date(createdAt).getTime() - 10 * 60_000).toISOString(),
      ended_at: createdAt,
      created_at: createdAt,
    });

  it('is all zeros, with the default goal of 15, for a new learner', async () => {
    const user = await registerUser(app);
    const response = await getDashboard(user.accessToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      userStats: {
        totalCardsStudied: 0,
        averageAccuracy: 0,
        currentStreak: 0,
        frozenDays: 0,
        successRate: null,
        totalReviews: 0,
        totalCards: 0,
      },
      recentSessions: [],
      dailyGoal: { cardsStudied: 0, dailyGoal: 15 },
    });
  });

  describe('with sessions on several days', () => {
    let user: Awaited<ReturnType<typeof registerUser>>;

    beforeAll(async () => {
      user = await registerUser(app);
      await addSession(user.id, '2024-06-09T12:00:00.000Z', 10, 80);
      await addSession(user.id, '2024-06-10T23:30:00.000Z', 5, 60, 'review');
      await addSession(user.id, '2024-06-11T03:00:00.000Z', 4, 100);
      // An empty session: neither listed nor lowering the accuracy.
      await addSession(user.id, '2024-06-11T04:00:00.000Z', 0, 0, 'other');
      // Streaks count days with reviews: one at the time of each non-empty session.
      for (const at of ['2024-06-09T12:00:00.000Z', '2024-06-10T23:30:00.000Z', '2024-06-11T03:00:00.000Z']) {
        await reviewAt(user.accessToken, at);
      }
      // Someone else's sessions and reviews never count (on 8 June they would lengthen the streak).
      const stranger = await registerUser(app);
      await addSession(stranger.id, '2024-06-11T04:30:00.000Z', 50, 10);
      await reviewAt(stranger.accessToken, '2024-06-08T12:00:00.000Z');
    });

    it('totals cards, averages accuracy over non-empty sessions and lists finished ones with cards, newest first', async () => {
      const body = (await getDashboard(user.accessToken, 'UTC')).json();
      expect(body.userStats.totalCardsStudied).toBe(19);
      expect(body.userStats.averageAccuracy).toBe(80);
      expect(body.recentSessions.map((s: { created_at: string }) => s.created_at)).toEqual([
        '2024-06-11T03:00:00.000Z',
        '2024-06-10T23:30:00.000Z',
        '2024-06-09T12:00:00.000Z',
      ]);
      expect(body.recentSessions[1]).toEqual({
        id: expect.any(Number),
        session_type: 'review',
        cards_studied: 5,
        accuracy: 60,
        started_at: '2024-06-10T23:20:00.000Z',
        ended_at: '2024-06-10T23:30:00.000Z',
        created_at: '2024-06-10T23:30:00.000Z',
      });
    });

    it.each([
      // zone, cards studied "today" (cards reviewed that local day; the sessions' own counts,
      // practice included, do not count), streak
      ['UTC', 1, 3], // days 9, 10, 11 June
      ['America/Los_Angeles', 2, 2], // it is still 10 June there; reviews fall on 9 and 10 June
      ['Asia/Tokyo', 2, 1], // 9 and 11 June there: 10 June is a gap
    ])('counts today and the streak in %s', async (timeZone, cardsToday, streak) => {
      const body = (await getDashboard(user.accessToken, timeZone)).json();
      expect(body.dailyGoal).toEqual({ cardsStudied: cardsToday, dailyGoal: 15 });
      expect(body.userStats.currentStreak).toBe(streak);
    });

    it("counts in the account's zone, whatever zone a request names", async () => {
      const utc = (await getDashboard(user.accessToken, 'UTC')).json();
      expect(utc).not.toEqual((await getDashboard(user.accessToken, 'Asia/Tokyo')).json());
      await setAccountTimeZone(app, ctx.db, user.accessToken, 'UTC');
      for (const header of ['Asia/Tokyo', 'America/Los_Angeles', 'Mars/Olympus_Mons', 'DROP TABLE users']) {
        const response = await app.inject({
          method: 'GET',
          url: '/api/dashboard/dashboard',
          headers: { ...bearer(user.accessToken), 'x-time-zone': header },
        });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual(utc);
      }
    });
  });

  it('keeps a streak that ended yesterday and drops one that ended before', async () => {
    const yesterday = await registerUser(app);
    for (const at of ['2024-06-08T10:00:00.000Z', '2024-06-09T10:00:00.000Z', '2024-06-10T10:00:00.000Z']) {
      await reviewAt(yesterday.accessToken, at);
    }
    const alive = (await getDashboard(yesterday.accessToken, 'UTC')).json();
    expect(alive.userStats.currentStreak).toBe(3);

    const lapsed = await registerUser(app);
    await reviewAt(lapsed.accessToken, '2024-06-08T10:00:00.000Z');
    await reviewAt(lapsed.accessToken, '2024-06-09T10:00:00.000Z');
    const broken = (await getDashboard(lapsed.accessToken, 'UTC')).json();
    expect(broken.userStats.currentStreak).toBe(0);
  });

  it('counts several reviews on one day once, any rating, and ignores reviews dated in the future', async () => {
    const user = await registerUser(app);
    await reviewAt(user.accessToken, '2024-06-10T08:00:00.000Z', 0);
    await reviewAt(user.accessToken, '2024-06-10T09:00:00.000Z', 3);
    await reviewAt(user.accessToken, '2024-06-11T01:00:00.000Z', 0);
    await reviewAt(user.accessToken, '2024-06-13T01:00:00.000Z');
    const body = (await getDashboard(user.accessToken, 'UTC')).json();
    expect(body.userStats.currentStreak).toBe(2);
  });

  it('no longer counts sessions without reviews towards the streak', async () => {
    const user = await registerUser(app);
    await addSession(user.id, '2024-06-10T10:00:00.000Z', 5, 100);
    await addSession(user.id, '2024-06-11T01:00:00.000Z', 5, 100);
    const body = (await getDashboard(user.accessToken, 'UTC')).json();
    expect(body.userStats).toEqual({
      totalCardsStudied: 10,
      averageAccuracy: 100,
      currentStreak: 0,
      frozenDays: 0,
      successRate: null,
      totalReviews: 0,
      totalCards: 0,
    });
  });

  it('follows a streak longer than the recent window back through the whole history', async () => {
    const user = await registerUser(app);
    // 70 days up to today, then a gap, then 3 more days before it.
    for (let daysAgo = 75; daysAgo >= 0; daysAgo--) {
      if (daysAgo >= 70 && daysAgo <= 72) continue;
      await reviewAt(user.accessToken, new Date(NOW.getTime() - daysAgo * DAY_MS).toISOString());
    }
    const body = (await getDashboard(user.accessToken, 'UTC')).json();
    expect(body.userStats.currentStreak).toBe(70);
  });

  it('returns the latest 10 sessions and the goal from the settings table', async () => {
    const user = await registerUser(app);
    for (let hour = 0; hour < 12; hour++) {
      await addSession(user.id, `2024-06-10T${String(hour).padStart(2, '0')}:00:00.000Z`, 1, 100);
    }
    await ctx.db
      .insertInto('user_settings')
      .values({ user_id: user.id, daily_goal: 30, updated_at: NOW.toISOString() })
      .execute();

    const body = (await getDashboard(user.accessToken, 'UTC')).json();
    expect(body.recentSessions).toHaveLength(10);
    expect(body.recentSessions[0].created_at).toBe('2024-06-10T11:00:00.000Z');
    expect(body.recentSessions[9].created_at).toBe('2024-06-10T02:00:00.000Z');
    expect(body.dailyGoal.dailyGoal).toBe(30);
    expect(body.userStats.totalCardsStudied).toBe(12);
  });

  it('never lists open, abandoned or empty sessions, so they never push finished ones out', async () => {
    const user = await registerUser(app);
    await addSession(user.id, '2024-06-10T01:00:00.000Z', 3, 100);
    await addSession(user.id, '2024-06-10T02:00:00.000Z', 4, 50, 'review');
    await addSession(user.id, '2024-06-10T03:00:00.000Z', 5, 80);
    const opened = (at: string, cards: number) =>
      repository.insert({
        user_id: user.id,
        session_type: 'practice',
        cards_studied: cards,
        correct_count: cards,
        accuracy: cards > 0 ? 100 : 0,
        started_at: at,
        ended_at: null,
        created_at: at,
      });
    // Opened and left with no card; abandoned (started over 2 h ago, never ended) with cards;
    // still open (started minutes ago); ended with no card.
    await opened('2024-06-10T20:00:00.000Z', 0);
    await opened('2024-06-11T01:00:00.000Z', 2);
    await opened('2024-06-11T04:55:00.000Z', 1);
    await addSession(user.id, '2024-06-11T04:00:00.000Z', 0, 0);

    const body = (await getDashboard(user.accessToken, 'UTC')).json();
    expect(
      body.recentSessions.map((s: { cards_studied: number; ended_at: string | null }) => [s.cards_studied, s.ended_at]),
    ).toEqual([
      [5, '2024-06-10T03:00:00.000Z'],
      [4, '2024-06-10T02:00:00.000Z'],
      [3, '2024-06-10T01:00:00.000Z'],
    ]);
    const activity = await app.inject({
      method: 'GET',
      url: '/api/dashboard/recent-activity',
      headers: bearer(user.accessToken),
    });
    expect(activity.json().sessions.map((s: { cards_studied: number }) => s.cards_studied)).toEqual([5, 4, 3]);
  });

  it('rates success as correct reviews out of all reviews, and counts cards and reviews', async () => {
    const user = await registerUser(app);
    await reviewAt(user.accessToken, '2024-06-10T08:00:00.000Z', 0);
    await reviewAt(user.accessToken, '2024-06-10T09:00:00.000Z', 1);
    await reviewAt(user.accessToken, '2024-06-11T01:00:00.000Z', 3);
    // A session's own accuracy plays no part in it.
    await addSession(user.id, '2024-06-11T02:00:00.000Z', 4, 25);
    const body = (await getDashboard(user.accessToken, 'UTC')).json();
    expect(body.userStats).toMatchObject({ successRate: 66.7, totalReviews: 3, totalCards: 3 });
    const stats = await app.inject({
      method: 'GET',
      url: '/api/dashboard/user-stats',
      headers: bearer(user.accessToken),
    });
    expect(stats.json().successRate).toBe(66.7);
  });

  it('requires authentication', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/dashboard/dashboard' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Authentication required' });
  });
});
