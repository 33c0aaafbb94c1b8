import type { FastifyInstance } from 'fastify';
import { bearer, describeEachDb, registerUser, setAccountTimeZone, type RegisteredUser } from '../../test/harness';
import { reviewLogRow } from '../../test/review-log';
import { SessionsRepository } from '../sessions';
import { InsightsRepository } from './repository';

const NOW = new Date('2024-04-12T05:00:00.000Z');

describeEachDb('insights', (ctx) => {
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

  const call = async (
    user: RegisteredUser,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
    timeZone?: string,
  ) => {
    if (timeZone) await setAccountTimeZone(app, ctx.db, user.accessToken, timeZone);
    return app.inject({ method, url, headers: bearer(user.accessToken), payload });
  };
  const get = (user: RegisteredUser, url: string, timeZone?: string) => call(user, 'GET', url, undefined, timeZone);

  const createSet = async (user: RegisteredUser, name: string): Promise<number> => {
    const response = await call(user, 'POST', '/api/categories', { name });
    expect(response.statusCode).toBe(201);
    return response.json().id;
  };
  const createCard = async (
    user: RegisteredUser,
    question: string,
    difficulty_level = 1,
    category_id: number | null = null,
  ) => {
    const response = await call(user, 'POST', '/api/cards', {
      question,
      answer: 'Answer',
      difficulty_level,
      category_id,
    });
    expect(response.statusCode).toBe(201);
    return response.json().id as number;
  };
  /** Rates the cards at the given times, oldest first, through the review endpoint. */
  const review = async (user: RegisteredUser, reviews: Array<[at: string, cardId: number, result: number]>) => {
    for (const [at, cardId, result] of [...reviews].sort(([a], [b]) => a.localeCompare(b))) {
      clock = new Date(at);
      const response = await call(user, 'POST', '/api/spaced-repetition/review', { cardId, result, timeSpent: 3000 });
      expect(response.statusCode).toBe(200);
    }
    clock = NOW;
  };
  const days = (from: number, count: number, time: string) =>
    Array.from({ length: count }, (_, index) => `2024-04-${String(from + index).padStart(2, '0')}T${time}`);

  describe('for a learner with reviews', () => {
    let user: RegisteredUser;
    let ids: Record<'b1' | 'b2' | 'h1' | 'h2' | 'u1' | 'n1' | 'x1', number>;
    let biology: number;
    let history: number;

    beforeAll(async () => {
      user = await registerUser(app);
      biology = await createSet(user, 'Biology');
      history = await createSet(user, 'History');
      ids = {
        b1: await createCard(user, 'Biology easy', 1, biology),
        b2: await createCard(user, 'What does the mitochondrion do?', 3, biology),
        h1: await createCard(user, 'History hard', 3, history),
        h2: await createCard(user, 'History expert', 5, history),
        u1: await createCard(user, 'Unfiled expert', 5),
        n1: await createCard(user, 'Never reviewed', 1, biology),
        x1: await createCard(user, 'Lapsed once', 2, history),
      };
      await review(user, [
        // New York mornings (09:15 local) in winter (UTC-5) and in summer (UTC-4).
        ...['2024-03-01', '2024-03-02', '2024-03-03', '2024-03-04', '2024-03-05'].map(
          (date) => [`${date}T14:15:00.000Z`, ids.u1, 2] as [string, number, number],
        ),
        ...days(6, 5, '13:15:00.000Z').map((at) => [at, ids.u1, 2] as [string, number, number]),
        // 00:40-00:50 UTC: 09:40 in Tokyo, 06:10 in Kolkata; all remembered.
        ...days(1, 5, '00:40:00.000Z').map((at) => [at, ids.b1, 2] as [string, number, number]),
        ...days(1, 5, '00:50:00.000Z').map((at) => [at, ids.h1, 2] as [string, number, number]),
        // 12:10-12:20 UTC: half forgotten (b2 every time).
        ...days(1, 5, '12:10:00.000Z').map((at) => [at, ids.b2, 0] as [string, number, number]),
        ...days(1, 5, '12:20:00.000Z').map((at) => [at, ids.h2, 2] as [string, number, number]),
        // Easy (into review), then Again: one lapse.
        ['2024-04-10T20:00:00.000Z', ids.x1, 3],
        ['2024-04-10T21:00:00.000Z', ids.x1, 0],
      ]);

      // Another learner, with the same set name, lapses and many reviews at 03:00 UTC: none of
      // it may show up.
      const stranger = await registerUser(app);
      const theirSet = await createSet(stranger, 'Biology');
      const theirs = await createCard(stranger, 'Stranger card', 3, theirSet);
      await review(stranger, [
        ...days(1, 9, '03:00:00.000Z').map((at) => [at, theirs, 3] as [string, number, number]),
        ...days(1, 9, '03:30:00.000Z').map((at) => [at, theirs, 0] as [string, number, number]),
      ]);
    });

    it('breaks retention down by difficulty, by set and by card, and finds the best hour', async () => {
      const response = await get(user, '/api/insights/comprehensive', 'UTC');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.retentionByDifficulty).toEqual([
        { difficulty_level: 1, reviews: 5, retention: 100 },
        { difficulty_level: 2, reviews: 2, retention: 50 },
        { difficulty_level: 3, reviews: 10, retention: 50 },
        { difficulty_level: 5, reviews: 15, retention: 100 },
      ]);
      expect(body.retentionBySet).toEqual([
        { category_id: history, name: 'History', reviews: 12, retention: 91.7 },
        { category_id: biology, name: 'Biology', reviews: 10, retention: 50 },
        { category_id: null, name: 'No set', reviews: 10, retention: 100 },
      ]);
      // By lapses first (x1 lapsed once), then by Again ratings (b2: five).
      expect(body.hardestCards).toEqual([
        { id: ids.x1, question: 'Lapsed once', lapses: 1, reviews: 2, againCount: 1 },
        { id: ids.b2, question: 'What does the mitochondrion do?', lapses: 0, reviews: 5, againCount: 5 },
      ]);
      expect(body.bestStudyHour).toEqual({ hour: 0, reviews: 10, retention: 100 });
      expect(body.recommendedActions).toEqual(
        (await get(user, '/api/insights/actions/recommended', 'UTC')).json().actions,
      );
    });

    it.each([
      ['Asia/Tokyo', 9], // UTC+9
      ['Asia/Kolkata', 6], // UTC+5:30: 00:40 UTC is 06:10
      // Winter 14:15 UTC and summer 13:15 UTC are both 09:15 there: 10 reviews in one hour,
      // tied with 20:00 (the 00:40 UTC ones); the earlier hour wins the tie.
      ['America/New_York', 9],
    ])('places the best hour in the local hours of %s', async (timeZone, hour) => {
      const body = (await get(user, '/api/insights/best-study-hour', timeZone)).json();
      expect(body).toEqual({ type: 'best-study-hour', data: { hour, reviews: 10, retention: 100 } });
    });

    it('answers each type on its own, with the numbers of the comprehensive call', async () => {
      const all = (await get(user, '/api/insights/comprehensive')).json();
      const parts = {
        'retention-by-difficulty': all.retentionByDifficulty,
        'retention-by-set': all.retentionBySet,
        'hardest-cards': all.hardestCards,
        'best-study-hour': all.bestStudyHour,
      };
      for (const [type, data] of Object.entries(parts)) {
        const response = await get(user, `/api/insights/${type}`);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ type, data });
      }
    });

    it('says it in short sentences', async () => {
      const response = await get(user, '/api/insights/user-insights', 'UTC');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        insights: [
          // Each with its key (type) and the values a screen words it with in another language.
          {
            type: 'retention',
            params: { percent: 81 },
            title: 'Overall retention',
            message: 'You remember 81% of your reviews',
          },
          {
            type: 'retention-by-difficulty',
            params: { difficulty: 3, percent: 50 },
            title: 'Hardest difficulty',
            message: 'You remember 50% of Hard cards',
          },
          {
            type: 'retention-by-set',
            params: { set: 'Biology', percent: 50 },
            title: 'Weakest set',
            message: 'Biology is your weakest set: you remember 50% of it',
          },
          {
            type: 'hardest-cards',
            params: { question: 'Lapsed once', count: 1 },
            title: 'Hardest card',
            message: 'You forgot "Lapsed once" 1 time',
          },
          {
            type: 'best-study-hour',
            params: { hour: 0, percent: 100, reviews: 10 },
            title: 'Best time to study',
            message: 'You remember best around 00:00: 100% of 10 reviews',
          },
        ],
      });
    });

    it('recommends the due cards, the daily goal and the new cards, most urgent first', async () => {
      const queue = (await get(user, '/api/learning/review-queue', 'UTC')).json();
      expect(queue.dueCount).toBeGreaterThan(0);
      const { actions } = (await get(user, '/api/insights/actions/recommended', 'UTC')).json();
      expect(actions).toEqual([
        {
          key: 'review-due',
          params: { count: queue.dueCount },
          title: `${queue.dueCount} cards due`,
          description: expect.any(String),
          route: '/study/review',
          priority: 1,
        },
        {
          key: 'daily-goal',
          params: { count: 15, studied: 0, goal: 15 },
          title: 'Daily goal: 15 cards to go',
          description: 'You studied 0 of 15 cards today.',
          route: '/study',
          priority: 2,
        },
        {
          key: 'learn-new',
          params: { count: 1 },
          title: '1 new card to learn',
          description: expect.any(String),
          route: '/study/new',
          priority: 3,
        },
      ]);
    });
  });

  it('is empty for a new learner, who is asked to create cards', async () => {
    const user = await registerUser(app);
    const body = (await get(user, '/api/insights/comprehensive')).json();
    expect(body).toEqual({
      retentionByDifficulty: [],
      retentionBySet: [],
      hardestCards: [],
      bestStudyHour: null,
      recommendedActions: [
        {
          key: 'create-cards',
          params: {},
          title: 'Create your first cards',
          description: 'Add a few cards to start studying.',
          route: '/cards',
          priority: 1,
        },
      ],
    });
    expect((await get(user, '/api/insights/user-insights')).json()).toEqual({ insights: [] });
    expect((await get(user, '/api/insights/best-study-hour')).json()).toEqual({ type: 'best-study-hour', data: null });
  });

  it('places reviews a clock set ahead dated after now in the offset of their own date', async () => {
    const user = await registerUser(app);
    const card = await createCard(user, 'From the future');
    // Dated December 2024 while it is April: New York is back on UTC-5 by then (3 November), so
    // 14:00 UTC is 09:00 there, not the 10:00 of April's UTC-4.
    const ahead = Array.from(
      { length: 10 },
      (_, index) => `2024-12-${String(index + 1).padStart(2, '0')}T14:00:00.000Z`,
    );
    await review(
      user,
      ahead.map((at) => [at, card, 2] as [string, number, number]),
    );
    expect((await get(user, '/api/insights/best-study-hour', 'America/New_York')).json().data).toEqual({
      hour: 9,
      reviews: 10,
      retention: 100,
    });
  });

  it('names no best hour before an hour has 10 reviews in the last 90 days', async () => {
    const user = await registerUser(app);
    const card = await createCard(user, 'Few reviews');
    // Twelve at 08:00 UTC, but three of them more than 90 days ago (NOW is 12 April).
    const old = ['2024-01-10', '2024-01-11', '2024-01-12'].map((date) => `${date}T08:00:00.000Z`);
    await review(
      user,
      [...old, ...days(1, 9, '08:00:00.000Z')].map((at) => [at, card, 2] as [string, number, number]),
    );
    expect((await get(user, '/api/insights/best-study-hour')).json().data).toBeNull();
    const { insights } = (await get(user, '/api/insights/user-insights')).json();
    expect(insights.map((insight: { type: string }) => insight.type)).toEqual(['retention']);
  });

  describe('recommended actions', () => {
    const actionsOf = async (user: RegisteredUser) => {
      const response = await get(user, '/api/insights/actions/recommended', 'UTC');
      expect(response.statusCode).toBe(200);
      return response.json().actions as Array<{ key: string; title: string; priority: number }>;
    };
    const addSession = (userId: number, cards: number) =>
      sessions.insert({
        user_id: userId,
        session_type: 'review',
        cards_studied: cards,
        correct_count: cards,
        accuracy: 100,
        started_at: '2024-04-12T04:00:00.000Z',
        ended_at: '2024-04-12T04:10:00.000Z',
        created_at: '2024-04-12T04:10:00.000Z',
      });

    it('follows the queue and the goal as the learner studies', async () => {
      const user = await registerUser(app);
      const [first, second, third] = [
        await createCard(user, 'One'),
        await createCard(user, 'Two'),
        await createCard(user, 'Three'),
      ];
      expect((await actionsOf(user)).map((action) => [action.key, action.title, action.priority])).toEqual([
        ['daily-goal', 'Daily goal: 15 cards to go', 2],
        ['learn-new', '3 new cards to learn', 3],
      ]);

      // Again an hour ago: a learning card due a minute later, so due now.
      // A session's own count adds nothing: cards studied today are the cards reviewed today.
      await review(user, [['2024-04-12T04:00:00.000Z', first, 0]]);
      await addSession(user.id, 12);
      expect((await actionsOf(user)).map((action) => [action.key, action.title, action.priority])).toEqual([
        ['review-due', '1 card due', 1],
        ['daily-goal', 'Daily goal: 14 cards to go', 2],
        ['learn-new', '2 new cards to learn', 3],
      ]);

      // Goal reached: no nudge. Everything known: nothing due, nothing new.
      expect((await call(user, 'PUT', '/api/spaced-repetition/settings', { dailyGoal: 5 })).statusCode).toBe(200);
      const more = [];
      for (const name of ['Four', 'Five', 'Six', 'Seven']) more.push(await createCard(user, name));
      await review(
        user,
        [first, ...more].map((id, n) => [`2024-04-12T04:0${n + 1}:00.000Z`, id, 3]),
      );
      for (const id of [first, second, third, ...more]) {
        expect((await call(user, 'PUT', `/api/cards/${id}/known`)).statusCode).toBe(200);
      }
      expect((await actionsOf(user)).map((action) => action.key)).toEqual(['all-caught-up']);
    });
  });

  it.each([
    ['nope', 'Unknown insight type: nope'],
    [encodeURIComponent('<script>alert(1)</script>'), 'Unknown insight type: scriptalert1script'],
    ['x'.repeat(90), `Unknown insight type: ${'x'.repeat(40)}`],
  ])('answers an unknown type (%#) with a 404 and a short, clean echo', async (type, error) => {
    const user = await registerUser(app);
    const response = await get(user, `/api/insights/${type}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error });
  });

  it.each(['comprehensive', 'user-insights', 'actions/recommended', 'hardest-cards', 'nope'])(
    'requires authentication for /insights/%s',
    async (path) => {
      const response = await app.inject({ method: 'GET', url: `/api/insights/${path}` });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'Authentication required' });
    },
  );

  it('counts hours from quarter-hour rows, the part of the first quarter after the start from the logs', async () => {
    const user = await registerUser(app);
    const card = (
      await app.inject({
        method: 'POST',
        url: '/api/cards',
        headers: bearer(user.accessToken),
        payload: { question: 'Q', answer: 'A' },
      })
    ).json() as { id: number };
    const since = '2024-06-10T08:07:30.000Z';
    const times = [
      ['2024-06-10T08:00:00.000Z', 3], // same quarter, before `since`: not counted
      ['2024-06-10T08:07:29.999Z', 3], // likewise
      ['2024-06-10T08:07:30.000Z', 1], // counted (from the logs)
      ['2024-06-10T08:14:59.999Z', 3], // counted (from the logs)
      ['2024-06-10T08:15:00.000Z', 3], // counted (a whole quarter)
      ['2024-06-10T21:44:00.000Z', 1],
    ] as const;
    await ctx.db
      .insertInto('review_logs')
      .values(times.map(([at, rating]) => reviewLogRow(user.id, card.id, at, rating)))
      .execute();
    const counts = await new InsightsRepository(ctx.db).reviewsByQuarterHour(user.id, since, [
      { start: Date.parse(since), end: Date.parse('2024-06-11T00:00:00.000Z'), offsetMs: 0 },
    ]);
    expect(counts.sort((a, b) => a.quarter - b.quarter)).toEqual([
      { span: 0, quarter: 32, reviews: 2, remembered: 1 },
      { span: 0, quarter: 33, reviews: 1, remembered: 1 },
      { span: 0, quarter: 86, reviews: 1, remembered: 0 },
    ]);
  });
});
