import type { FastifyInstance } from 'fastify';
import { createEmptyCard, fsrs, generatorParameters, Rating } from 'ts-fsrs';
import { signedInClient, type ApiClient } from '../../test/api-client';
import { bearer, describeEachDb, setAccountTimeZone } from '../../test/harness';
import { reviewTotalsAndLogSums } from '../../test/review-totals';

const MINUTE = 60_000;
const DAY = 86_400_000;
const START = new Date('2024-06-11T05:00:00.000Z');

interface StudyCardJson {
  id: number;
  state: string;
  repetitions: number;
  due: string | null;
  preview: Record<'0' | '1' | '2' | '3', { interval: string; due: string }>;
}

describeEachDb('studying: queue, review, undo, reset', (ctx) => {
  // One clock for the suite's app; each test moves it as it needs.
  let now = START;
  let app: FastifyInstance;
  let me: ApiClient;

  beforeAll(async () => {
    app = await ctx.buildApp({}, { now: () => now });
  });
  beforeEach(async () => {
    now = START;
    me = await signedInClient(app);
  });

  const send = (
    client: ApiClient,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method,
      url,
      headers: { ...bearer(client.user.accessToken), ...headers },
      payload: payload as object,
    });
  const queue = async (client = me, query = '') => {
    const response = await send(client, 'GET', `/api/learning/review-queue${query}`);
    expect(response.statusCode).toBe(200);
    return response.json() as {
      dueCount: number;
      newCount: number;
      due: StudyCardJson[];
      new: StudyCardJson[];
      dailyGoal: { cardsStudied: number; dailyGoal: number };
      scheduler: { desiredRetention: number; maximumInterval: number; parameters: number[] | null };
    };
  };
  const review = (cardId: number, result: number, extra: Record<string, unknown> = {}, key?: string, client = me) =>
    send(
      client,
      'POST',
      '/api/spaced-repetition/review',
      { cardId, result, timeSpent: 4200, ...extra },
      key ? { 'idempotency-key': key } : {},
    );
  const reviewOk = async (cardId: number, result: number, extra: Record<string, unknown> = {}, key?: string) => {
    const response = await review(cardId, result, extra, key);
    expect(response.statusCode).toBe(200);
    return response.json() as { card: StudyCardJson; reviewId: number; xpEarned: number };
  };
  const startSession = async (session_type = 'review') => {
    const response = await send(me, 'POST', '/api/dashboard/session/start', { session_type });
    expect(response.statusCode).toBe(201);
    return response.json().sessionId as number;
  };
  const logCount = async (userId: number) =>
    Number(
      (
        await ctx.db
          .selectFrom('review_logs')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const xpOf = async (userId: number) =>
    Number(
      (
        await ctx.db
          .selectFrom('experience_events')
          .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('xp'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).xp,
    );

  describe('the review queue', () => {
    it('is empty for a learner without cards, with the default goal and scheduler', async () => {
      expect(await queue()).toEqual({
        dueCount: 0,
        newCount: 0,
        newWaiting: 0,
        newCardsPerDay: 20,
        due: [],
        new: [],
        dailyGoal: { cardsStudied: 0, dailyGoal: 15 },
        scheduler: {
          desiredRetention: 0.9,
          maximumInterval: 36500,
          parameters: null,
          learningSteps: '1m 10m',
          relearningSteps: '10m',
        },
      });
    });

    it('lists new cards oldest first, at most newLimit (default 10), each with a preview of every rating', async () => {
      const cards = [];
      for (let i = 0; i < 12; i++) cards.push(await me.createCard({ question: `Q${i}` }));
      const body = await queue();
      expect(body.newCount).toBe(12);
      expect(body.new.map((c) => c.id)).toEqual(cards.slice(0, 10).map((c) => c.id));
      expect(body.new[0]!.preview).toEqual({
        '0': { interval: '1m', due: new Date(START.getTime() + MINUTE).toISOString() },
        '1': { interval: '6m', due: new Date(START.getTime() + 6 * MINUTE).toISOString() },
        '2': { interval: '10m', due: new Date(START.getTime() + 10 * MINUTE).toISOString() },
        '3': expect.objectContaining({ interval: expect.stringMatching(/^\d+d$/) }),
      });
      expect((await queue(me, '?newLimit=3')).new).toHaveLength(3);
      expect((await queue(me, '?newLimit=0')).new).toHaveLength(0);
    });

    it("leaves out cards marked known and other learners' cards", async () => {
      const known = await me.createCard();
      await me.put(`/api/cards/${known.id}/known`);
      const stranger = await signedInClient(app);
      await stranger.createCard();
      const body = await queue();
      expect(body.newCount).toBe(0);
      expect(body.new).toEqual([]);
    });

    it('counts learning cards due within the 20-minute learn-ahead as due, review cards only once due', async () => {
      const card = await me.createCard();
      await reviewOk(card.id, 2); // Good on a new card: learning, due in 10 minutes
      let body = await queue();
      expect(body.dueCount).toBe(1);
      expect(body.due[0]).toMatchObject({ id: card.id, state: 'learning' });
      expect(body.newCount).toBe(0);

      // Graduate it: Easy on a learning card makes it a review card due days ahead.
      now = new Date(START.getTime() + 10 * MINUTE);
      const graduated = await reviewOk(card.id, 3);
      expect(graduated.card.state).toBe('review');
      const dueAt = new Date(graduated.card.due!).getTime();
      now = new Date(dueAt - 5 * MINUTE); // inside 20 minutes, but review cards get no learn-ahead
      expect((await queue()).dueCount).toBe(0);
      now = new Date(dueAt);
      body = await queue();
      expect(body.dueCount).toBe(1);
      expect(body.due.map((c) => c.id)).toEqual([card.id]);
    });

    it('orders due cards most overdue first and serves the same list at /spaced-repetition/due', async () => {
      const a = await me.createCard();
      const b = await me.createCard();
      await reviewOk(b.id, 0); // due in 1 minute
      await reviewOk(a.id, 2); // due in 10 minutes
      const body = await queue();
      expect(body.due.map((c) => c.id)).toEqual([b.id, a.id]);
      const due = await send(me, 'GET', '/api/spaced-repetition/due');
      expect(due.statusCode).toBe(200);
      expect(due.json().map((c: StudyCardJson) => c.id)).toEqual([b.id, a.id]);
    });

    it('introduces at most the daily allowance of new cards per local day', async () => {
      const put = await send(me, 'PUT', '/api/spaced-repetition/settings', { newCardsPerDay: 2 });
      expect(put.statusCode).toBe(200);
      const cards = [];
      for (let i = 0; i < 4; i++) cards.push(await me.createCard());
      expect((await queue()).newCount).toBe(2);
      await reviewOk(cards[0]!.id, 2);
      const body = await queue();
      expect(body.newCount).toBe(1);
      expect(body.new.map((c) => c.id)).toEqual([cards[1]!.id]);
      // The next day the allowance is back.
      now = new Date(START.getTime() + DAY);
      expect((await queue()).newCount).toBe(2);
    });

    it('refuses a bad newLimit with a clear message', async () => {
      const response = await send(me, 'GET', '/api/learning/review-queue?newLimit=abc');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'newLimit must be between 0 and 100' });
    });
  });

  describe('POST /api/spaced-repetition/review', () => {
    it('schedules with FSRS-6 exactly as ts-fsrs would, stores a log and earns XP', async () => {
      const card = await me.createCard();
      const body = await reviewOk(card.id, 2);
      const expected = fsrs(generatorParameters({ enable_fuzz: true })).next(
        createEmptyCard(START),
        START,
        Rating.Good,
      ).card;
      expect(body.card).toMatchObject({
        id: card.id,
        state: 'learning',
        repetitions: 1,
        due: expected.due.toISOString(),
      });
      expect(body.xpEarned).toBe(10);
      expect(body.reviewId).toEqual(expect.any(Number));

      const log = await ctx.db
        .selectFrom('review_logs')
        .selectAll()
        .where('id', '=', body.reviewId)
        .executeTakeFirstOrThrow();
      expect(log).toMatchObject({
        card_id: card.id,
        user_id: me.user.id,
        rating: 3,
        state: 0,
        repetitions: 0,
        due: null,
        time_spent_ms: 4200,
        reviewed_at: START.toISOString(),
      });
      expect(await xpOf(me.user.id)).toBe(10);
      // GET /cards/:id shows the new state too.
      expect((await me.get(`/api/cards/${card.id}`)).json()).toMatchObject({ state: 'learning', repetitions: 1 });
    });

    it('counts a review once when the client retries with the same Idempotency-Key', async () => {
      const card = await me.createCard();
      const first = await reviewOk(card.id, 2, {}, 'key-1');
      const again = await reviewOk(card.id, 2, {}, 'key-1');
      expect(again.reviewId).toBe(first.reviewId);
      expect(again.xpEarned).toBe(first.xpEarned);
      expect(again.card.repetitions).toBe(1);
      expect(await logCount(me.user.id)).toBe(1);
      // The same key for another card is a client bug, said clearly.
      const other = await me.createCard();
      for (const [cardId, result] of [
        [other.id, 2],
        [card.id, 3],
      ] as const) {
        const misuse = await review(cardId, result, {}, 'key-1');
        expect(misuse.statusCode).toBe(422);
        expect(misuse.json()).toEqual({ error: 'This Idempotency-Key was already used for another review' });
      }
      expect(await logCount(me.user.id)).toBe(1);
    });

    it('stores one review for concurrent copies of one request', async () => {
      const card = await me.createCard();
      const responses = await Promise.all(Array.from({ length: 8 }, () => review(card.id, 2, {}, 'same-key')));
      expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
      expect(new Set(responses.map((r) => r.json().reviewId)).size).toBe(1);
      expect(await logCount(me.user.id)).toBe(1);
      expect((await me.get(`/api/cards/${card.id}`)).json().repetitions).toBe(1);
    });

    it('accepts every one of ten different reviews of one card sent at once, as a chain', async () => {
      const card = await me.createCard();
      const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => review(card.id, 2, {}, `race-${i}`)));
      // Honest concurrency (two devices, a double tap) succeeds: the reviews queue on the card.
      expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      const accepted = responses.length;
      const logs = await ctx.db
        .selectFrom('review_logs')
        .selectAll()
        .where('card_id', '=', card.id)
        .orderBy('id')
        .execute();
      expect(logs).toHaveLength(accepted);
      // Each review started from the state the previous one left: a chain, no lost update.
      logs.forEach((log, i) => {
        expect(log.repetitions).toBe(i);
        expect(log.sched_version).toBe(i);
        if (i > 0) expect(log.due).toBe(logs[i - 1]!.due_after);
      });
      expect((await me.get(`/api/cards/${card.id}`)).json().repetitions).toBe(accepted);
    });

    it.each([
      [{ result: 4 }, 'Result must be 0 (Again), 1 (Hard), 2 (Good) or 3 (Easy)'],
      [{ result: '2' }, 'Result must be 0 (Again), 1 (Hard), 2 (Good) or 3 (Easy)'],
      [{ result: null }, 'Result must be 0 (Again), 1 (Hard), 2 (Good) or 3 (Easy)'],
      [{ timeSpent: -1 }, 'timeSpent must be a whole number of milliseconds, 0 or more'],
      [{ timeSpent: 'soon' }, 'timeSpent must be a whole number of milliseconds, 0 or more'],
      [{ timeSpent: 1.5 }, 'timeSpent must be a whole number of milliseconds, 0 or more'],
    ])('refuses %j with 400', async (fields, message) => {
      const card = await me.createCard();
      const response = await review(card.id, 2, fields);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: message });
      expect(await logCount(me.user.id)).toBe(0);
    });

    it('refuses a malformed Idempotency-Key and malformed JSON with 400', async () => {
      const card = await me.createCard();
      const badKey = await review(card.id, 2, {}, 'not a key!');
      expect(badKey.statusCode).toBe(400);
      expect(badKey.json()).toEqual({ error: 'Idempotency-Key must be 1-100 letters, digits, dashes or underscores' });
      const badJson = await app.inject({
        method: 'POST',
        url: '/api/spaced-repetition/review',
        headers: { ...bearer(me.user.accessToken), 'content-type': 'application/json' },
        payload: '{"cardId": 1,',
      });
      expect(badJson.statusCode).toBe(400);
      expect(badJson.json().error).toEqual(expect.any(String));
    });

    it('caps the time counted for one answer at 60 s', async () => {
      const card = await me.createCard();
      const { reviewId } = await reviewOk(card.id, 2, { timeSpent: 10 * 60_000 });
      const log = await ctx.db
        .selectFrom('review_logs')
        .select('time_spent_ms')
        .where('id', '=', reviewId)
        .executeTakeFirstOrThrow();
      expect(log.time_spent_ms).toBe(60_000);
    });

    it("treats another learner's card or session as not found", async () => {
      const stranger = await signedInClient(app);
      const theirs = await stranger.createCard();
      const response = await review(theirs.id, 2);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Card not found' });

      const strangerSession = (
        await send(stranger, 'POST', '/api/dashboard/session/start', { session_type: 'review' })
      ).json().sessionId;
      const mine = await me.createCard();
      const inTheirSession = await review(mine.id, 2, { sessionId: strangerSession });
      expect(inTheirSession.statusCode).toBe(404);
      expect(inTheirSession.json()).toEqual({ error: 'Study session not found' });
      expect((await me.get(`/api/cards/${mine.id}`)).json().repetitions).toBe(0);
      expect(await logCount(stranger.user.id)).toBe(0);
    });

    it('counts reviews in their session (cards studied, accuracy) and in the daily goal', async () => {
      const sessionId = await startSession();
      const a = await me.createCard();
      const b = await me.createCard();
      await reviewOk(a.id, 0, { sessionId });
      await reviewOk(b.id, 3, { sessionId });
      const session = await ctx.db
        .selectFrom('study_sessions')
        .selectAll()
        .where('id', '=', sessionId)
        .executeTakeFirstOrThrow();
      expect(session).toMatchObject({ cards_studied: 2, correct_count: 1 });
      expect(Number(session.accuracy)).toBe(50);
      expect((await queue()).dailyGoal).toEqual({ cardsStudied: 2, dailyGoal: 15 });

      const ended = await send(me, 'POST', '/api/dashboard/session/end', { sessionId });
      expect(ended.statusCode).toBe(200);
      const late = await review(a.id, 2, { sessionId });
      expect(late.statusCode).toBe(409);
      expect(late.json()).toEqual({ error: 'This study session has ended' });
    });
  });

  describe('POST /api/spaced-repetition/undo', () => {
    it("keeps each card's review totals equal to its logs through reviews, undo and deletion", async () => {
      const [a, b] = [await me.createCard(), await me.createCard()];
      const other = await signedInClient(app);
      const theirs = await other.createCard();
      await reviewOk(a.id, 0, { timeSpent: 1000 }); // Again: not remembered
      now = new Date(START.getTime() + 10 * MINUTE);
      const second = await reviewOk(a.id, 2, { timeSpent: 2000 });
      await reviewOk(b.id, 3, { timeSpent: 3000 });
      await review(theirs.id, 1, {}, undefined, other);
      let totals = await reviewTotalsAndLogSums(ctx.db, me.user.id);
      expect(totals.kept).toEqual([
        { card_id: a.id, reviews: 2, remembered: 1, time_spent_ms: 3000 },
        { card_id: b.id, reviews: 1, remembered: 1, time_spent_ms: 3000 },
      ]);
      expect(totals.kept).toEqual(totals.summed);

      // Undo takes the review out; a card left without reviews has no row.
      expect((await send(me, 'POST', '/api/spaced-repetition/undo', { reviewId: second.reviewId })).statusCode).toBe(
        200,
      );
      const bReview = (
        await ctx.db.selectFrom('review_logs').select('id').where('card_id', '=', b.id).executeTakeFirstOrThrow()
      ).id;
      expect((await send(me, 'POST', '/api/spaced-repetition/undo', { reviewId: bReview })).statusCode).toBe(200);
      totals = await reviewTotalsAndLogSums(ctx.db, me.user.id);
      expect(totals.kept).toEqual([{ card_id: a.id, reviews: 1, remembered: 0, time_spent_ms: 1000 }]);
      expect(totals.kept).toEqual(totals.summed);

      // Deleting the card deletes its totals; the other learner's stay.
      expect((await me.del(`/api/cards/${a.id}?confirm=true`)).statusCode).toBe(200);
      expect((await reviewTotalsAndLogSums(ctx.db, me.user.id)).kept).toEqual([]);
      totals = await reviewTotalsAndLogSums(ctx.db, other.user.id);
      expect(totals.kept).toHaveLength(1);
      expect(totals.kept).toEqual(totals.summed);
    });

    it('restores the card exactly, removes the log, its XP and its session count', async () => {
      const sessionId = await startSession();
      const card = await me.createCard();
      const first = await reviewOk(card.id, 2, { sessionId });
      const before = await ctx.db.selectFrom('cards').selectAll().where('id', '=', card.id).executeTakeFirstOrThrow();
      now = new Date(START.getTime() + 10 * MINUTE);
      const second = await reviewOk(card.id, 3, { sessionId });
      expect(second.card.state).toBe('review');

      const undone = await send(me, 'POST', '/api/spaced-repetition/undo', { reviewId: second.reviewId });
      expect(undone.statusCode).toBe(200);
      expect(undone.json().card).toMatchObject({ id: card.id, state: 'learning', repetitions: 1, due: before.due });
      const after = await ctx.db.selectFrom('cards').selectAll().where('id', '=', card.id).executeTakeFirstOrThrow();
      expect(after).toEqual(before);
      expect(await logCount(me.user.id)).toBe(1);
      expect(await xpOf(me.user.id)).toBe(10);
      const session = await ctx.db
        .selectFrom('study_sessions')
        .selectAll()
        .where('id', '=', sessionId)
        .executeTakeFirstOrThrow();
      expect(session).toMatchObject({ cards_studied: 1, correct_count: 1 });

      // Undo again, step by step, back to a new card.
      expect(
        (await send(me, 'POST', '/api/spaced-repetition/undo', { reviewId: first.reviewId })).json().card,
      ).toMatchObject({ state: 'new', repetitions: 0, due: null });
      expect(await logCount(me.user.id)).toBe(0);
      expect(await xpOf(me.user.id)).toBe(0);
      expect((await queue()).newCount).toBe(1);
    });

    it('undoes only the latest review of a card, and a review only once', async () => {
      const card = await me.createCard();
      const first = await reviewOk(card.id, 2);
      now = new Date(START.getTime() + 10 * MINUTE);
      const second = await reviewOk(card.id, 2);
      const older = await send(me, 'POST', '/api/spaced-repetition/undo', { reviewId: first.reviewId });
      expect(older.statusCode).toBe(409);
      expect(older.json()).toEqual({ error: 'Only the latest review of a card can be undone' });
      expect((await send(me, 'POST', '/api/spaced-repetition/undo', { reviewId: second.reviewId })).statusCode).toBe(
        200,
      );
      const twice = await send(me, 'POST', '/api/spaced-repetition/undo', { reviewId: second.reviewId });
      expect(twice.statusCode).toBe(404);
      expect(twice.json()).toEqual({ error: 'Review not found' });
    });

    it("keeps an undone review's Idempotency-Key used: a late retry is refused, not stored again", async () => {
      const card = await me.createCard();
      const { reviewId } = await reviewOk(card.id, 2, {}, 'late-retry-1');
      expect((await send(me, 'POST', '/api/spaced-repetition/undo', { reviewId })).statusCode).toBe(200);
      const retry = await review(card.id, 2, {}, 'late-retry-1');
      expect(retry.statusCode).toBe(409);
      expect(retry.json()).toEqual({ error: 'This review was undone; a retry does not store it again' });
      expect(await logCount(me.user.id)).toBe(0);
      expect((await me.get(`/api/cards/${card.id}`)).json()).toMatchObject({ state: 'new' });
      // Another learner may use the same key text: keys are per learner.
      const stranger = await signedInClient(app);
      const theirs = await stranger.createCard();
      expect((await review(theirs.id, 2, {}, 'late-retry-1', stranger)).statusCode).toBe(200);
    });

    it("cannot undo another learner's review, nor one the card moved on from by a reset", async () => {
      const card = await me.createCard();
      const { reviewId } = await reviewOk(card.id, 2);
      const stranger = await signedInClient(app);
      const theirs = await send(stranger, 'POST', '/api/spaced-repetition/undo', { reviewId });
      expect(theirs.statusCode).toBe(404);
      expect((await send(me, 'POST', `/api/spaced-repetition/reset/${card.id}`)).statusCode).toBe(200);
      const stale = await send(me, 'POST', '/api/spaced-repetition/undo', { reviewId });
      expect(stale.statusCode).toBe(409);
    });
  });

  describe('POST /api/spaced-repetition/reset/:cardId', () => {
    it('makes the card new again and keeps its history', async () => {
      const card = await me.createCard();
      await reviewOk(card.id, 2);
      const response = await send(me, 'POST', `/api/spaced-repetition/reset/${card.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json().card).toMatchObject({ id: card.id, state: 'new', repetitions: 0, due: null });
      expect(await logCount(me.user.id)).toBe(1);
      expect((await queue()).newCount).toBe(1);
    });

    it("is a 404 for another learner's card or a bad id", async () => {
      const stranger = await signedInClient(app);
      const theirs = await stranger.createCard();
      await send(stranger, 'POST', '/api/spaced-repetition/review', { cardId: theirs.id, result: 2, timeSpent: 1 });
      for (const id of [String(theirs.id), 'abc', '0']) {
        const response = await send(me, 'POST', `/api/spaced-repetition/reset/${id}`);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: 'Card not found' });
      }
      expect((await stranger.get(`/api/cards/${theirs.id}`)).json().repetitions).toBe(1);
    });
  });

  describe('settings', () => {
    it('starts from the defaults and changes only the fields sent', async () => {
      const initial = await send(me, 'GET', '/api/spaced-repetition/settings');
      expect(initial.json()).toEqual({
        dailyGoal: 15,
        desiredRetention: 0.9,
        maximumInterval: 36500,
        newCardsPerDay: 20,
        learningSteps: '1m 10m',
        relearningSteps: '10m',
      });
      const put = await send(me, 'PUT', '/api/spaced-repetition/settings', { desiredRetention: 0.85, dailyGoal: 30 });
      expect(put.statusCode).toBe(200);
      const steps = { learningSteps: '1m 10m', relearningSteps: '10m' };
      expect(put.json()).toEqual({
        dailyGoal: 30,
        desiredRetention: 0.85,
        maximumInterval: 36500,
        newCardsPerDay: 20,
        ...steps,
      });
      expect((await send(me, 'PUT', '/api/spaced-repetition/settings', { maximumInterval: 365 })).json()).toEqual({
        dailyGoal: 30,
        desiredRetention: 0.85,
        maximumInterval: 365,
        newCardsPerDay: 20,
        ...steps,
      });
      // The goal feeds the dashboard and the queue.
      expect((await queue()).dailyGoal.dailyGoal).toBe(30);
      expect((await send(me, 'GET', '/api/dashboard/dashboard')).json().dailyGoal.dailyGoal).toBe(30);
    });

    it('makes reviews use the desired retention', async () => {
      await send(me, 'PUT', '/api/spaced-repetition/settings', { desiredRetention: 0.7 });
      const card = await me.createCard();
      const body = await reviewOk(card.id, 3);
      const expected = fsrs(generatorParameters({ request_retention: 0.7, enable_fuzz: true })).next(
        createEmptyCard(START),
        START,
        Rating.Easy,
      ).card;
      expect(body.card.due).toBe(expected.due.toISOString());
    });

    it.each([
      [{ desiredRetention: 0.5 }, 'Desired retention must be between 0.70 and 0.99'],
      [{ desiredRetention: '0.9' }, 'Desired retention must be between 0.70 and 0.99'],
      [{ maximumInterval: 0 }, 'Maximum interval must be between 1 and 36500 days'],
      [{ maximumInterval: 10.5 }, 'Maximum interval must be between 1 and 36500 days'],
      [{ newCardsPerDay: -1 }, 'New cards per day must be between 0 and 9999'],
      [{ dailyGoal: 4 }, 'Daily goal must be between 5 and 50'],
      [{ dailyGoal: 51 }, 'Daily goal must be between 5 and 50'],
    ])('refuses %j with 400 and changes nothing', async (body, message) => {
      const response = await send(me, 'PUT', '/api/spaced-repetition/settings', { newCardsPerDay: 5, ...body });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: message });
      expect((await send(me, 'GET', '/api/spaced-repetition/settings')).json().newCardsPerDay).toBe(20);
    });
  });

  describe('stats, schedule and forecast', () => {
    it('counts cards by state, reviews and retention on review cards', async () => {
      const [a, b, c] = [await me.createCard(), await me.createCard(), await me.createCard()];
      await reviewOk(a.id, 3); // new -> review
      await reviewOk(b.id, 2); // new -> learning
      // Review card a on its due date twice: once recalled, once forgotten (after a reset of its clock).
      const dueA = new Date((await me.get(`/api/cards/${a.id}`)).json().due).getTime();
      now = new Date(dueA);
      await reviewOk(a.id, 2); // recalled
      const dueAgain = new Date((await me.get(`/api/cards/${a.id}`)).json().due).getTime();
      now = new Date(dueAgain);
      await reviewOk(a.id, 0); // lapse -> relearning

      const response = await send(me, 'GET', '/api/spaced-repetition/stats', undefined, { 'x-time-zone': 'UTC' });
      expect(response.statusCode).toBe(200);
      const stats = response.json();
      expect(stats.cards).toEqual({ total: 3, new: 1, learning: 1, review: 0, relearning: 1 });
      expect(stats.reviews.total).toBe(4);
      expect(stats.retention.overall).toBe(50);
      expect(stats.desiredRetention).toBe(0.9);
      expect(stats.dueNow).toBeGreaterThanOrEqual(1);
      void c;
    });

    it('has no retention before any review of a review card', async () => {
      const stats = (await send(me, 'GET', '/api/spaced-repetition/stats')).json();
      expect(stats.retention).toEqual({ overall: null, last30Days: null });
      expect(stats.cards.total).toBe(0);
    });

    it('lists studied cards by due date with retrievability', async () => {
      const a = await me.createCard();
      const b = await me.createCard();
      await me.createCard(); // new: not scheduled
      await reviewOk(a.id, 3);
      await reviewOk(b.id, 0);
      const response = await send(me, 'GET', '/api/spaced-repetition/schedule');
      expect(response.statusCode).toBe(200);
      const cards = response.json().cards;
      expect(cards.map((card: { id: number }) => card.id)).toEqual([b.id, a.id]);
      expect(cards[1].retrievability).toBeGreaterThan(0.99);
    });

    it('forecasts due cards per local day, overdue ones today', async () => {
      const a = await me.createCard();
      const b = await me.createCard();
      await reviewOk(a.id, 0); // due in a minute: today
      const easy = await reviewOk(b.id, 3); // due in a few days
      now = new Date(START.getTime() + 2 * MINUTE); // a is overdue now
      const response = await send(me, 'GET', '/api/spaced-repetition/forecast?days=30', undefined, {
        'x-time-zone': 'UTC',
      });
      expect(response.statusCode).toBe(200);
      const days = response.json().days as Array<{ date: string; due: number }>;
      expect(days).toHaveLength(30);
      expect(days[0]).toEqual({ date: '2024-06-11', due: 1 });
      const easyDate = easy.card.due!.slice(0, 10);
      expect(days.find((day) => day.date === easyDate)!.due).toBe(1);
      expect(days.reduce((sum, day) => sum + day.due, 0)).toBe(2);

      const bad = await send(me, 'GET', '/api/spaced-repetition/forecast?days=0');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ error: 'days must be between 1 and 365' });
    });

    it('forecasts each card on its local day across a DST change, leaving out known and new cards', async () => {
      await setAccountTimeZone(app, ctx.db, me.user.accessToken, 'America/New_York');
      // 2024-11-03: New York goes from UTC-4 to UTC-5 at 06:00 UTC.
      const dues = [
        '2024-06-01T12:00:00.000Z', // overdue: today (June 11)
        '2024-11-03T03:59:59.999Z', // Nov 2, 23:59 EDT
        '2024-11-03T04:00:00.000Z', // Nov 3, 00:00 EDT
        '2024-11-04T04:59:59.999Z', // Nov 3, 23:59 EST
        '2024-11-04T05:00:00.000Z', // Nov 4, 00:00 EST
        '2025-06-11T04:00:00.000Z', // June 11, 2025: the 366th day, past a 365-day forecast
      ];
      const cards = [];
      for (const due of dues) {
        const card = await me.createCard();
        await ctx.db.updateTable('cards').set({ state: 2, due }).where('id', '=', card.id).execute();
        cards.push(card);
      }
      const known = await me.createCard();
      await ctx.db
        .updateTable('cards')
        .set({ state: 2, due: dues[2], known: true })
        .where('id', '=', known.id)
        .execute();
      await me.createCard(); // new: never forecast

      const response = await send(me, 'GET', '/api/spaced-repetition/forecast?days=365');
      expect(response.statusCode).toBe(200);
      const days = response.json().days as Array<{ date: string; due: number }>;
      expect(days).toHaveLength(365);
      expect(days[0]).toEqual({ date: '2024-06-11', due: 1 });
      expect(days[364]!.date).toBe('2025-06-10');
      expect(days.filter((day) => day.due > 0)).toEqual([
        { date: '2024-06-11', due: 1 },
        { date: '2024-11-02', due: 1 },
        { date: '2024-11-03', due: 2 },
        { date: '2024-11-04', due: 1 },
      ]);
    });

    it('requires authentication everywhere', async () => {
      for (const [method, url] of [
        ['GET', '/api/learning/review-queue'],
        ['GET', '/api/spaced-repetition/due'],
        ['POST', '/api/spaced-repetition/review'],
        ['POST', '/api/spaced-repetition/undo'],
        ['POST', '/api/spaced-repetition/reset/1'],
        ['GET', '/api/spaced-repetition/stats'],
        ['GET', '/api/spaced-repetition/schedule'],
        ['GET', '/api/spaced-repetition/forecast'],
        ['PUT', '/api/spaced-repetition/settings'],
      ] as const) {
        const response = await app.inject({ method, url });
        expect({ url, status: response.statusCode }).toEqual({ url, status: 401 });
      }
    });
  });
});
