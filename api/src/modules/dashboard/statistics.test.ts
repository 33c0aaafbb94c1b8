import type { FastifyInstance } from 'fastify';
import type { SessionType } from '@flashcard/api-contract/schemas';
import { bearer, describeEachDb, registerUser, setAccountTimeZone, type RegisteredUser } from '../../test/harness';
import { reviewLogRow } from '../../test/review-log';
import { SessionsRepository } from '../sessions';
import { DashboardRepository } from './repository';
import { activeDays, runsOf, utcDaysOf } from './streaks';

// 05:00 UTC on 11 June 2024: still 10 June in Los Angeles (UTC-7), 14:00 on 11 June in Tokyo.
const NOW = new Date('2024-06-11T05:00:00.000Z');
const DAY_MS = 86_400_000;

describeEachDb('dashboard statistics', (ctx) => {
  let app: FastifyInstance;
  let sessions: SessionsRepository;
  let clock = NOW;

  beforeAll(async () => {
    app = await ctx.buildApp({}, { now: () => clock });
    sessions = new SessionsRepository(ctx.db);
  });
  afterEach(() => {
    clock = NOW;
  });

  const get = async (user: RegisteredUser, url: string, timeZone?: string) => {
    if (timeZone) await setAccountTimeZone(app, ctx.db, user.accessToken, timeZone);
    return app.inject({ method: 'GET', url, headers: bearer(user.accessToken) });
  };

  const createCard = async (user: RegisteredUser, fields: Record<string, unknown> = {}) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/cards',
      headers: bearer(user.accessToken),
      payload: { question: 'Question', answer: 'Answer', ...fields },
    });
    expect(response.statusCode).toBe(201);
    return response.json() as { id: number };
  };

  /** Rates `cardId` (a new card when omitted) at `at` through the review endpoint. */
  const reviewAt = async (user: RegisteredUser, at: string, result = 2, cardId?: number, timeSpent = 3000) => {
    const id = cardId ?? (await createCard(user)).id;
    clock = new Date(at);
    const response = await app.inject({
      method: 'POST',
      url: '/api/spaced-repetition/review',
      headers: bearer(user.accessToken),
      payload: { cardId: id, result, timeSpent },
    });
    clock = NOW;
    expect(response.statusCode).toBe(200);
    return id;
  };

  const addSession = (
    userId: number,
    createdAt: string,
    cards: number,
    accuracy: number,
    type: SessionType = 'review',
  ) =>
    sessions.insert({
      user_id: userId,
      session_type: type,
      cards_studied: cards,
      correct_count: Math.round((cards * accuracy) / 100),
      accuracy,
      started_at: createdAt,
      ended_at: createdAt,
      created_at: createdAt,
    });

  const daysAgo = (days: number, time = '12:00:00.000Z') =>
    `${new Date(NOW.getTime() - days * DAY_MS).toISOString().slice(0, 10)}T${time}`;

  describe('GET /api/dashboard/analytics', () => {
    let user: RegisteredUser;

    beforeAll(async () => {
      user = await registerUser(app);
      await reviewAt(user, '2024-06-09T12:00:00.000Z', 2); // Good
      await reviewAt(user, '2024-06-10T23:30:00.000Z', 2); // Good
      await reviewAt(user, '2024-06-11T03:00:00.000Z', 0); // Again: forgotten
      await reviewAt(user, '2024-06-11T04:00:00.000Z', 3); // Easy
      // Another learner's reviews on the same days never count.
      const stranger = await registerUser(app);
      await reviewAt(stranger, '2024-06-10T12:00:00.000Z', 0);
      await reviewAt(stranger, '2024-06-11T04:30:00.000Z', 0);
    });

    it('lists the last 30 days by default, oldest first, ending today, zeros filled', async () => {
      const response = await get(user, '/api/dashboard/analytics', 'UTC');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.days).toHaveLength(30);
      expect(body.days[0]).toEqual({ date: '2024-05-13', reviews: 0, correct: 0, successRate: null });
      expect(body.days.slice(-3)).toEqual([
        { date: '2024-06-09', reviews: 1, correct: 1, successRate: 100 },
        { date: '2024-06-10', reviews: 1, correct: 1, successRate: 100 },
        { date: '2024-06-11', reviews: 2, correct: 1, successRate: 50 },
      ]);
      expect(body.totals).toEqual({ reviews: 4, correct: 3, successRate: 75 });
    });

    it.each([
      [
        'America/Los_Angeles', // still 10 June: the three latest reviews all fall on it
        [
          { date: '2024-06-08', reviews: 0, correct: 0, successRate: null },
          { date: '2024-06-09', reviews: 1, correct: 1, successRate: 100 },
          { date: '2024-06-10', reviews: 3, correct: 2, successRate: 66.7 },
        ],
      ],
      [
        'Asia/Tokyo', // 10 June 23:30 UTC is already 11 June there; nothing on 10 June
        [
          { date: '2024-06-09', reviews: 1, correct: 1, successRate: 100 },
          { date: '2024-06-10', reviews: 0, correct: 0, successRate: null },
          { date: '2024-06-11', reviews: 3, correct: 2, successRate: 66.7 },
        ],
      ],
    ])('groups reviews by the local days of %s', async (timeZone, days) => {
      const body = (await get(user, '/api/dashboard/analytics?days=3', timeZone)).json();
      expect(body).toEqual({ days, totals: { reviews: 4, correct: 3, successRate: 75 } });
    });

    it('puts a review at local midnight on the new day', async () => {
      const learner = await registerUser(app);
      await reviewAt(learner, '2024-06-10T14:59:59.999Z'); // 23:59:59.999 on 10 June in Tokyo
      await reviewAt(learner, '2024-06-10T15:00:00.000Z'); // 00:00 on 11 June in Tokyo
      await reviewAt(learner, '2024-06-10T15:00:00.001Z');
      const body = (await get(learner, '/api/dashboard/analytics?days=2', 'Asia/Tokyo')).json();
      expect(body.days.map((day: { reviews: number }) => day.reviews)).toEqual([1, 2]);
    });

    it('accepts 1 and 366 days', async () => {
      const one = (await get(user, '/api/dashboard/analytics?days=1', 'UTC')).json();
      expect(one.days).toEqual([{ date: '2024-06-11', reviews: 2, correct: 1, successRate: 50 }]);
      const year = (await get(user, '/api/dashboard/analytics?days=366', 'UTC')).json();
      expect(year.days).toHaveLength(366);
      expect(year.days[0].date).toBe('2023-06-12');
      expect(year.totals.reviews).toBe(4);
    });

    it.each(['0', '367', 'abc', '-1', '1.5', '1e2', '9999999'])('refuses days=%s with a 400', async (days) => {
      const response = await get(user, `/api/dashboard/analytics?days=${days}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'days must be a whole number between 1 and 366' });
    });

    it('refuses an over-long value with a 400 and an error message', async () => {
      const response = await get(user, `/api/dashboard/analytics?days=${'1'.repeat(30)}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: expect.any(String) });
    });
  });

  describe('GET /api/dashboard/user-stats', () => {
    it('is all zeros for a new learner', async () => {
      const user = await registerUser(app);
      const response = await get(user, '/api/dashboard/user-stats');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        totalCardsStudied: 0,
        averageAccuracy: 0,
        currentStreak: 0,
        longestStreak: 0,
        successRate: null,
        totalReviews: 0,
        reviewsToday: 0,
        totalCards: 0,
        studyTimeMs: 0,
      });
    });

    it("counts reviews, streaks, today, cards and study time from the learner's own rows", async () => {
      const user = await registerUser(app);
      const card = await createCard(user);
      // An older run of 5 days (the longest), a gap, then 3 days up to today (UTC).
      for (const days of [20, 19, 18, 17, 16]) await reviewAt(user, daysAgo(days), 2, card.id, 4000);
      for (const days of [2, 1]) await reviewAt(user, daysAgo(days), 0, card.id, 4000);
      await reviewAt(user, daysAgo(0, '01:00:00.000Z'), 3, card.id, 4000);
      await reviewAt(user, daysAgo(0, '02:00:00.000Z'), 3, card.id, 90_000); // counted as 60 s at most
      await createCard(user);
      await addSession(user.id, daysAgo(1), 6, 50);
      await addSession(user.id, daysAgo(0, '03:00:00.000Z'), 4, 100);
      const stranger = await registerUser(app);
      for (const days of [5, 4, 3, 2, 1, 0]) await reviewAt(stranger, daysAgo(days, '01:00:00.000Z'));

      const body = (await get(user, '/api/dashboard/user-stats', 'UTC')).json();
      expect(body).toEqual({
        totalCardsStudied: 10,
        averageAccuracy: 75,
        currentStreak: 3,
        longestStreak: 5,
        // 7 of 9 reviews rated above Again.
        successRate: 77.8,
        totalReviews: 9,
        reviewsToday: 2,
        totalCards: 2,
        studyTimeMs: 8 * 4000 + 60_000,
      });
      // In Los Angeles it is still 10 June: today's and yesterday's UTC reviews share that local
      // day, so the alive run is 9-10 June (2 days) and 3 reviews are from "today".
      const la = (await get(user, '/api/dashboard/user-stats', 'America/Los_Angeles')).json();
      expect(la).toMatchObject({ currentStreak: 2, longestStreak: 5, reviewsToday: 3 });
    });

    it('finds the longest streak of a long history', async () => {
      const user = await registerUser(app);
      const card = await createCard(user);
      for (let days = 80; days >= 1; days--) {
        if (days !== 8) await reviewAt(user, daysAgo(days), 2, card.id);
      }
      const body = (await get(user, '/api/dashboard/user-stats', 'UTC')).json();
      expect(body).toMatchObject({ currentStreak: 7, longestStreak: 72, totalReviews: 79, reviewsToday: 0 });
    });
  });

  describe('GET /api/dashboard/recent-activity', () => {
    let user: RegisteredUser;

    beforeAll(async () => {
      user = await registerUser(app);
      for (let hour = 0; hour < 6; hour++) await addSession(user.id, `2024-06-10T0${hour}:00:00.000Z`, hour + 1, 80);
      const stranger = await registerUser(app);
      await addSession(stranger.id, '2024-06-10T23:00:00.000Z', 9, 10);
    });

    it('lists the latest 3 sessions by default, newest first, as the dashboard shows them', async () => {
      const response = await get(user, '/api/dashboard/recent-activity');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.sessions.map((s: { created_at: string }) => s.created_at)).toEqual([
        '2024-06-10T05:00:00.000Z',
        '2024-06-10T04:00:00.000Z',
        '2024-06-10T03:00:00.000Z',
      ]);
      expect(body.sessions[0]).toEqual({
        id: expect.any(Number),
        session_type: 'review',
        cards_studied: 6,
        accuracy: 80,
        started_at: '2024-06-10T05:00:00.000Z',
        ended_at: '2024-06-10T05:00:00.000Z',
        created_at: '2024-06-10T05:00:00.000Z',
      });
    });

    it('takes a limit up to 50', async () => {
      expect((await get(user, '/api/dashboard/recent-activity?limit=5')).json().sessions).toHaveLength(5);
      expect((await get(user, '/api/dashboard/recent-activity?limit=50')).json().sessions).toHaveLength(6);
    });

    it.each(['0', '51', 'ten', '-3', '2.5'])('refuses limit=%s with a 400', async (limit) => {
      const response = await get(user, `/api/dashboard/recent-activity?limit=${limit}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'limit must be a whole number between 1 and 50' });
    });
  });

  describe('GET /api/dashboard/study-progress', () => {
    it('starts empty, with the default goal', async () => {
      const user = await registerUser(app);
      const response = await get(user, '/api/dashboard/study-progress');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        dailyGoal: { cardsStudied: 0, dailyGoal: 15, percent: 0, reached: false },
        cards: { total: 0, new: 0, learning: 0, review: 0, relearning: 0, known: 0 },
        reviewsToday: 0,
      });
    });

    it("counts cards by state, known ones, today's reviews and the goal in the learner's zone", async () => {
      const user = await registerUser(app);
      const [a, b, c] = [await createCard(user), await createCard(user), await createCard(user)];
      await createCard(user);
      await reviewAt(user, '2024-06-10T12:00:00.000Z', 0, a.id); // learning
      await reviewAt(user, '2024-06-11T01:00:00.000Z', 3, b.id); // Easy: straight to review
      await reviewAt(user, '2024-06-11T02:00:00.000Z', 2, c.id);
      const known = await app.inject({
        method: 'PUT',
        url: `/api/cards/${c.id}/known`,
        headers: bearer(user.accessToken),
      });
      expect(known.statusCode).toBe(200);
      await addSession(user.id, '2024-06-11T02:30:00.000Z', 6, 50);
      await addSession(user.id, '2024-06-10T20:00:00.000Z', 4, 50);
      const stranger = await registerUser(app);
      await createCard(stranger);
      await reviewAt(stranger, '2024-06-11T01:00:00.000Z');

      // Cards studied today are the cards reviewed today; the sessions' own counts do not add.
      const utc = (await get(user, '/api/dashboard/study-progress', 'UTC')).json();
      expect(utc).toEqual({
        dailyGoal: { cardsStudied: 2, dailyGoal: 15, percent: 13, reached: false },
        cards: { total: 4, new: 1, learning: 2, review: 1, relearning: 0, known: 1 },
        reviewsToday: 2,
      });
      // Los Angeles: still 10 June, so all three reviews are "today".
      const la = (await get(user, '/api/dashboard/study-progress', 'America/Los_Angeles')).json();
      expect(la.dailyGoal).toEqual({ cardsStudied: 3, dailyGoal: 15, percent: 20, reached: false });
      expect(la.reviewsToday).toBe(3);
    });

    it('caps the percent at 100 once the goal is reached', async () => {
      const user = await registerUser(app);
      for (let n = 0; n < 16; n++) await reviewAt(user, '2024-06-11T01:00:00.000Z');
      const body = (await get(user, '/api/dashboard/study-progress', 'UTC')).json();
      expect(body.dailyGoal).toEqual({ cardsStudied: 16, dailyGoal: 15, percent: 100, reached: true });
    });

    it("counts a card rated again and again today once, and practice not at all ('cards studied today')", async () => {
      const user = await registerUser(app);
      const card = await createCard(user);
      for (const at of ['2024-06-11T01:00:00.000Z', '2024-06-11T01:01:00.000Z', '2024-06-11T01:11:00.000Z']) {
        await reviewAt(user, at, 0, card.id);
      }
      // A practice session's counts (multiple choice, cramming: no review log) are not reviews.
      await addSession(user.id, '2024-06-11T02:30:00.000Z', 30, 50, 'practice');
      const body = (await get(user, '/api/dashboard/study-progress', 'UTC')).json();
      expect(body.dailyGoal.cardsStudied).toBe(1);
      expect(body.reviewsToday).toBe(3);
      // The study hub's queue and the dashboard say the same.
      expect((await get(user, '/api/learning/review-queue', 'UTC')).json().dailyGoal.cardsStudied).toBe(1);
      expect((await get(user, '/api/dashboard/dashboard', 'UTC')).json().dailyGoal.cardsStudied).toBe(1);
    });
  });

  it.each(['analytics', 'user-stats', 'recent-activity', 'study-progress'])(
    'requires authentication for /%s',
    async (path) => {
      const response = await app.inject({ method: 'GET', url: `/api/dashboard/${path}` });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'Authentication required' });
    },
  );

  describe('reviews per day from quarter-hour counts', () => {
    it('counts the same from quarter-hour rows (days on quarter hours) as from the logs (days not on them)', async () => {
      const user = await registerUser(app);
      const card = await createCard(user);
      const times = [
        '2024-06-10T00:00:00.000Z',
        '2024-06-10T00:06:59.999Z',
        '2024-06-10T00:07:00.000Z',
        '2024-06-10T23:59:59.999Z',
        '2024-06-11T00:00:00.000Z',
        '2024-06-11T00:14:00.000Z',
      ];
      await ctx.db
        .insertInto('review_logs')
        .values(times.map((at, n) => reviewLogRow(user.id, card.id, at, n % 2 ? 1 : 3)))
        .execute();
      const repository = new DashboardRepository(ctx.db);
      const count = (start: string, end: string) => {
        const inside = times.map((at, n) => [at, n] as const).filter(([at]) => at >= start && at < end);
        return { reviews: inside.length, correct: inside.filter(([, n]) => n % 2 === 0).length };
      };
      // UTC days: on quarter hours, read from review_quarters.
      const aligned = [
        { day: 19884, start: '2024-06-10T00:00:00.000Z', end: '2024-06-11T00:00:00.000Z' },
        { day: 19885, start: '2024-06-11T00:00:00.000Z', end: '2024-06-12T00:00:00.000Z' },
      ];
      expect(await repository.reviewsPerDay(user.id, aligned)).toEqual(
        aligned.map((range) => ({ day: range.day, ...count(range.start, range.end) })),
      );
      expect((await repository.reviewsPerDay(user.id, aligned)).map((row) => row.reviews)).toEqual([4, 2]);
      // Days beginning at 00:07 (a local mean time's offset): read from the logs, exactly.
      const odd = [
        { day: 19884, start: '2024-06-10T00:07:00.000Z', end: '2024-06-11T00:07:00.000Z' },
        { day: 19885, start: '2024-06-11T00:07:00.000Z', end: '2024-06-12T00:07:00.000Z' },
      ];
      expect(await repository.reviewsPerDay(user.id, odd)).toEqual(
        odd.map((range) => ({ day: range.day, ...count(range.start, range.end) })),
      );
      expect((await repository.reviewsPerDay(user.id, odd)).map((row) => row.reviews)).toEqual([3, 1]);
    });

    it('finds the same streaks from the review days as from one probe of the logs per day; days not on quarter hours go to the logs', async () => {
      const user = await registerUser(app);
      const card = await createCard(user);
      // Reviewed on 1-3 and 5-6 June (UTC), and at 00:03 on 8 June.
      const times = [
        '2024-06-01T12:00:00.000Z',
        '2024-06-02T00:00:00.000Z',
        '2024-06-03T23:59:00.000Z',
        '2024-06-05T08:00:00.000Z',
        '2024-06-06T08:00:00.000Z',
        '2024-06-08T00:03:00.000Z',
      ];
      await ctx.db
        .insertInto('review_logs')
        .values(times.map((at) => reviewLogRow(user.id, card.id, at, 3)))
        .execute();
      const repository = new DashboardRepository(ctx.db);
      const days = (startMinute: string) =>
        Array.from({ length: 9 }, (_, n) => {
          const start = Date.parse(`2024-06-01T00:${startMinute}:00.000Z`) + n * 86_400_000;
          return {
            day: 19_875 + n,
            start: new Date(start).toISOString(),
            end: new Date(start + 86_400_000).toISOString(),
          };
        });
      const fromReviewDays = async (ranges: ReturnType<typeof days>, aliveSince: number) => {
        const { from, to } = utcDaysOf(ranges);
        const active = activeDays(ranges, await repository.reviewDays(user.id, from, to));
        if (!active) return null;
        const { currentFrozen, ...runs } = runsOf(
          ranges.map((range) => range.day),
          active,
          aliveSince,
        );
        expect(currentFrozen).toBe(0);
        // The logs, probed one day at a time, give the same days.
        expect(await repository.reviewedDays(user.id, ranges)).toEqual(active);
        return runs;
      };

      // UTC days (on quarter hours), 1-9 June (days 19875-19883): reviews on 1-3, 5-6 and 8 June;
      // on the 9th the run alive since the 8th is 1 day long.
      const [june5, june7, june8] = [19_879, 19_881, 19_882];
      const aligned = days('00');
      expect(await fromReviewDays(aligned, june8)).toEqual({ longest: 3, current: 1, currentFirstDay: june8 });
      expect(await repository.reviewStreaks(user.id, aligned, june8)).toEqual({
        longest: 3,
        current: 1,
        currentFirstDay: june8,
      });
      expect(await repository.currentRun(user.id, aligned, june8)).toEqual({ length: 1, firstDay: june8 });
      // Days from 00:07 (a local mean time): the review days cannot tell; the logs can. The
      // review at 00:00 on 2 June belongs to 1 June's day, the one at 00:03 on 8 June to 7
      // June's: active days 1, 3, 5, 6, 7, so on the 8th the run alive since the 7th is 5-7 June.
      const odd = days('07');
      expect(await fromReviewDays(odd, june7)).toBeNull();
      expect(await repository.reviewStreaks(user.id, odd, june7)).toEqual({
        longest: 3,
        current: 3,
        currentFirstDay: june5,
      });
      expect(await repository.currentRun(user.id, odd, june7)).toEqual({ length: 3, firstDay: june5 });
    });
  });
});
