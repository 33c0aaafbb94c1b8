import type { FastifyInstance } from 'fastify';
import { signedInClient, type ApiClient } from '../../test/api-client';
import { describeEachDb } from '../../test/harness';

const NOW = new Date('2024-06-11T05:00:00.000Z');

describeEachDb('study sessions: /api/dashboard/session/*', (ctx) => {
  let app: FastifyInstance;
  let me: ApiClient;

  beforeAll(async () => {
    app = await ctx.buildApp({}, { now: () => NOW });
  });
  beforeEach(async () => {
    me = await signedInClient(app);
  });

  const start = async (client: ApiClient, session_type: unknown = 'review') =>
    client.post('/api/dashboard/session/start', { session_type });
  // XP from finishing sessions (achievements unlocked on the way grant their own).
  const xpOf = async (userId: number) =>
    Number(
      (
        await ctx.db
          .selectFrom('experience_events')
          .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('xp'))
          .where('user_id', '=', userId)
          .where('source', '!=', 'achievement')
          .executeTakeFirstOrThrow()
      ).xp,
    );

  it('starts a session of the given type', async () => {
    const response = await start(me, 'practice');
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      sessionId: expect.any(Number),
      session: {
        id: body.sessionId,
        session_type: 'practice',
        cards_studied: 0,
        accuracy: 0,
        started_at: NOW.toISOString(),
        ended_at: null,
        created_at: NOW.toISOString(),
      },
    });
  });

  it.each([['quiz'], [undefined], [3]])('refuses the session type %p with 400', async (type) => {
    const response = await me.post('/api/dashboard/session/start', type === undefined ? {} : { session_type: type });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Session type must be one of: practice, review, other' });
  });

  it('counts practice cards (card-study) without scheduling them', async () => {
    const sessionId = (await start(me, 'practice')).json().sessionId;
    const card = await me.createCard();
    const first = await me.post('/api/dashboard/session/card-study', { sessionId, cardId: card.id, correct: true });
    expect(first.statusCode).toBe(200);
    // The same card again is still one card; its first answer decides whether it was right.
    const second = await me.post('/api/dashboard/session/card-study', { sessionId, cardId: card.id, correct: false });
    expect(second.json().session).toMatchObject({ cards_studied: 1, accuracy: 100 });
    const other = await me.createCard();
    const third = await me.post('/api/dashboard/session/card-study', { sessionId, cardId: other.id, correct: false });
    expect(third.json().session).toMatchObject({ cards_studied: 2, accuracy: 50 });
    expect((await me.get(`/api/cards/${card.id}`)).json()).toMatchObject({ state: 'new', repetitions: 0 });
    // Practice outside the scheduler earns no XP: it could be replayed at will.
    expect(await xpOf(me.user.id)).toBe(0);

    const bad = await me.post('/api/dashboard/session/card-study', { sessionId, cardId: card.id, correct: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'correct must be true or false' });
  });

  it('ends a session once: XP for a session that studied something, nothing twice', async () => {
    const sessionId = (await start(me)).json().sessionId;
    const card = await me.createCard();
    await me.post('/api/dashboard/session/card-study', { sessionId, cardId: card.id });
    const ends = await Promise.all([1, 2, 3].map(() => me.post('/api/dashboard/session/end', { sessionId })));
    for (const end of ends) {
      expect(end.statusCode).toBe(200);
      expect(end.json().session).toMatchObject({
        id: sessionId,
        cards_studied: 1,
        accuracy: 100,
        ended_at: NOW.toISOString(),
      });
    }
    expect(await xpOf(me.user.id)).toBe(20);

    const late = await me.post('/api/dashboard/session/card-study', { sessionId, cardId: card.id });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: 'This study session has ended' });
  });

  it('unlocks the achievements a finished session earned, with their notifications', async () => {
    const sessionId = (await start(me)).json().sessionId;
    const card = await me.createCard();
    const reviewed = await me.post('/api/spaced-repetition/review', {
      cardId: card.id,
      result: 2,
      timeSpent: 2000,
      sessionId,
    });
    expect(reviewed.statusCode).toBe(200);
    expect((await me.post('/api/dashboard/session/end', { sessionId })).statusCode).toBe(200);

    const achievements = (await me.get('/api/gamification/achievements')).json().achievements as Array<{
      key: string;
      unlocked: boolean;
    }>;
    const unlocked = achievements
      .filter((a) => a.unlocked)
      .map((a) => a.key)
      .sort();
    expect(unlocked).toEqual(expect.arrayContaining(['first_review', 'first_session']));
    const notifications = (await me.get('/api/notifications')).json().notifications as Array<{ type: string }>;
    expect(notifications.filter((n) => n.type === 'achievement_unlocked')).toHaveLength(unlocked.length);

    // Ending it again unlocks nothing twice.
    await me.post('/api/dashboard/session/end', { sessionId });
    const again = (await me.get('/api/notifications')).json().notifications as Array<{ type: string }>;
    expect(again.filter((n) => n.type === 'achievement_unlocked')).toHaveLength(unlocked.length);
  });

  it('grants nothing for ending an empty session', async () => {
    const sessionId = (await start(me)).json().sessionId;
    expect((await me.post('/api/dashboard/session/end', { sessionId })).statusCode).toBe(200);
    expect(await xpOf(me.user.id)).toBe(0);
  });

  it("treats another learner's session or card, and bad ids, as not found", async () => {
    const stranger = await signedInClient(app);
    const theirSession = (await start(stranger)).json().sessionId;
    const theirCard = await stranger.createCard();
    const mySession = (await start(me)).json().sessionId;
    const myCard = await me.createCard();

    for (const sessionId of [theirSession, 'abc', -1, undefined]) {
      const end = await me.post('/api/dashboard/session/end', { sessionId });
      expect(end.statusCode).toBe(404);
      expect(end.json()).toEqual({ error: 'Study session not found' });
    }
    const studyTheirs = await me.post('/api/dashboard/session/card-study', {
      sessionId: theirSession,
      cardId: myCard.id,
    });
    expect(studyTheirs.statusCode).toBe(404);
    const theirCardInMine = await me.post('/api/dashboard/session/card-study', {
      sessionId: mySession,
      cardId: theirCard.id,
    });
    expect(theirCardInMine.statusCode).toBe(404);
    expect(theirCardInMine.json()).toEqual({ error: 'Card not found' });
    const untouched = await ctx.db
      .selectFrom('study_sessions')
      .selectAll()
      .where('id', '=', theirSession)
      .executeTakeFirstOrThrow();
    expect(untouched).toMatchObject({ cards_studied: 0, ended_at: null });
  });

  it('feeds the dashboard its recent sessions; a practice session is not studied cards today', async () => {
    const sessionId = (await start(me, 'practice')).json().sessionId;
    const card = await me.createCard();
    await me.post('/api/dashboard/session/card-study', { sessionId, cardId: card.id });
    await me.post('/api/dashboard/session/end', { sessionId });
    const dashboard = (await me.get('/api/dashboard/dashboard')).json();
    expect(dashboard.recentSessions[0]).toMatchObject({ id: sessionId, session_type: 'practice', cards_studied: 1 });
    // Today's studied cards are distinct cards reviewed in scheduled study, not practice.
    expect(dashboard.dailyGoal.cardsStudied).toBe(0);
  });

  it('counts distinct cards however often they are rated, as the dashboard and Progress do', async () => {
    const sessionId = (await start(me, 'review')).json().sessionId;
    const [again, good, easy] = [await me.createCard(), await me.createCard(), await me.createCard()];
    const review = async (cardId: number, result: number) => {
      const response = await me.post('/api/spaced-repetition/review', { cardId, result, timeSpent: 1000, sessionId });
      expect(response.statusCode).toBe(200);
      return response.json().reviewId as number;
    };
    // New cards: Again, then Good when the learning steps bring it back; Good twice; Easy once.
    await review(again.id, 0);
    await review(again.id, 2);
    await review(good.id, 2);
    const goodAgain = await review(good.id, 2);
    const easyOnce = await review(easy.id, 3);
    const session = async () =>
      await ctx.db.selectFrom('study_sessions').selectAll().where('id', '=', sessionId).executeTakeFirstOrThrow();
    expect(await session()).toMatchObject({ cards_studied: 3, correct_count: 2 });

    // Undoing a second rating keeps the card; undoing a card's only rating takes it out.
    expect((await me.post('/api/spaced-repetition/undo', { reviewId: goodAgain })).statusCode).toBe(200);
    expect(await session()).toMatchObject({ cards_studied: 3, correct_count: 2 });
    expect((await me.post('/api/spaced-repetition/undo', { reviewId: easyOnce })).statusCode).toBe(200);
    expect(await session()).toMatchObject({ cards_studied: 2, correct_count: 1, accuracy: 50 });

    const ended = (await me.post('/api/dashboard/session/end', { sessionId })).json().session;
    expect(ended).toMatchObject({ cards_studied: 2, accuracy: 50 });
    // The dashboard's "cards studied today", the study progress and Progress's Cards Studied agree.
    const dashboard = (await me.get('/api/dashboard/dashboard')).json();
    const progress = (await me.get('/api/dashboard/study-progress')).json();
    const stats = (await me.get('/api/dashboard/user-stats')).json();
    expect(dashboard.dailyGoal.cardsStudied).toBe(2);
    expect(progress.dailyGoal.cardsStudied).toBe(2);
    expect(dashboard.userStats.totalCardsStudied).toBe(2);
    expect(stats.totalCardsStudied).toBe(2);
    expect(dashboard.recentSessions[0]).toMatchObject({ id: sessionId, cards_studied: 2 });
  });

  it('requires authentication', async () => {
    for (const url of [
      '/api/dashboard/session/start',
      '/api/dashboard/session/end',
      '/api/dashboard/session/card-study',
    ]) {
      const response = await app.inject({ method: 'POST', url, payload: {} });
      expect(response.statusCode).toBe(401);
    }
  });
});
