// Reviews made offline and sent later (`reviewedAt`): validation, counting at the review's time,
// the browser's scheduling equal to the server's, out-of-order arrival (the history replayed),
// idempotent resends, undo, the leech rule and concurrency.
import { Scheduler, schedulingStateOf, type SchedulingState } from '@flashcard/api-contract/scheduler';
import type { ReviewQueue, ReviewResponse, StudyCard } from '@flashcard/api-contract/schemas';
import type { FastifyInstance } from 'fastify';
import { default_w } from 'ts-fsrs';
import { signedInClient, type ApiClient } from '../../test/api-client';
import { buildApkg } from '../../test/apkg-fixture';
import { bearer, describeEachDb, setAccountTimeZone } from '../../test/harness';
import { reviewTotalsAndLogSums } from '../../test/review-totals';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
// 05:00 UTC on 11 June 2024: 22:00 on 10 June in Los Angeles.
const START = new Date('2024-06-11T05:00:00.000Z');
const DEFAULTS = {
  desiredRetention: 0.9,
  maximumInterval: 36500,
  parameters: null,
  learningSteps: '1m 10m',
  relearningSteps: '10m',
};

const iso = (ms: number) => new Date(ms).toISOString();

describeEachDb('reviews made offline (reviewedAt)', (ctx) => {
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

  const review = (cardId: number, result: number, reviewedAt?: string | number | null, key?: string, extra = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/spaced-repetition/review',
      headers: { ...bearer(me.user.accessToken), ...(key ? { 'idempotency-key': key } : {}) },
      payload: { cardId, result, timeSpent: 3000, ...(reviewedAt === undefined ? {} : { reviewedAt }), ...extra },
    });
  const reviewOk = async (cardId: number, result: number, reviewedAt?: string, key?: string, extra = {}) => {
    const response = await review(cardId, result, reviewedAt, key, extra);
    expect(response.statusCode).toBe(200);
    return response.json() as ReviewResponse;
  };
  const undo = (reviewId: number) => me.post('/api/spaced-repetition/undo', { reviewId });
  const queue = async () => {
    const response = await me.get('/api/learning/review-queue?newLimit=100');
    expect(response.statusCode).toBe(200);
    return response.json() as ReviewQueue;
  };
  const logsOf = (cardId: number) =>
    ctx.db
      .selectFrom('review_logs')
      .selectAll()
      .where('card_id', '=', cardId)
      .orderBy('reviewed_at')
      .orderBy('id')
      .execute();
  const cardRow = (cardId: number) =>
    ctx.db.selectFrom('cards').selectAll().where('id', '=', cardId).executeTakeFirstOrThrow();
  const scheduling = (row: SchedulingState): SchedulingState => ({
    state: row.state,
    due: row.due,
    stability: row.stability,
    difficulty: row.difficulty,
    elapsed_days: row.elapsed_days,
    scheduled_days: row.scheduled_days,
    learning_steps: row.learning_steps,
    repetitions: row.repetitions,
    lapses: row.lapses,
    last_review: row.last_review,
  });
  /** Ratings applied one after the other from a new card: what a replay of them must give. */
  const chain = (reviews: Array<[number, 0 | 1 | 2 | 3]>, scheduler = new Scheduler(DEFAULTS)) =>
    reviews.reduce(
      (state, [at, result]) => scheduler.review(state, new Date(at), result),
      schedulingStateOf({
        state: 'new',
        due: null,
        repetitions: 0,
        lapses: 0,
        memory: {
          stability: 0,
          difficulty: 0,
          elapsed_days: 0,
          scheduled_days: 0,
          learning_steps: 0,
          last_review: null,
        },
      }),
    );
  /** The card of a response as the scheduler row it carries. */
  const stateOf = (card: StudyCard) => schedulingStateOf(card);

  describe('validation', () => {
    it.each([
      [
        'yesterday',
        'reviewedAt must be an ISO 8601 date and time with its time zone, such as 2024-06-11T05:00:00.000Z',
      ],
      [
        '2024-06-10T05:00:00',
        'reviewedAt must be an ISO 8601 date and time with its time zone, such as 2024-06-11T05:00:00.000Z',
      ],
      [
        '2024-02-30T05:00:00Z',
        'reviewedAt must be an ISO 8601 date and time with its time zone, such as 2024-06-11T05:00:00.000Z',
      ],
      [
        START.getTime(),
        'reviewedAt must be an ISO 8601 date and time with its time zone, such as 2024-06-11T05:00:00.000Z',
      ],
      [iso(START.getTime() + 5 * MINUTE + 1), 'reviewedAt must not be in the future'],
      ['2024-06-11T07:10:00+02:00', 'reviewedAt must not be in the future'],
      [
        iso(START.getTime() - 30 * DAY - 1),
        'reviewedAt must be within the last 30 days: an older review is not stored',
      ],
    ])('refuses %j with 400 and stores nothing', async (reviewedAt, message) => {
      const card = await me.createCard();
      const response = await review(card.id, 2, reviewedAt);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: message });
      expect(await logsOf(card.id)).toEqual([]);
    });

    it('takes a time within the clock skew as now, null as now, an offset as its instant', async () => {
      const [a, b, c] = [await me.createCard(), await me.createCard(), await me.createCard()];
      await reviewOk(a.id, 2, iso(START.getTime() + 5 * MINUTE));
      await reviewOk(b.id, 2, null as unknown as string);
      now = new Date(START.getTime() + DAY);
      await reviewOk(c.id, 2, '2024-06-11T09:30:00+02:00');
      expect((await logsOf(a.id))[0]!.reviewed_at).toBe(START.toISOString());
      expect((await logsOf(b.id))[0]!.reviewed_at).toBe(START.toISOString());
      expect((await logsOf(c.id))[0]!.reviewed_at).toBe('2024-06-11T07:30:00.000Z');
    });

    it('accepts a review 30 days old, and takes one before the card existed at its creation', async () => {
      const card = await me.createCard();
      now = new Date(START.getTime() + 30 * DAY);
      const old = await me.createCard();
      await reviewOk(card.id, 2, iso(now.getTime() - 30 * DAY + MINUTE));
      const body = await reviewOk(old.id, 2, iso(START.getTime() + DAY));
      const [log] = await logsOf(old.id);
      expect(log!.reviewed_at).toBe(now.toISOString());
      expect(body.card.memory.last_review).toBe(now.toISOString());
    });
  });

  describe('counted at its time', () => {
    it("counts a review made yesterday on yesterday's local day: analytics, streak, today, goal, XP, new cards", async () => {
      await setAccountTimeZone(app, ctx.db, me.user.accessToken, 'America/Los_Angeles');
      await me.put('/api/spaced-repetition/settings', { newCardsPerDay: 2 });
      now = new Date(START.getTime() - 2 * DAY); // the cards exist since 8 June
      const [a, b, c] = [await me.createCard(), await me.createCard(), await me.createCard()];
      now = START; // 22:00 on 10 June in Los Angeles
      // Rated offline at 22:00 on 9 June there, sent now.
      const yesterday = iso(START.getTime() - DAY);
      const { reviewId } = await reviewOk(a.id, 2, yesterday);

      const analytics = (await me.get('/api/dashboard/analytics?days=2')).json();
      expect(analytics.days).toEqual([
        { date: '2024-06-09', reviews: 1, correct: 1, successRate: 100 },
        { date: '2024-06-10', reviews: 0, correct: 0, successRate: null },
      ]);
      let stats = (await me.get('/api/dashboard/user-stats')).json();
      expect(stats).toMatchObject({ totalReviews: 1, reviewsToday: 0, currentStreak: 1, longestStreak: 1 });
      const progress = (await me.get('/api/dashboard/study-progress')).json();
      expect(progress.reviewsToday).toBe(0);
      expect(progress.dailyGoal).toMatchObject({ cardsStudied: 0 });
      // Yesterday's first review leaves today's allowance of new cards whole.
      const today = await queue();
      expect(today.newCount).toBe(2);
      expect(today.dailyGoal.cardsStudied).toBe(0);
      const xp = await ctx.db
        .selectFrom('experience_events')
        .select(['created_at', 'amount'])
        .where('review_log_id', '=', reviewId)
        .executeTakeFirstOrThrow();
      expect(xp.created_at).toBe(yesterday);

      // A review now makes it two days in a row.
      await reviewOk(b.id, 2);
      stats = (await me.get('/api/dashboard/user-stats')).json();
      expect(stats).toMatchObject({ totalReviews: 2, reviewsToday: 1, currentStreak: 2, longestStreak: 2 });
      expect((await me.get('/api/dashboard/dashboard')).json().userStats.currentStreak).toBe(2);
      expect((await queue()).newCount).toBe(1);
      void c;
    });

    it('counts in a session that was open at its time, not in one that had ended', async () => {
      const session = (await me.post('/api/dashboard/session/start', { session_type: 'review' })).json().sessionId;
      const [a, b, c] = [await me.createCard(), await me.createCard(), await me.createCard()];
      now = new Date(START.getTime() + MINUTE);
      await reviewOk(a.id, 2, undefined, undefined, { sessionId: session });
      now = new Date(START.getTime() + 10 * MINUTE);
      expect((await me.post('/api/dashboard/session/end', { sessionId: session })).statusCode).toBe(200);
      now = new Date(START.getTime() + HOUR);
      // Rated offline at +5 min in that session, sent after it ended: it counts there.
      await reviewOk(b.id, 0, iso(START.getTime() + 5 * MINUTE), undefined, { sessionId: session });
      const row = await ctx.db
        .selectFrom('study_sessions')
        .selectAll()
        .where('id', '=', session)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        cards_studied: 2,
        correct_count: 1,
        last_activity_at: iso(START.getTime() + 5 * MINUTE),
      });
      // Rated after the session ended: refused, as a late review always was.
      const late = await review(c.id, 2, iso(START.getTime() + 20 * MINUTE), undefined, { sessionId: session });
      expect(late.statusCode).toBe(409);
      expect(late.json()).toEqual({ error: 'This study session has ended' });
      expect(await logsOf(c.id)).toEqual([]);
    });
  });

  describe('the browser schedules as the server does', () => {
    // The study screen's way: the queue's scheduler and cards, the contract's Scheduler (the
    // module its main entry re-exports), a rating made at `at` and sent hours later.
    const browserAndServerAgree = async (parameters: number[] | null) => {
      const cards = [];
      for (let i = 0; i < 8; i++) cards.push(await me.createCard());
      // Half of them studied once, due again a few days later.
      for (const card of cards.slice(4)) await reviewOk(card.id, 3);
      const latestDue = Math.max(
        ...(await Promise.all(cards.slice(4).map(async (c) => Date.parse((await cardRow(c.id)).due!)))),
      );
      const at = new Date(latestDue + 2 * DAY + 17 * MINUTE + 123);
      now = at;
      const offline = await queue();
      expect(offline.scheduler).toEqual({ ...DEFAULTS, parameters });
      expect(offline.due).toHaveLength(4);
      expect(offline.new).toHaveLength(4);
      const scheduler = new Scheduler(offline.scheduler);

      now = new Date(at.getTime() + 3 * HOUR); // back online
      for (const list of [offline.new, offline.due]) {
        for (const [i, card] of list.entries()) {
          const result = i as 0 | 1 | 2 | 3;
          const expected = scheduler.review(schedulingStateOf(card), at, result);
          expect(scheduler.preview(schedulingStateOf(card), at)[`${result}`].due).toBe(expected.due);
          const { card: stored } = await reviewOk(card.id, result, at.toISOString());
          expect(stateOf(stored)).toEqual(expected);
          expect(stored.preview).toEqual(scheduler.preview(expected, now));
          expect(scheduling(await cardRow(card.id))).toEqual(expected);
        }
      }
      return scheduler;
    };

    it('with the default weights', async () => {
      await browserAndServerAgree(null);
    });

    it('with fitted weights in use', async () => {
      const fitted = [...default_w].map((w, i) => (i < 4 ? w * 1.5 : w * 1.01));
      await ctx.db
        .insertInto('fsrs_parameters')
        .values({ user_id: me.user.id, parameters: JSON.stringify(fitted), in_use: true })
        .execute();
      const scheduler = await browserAndServerAgree(fitted);
      // The weights matter: the defaults would have scheduled a new card's Easy otherwise.
      const fresh = chain([[START.getTime(), 3]], scheduler);
      expect(fresh.stability).not.toBeCloseTo(chain([[START.getTime(), 3]]).stability, 3);
    });

    it('gives the fitted weights only while in use', async () => {
      await ctx.db
        .insertInto('fsrs_parameters')
        .values({ user_id: me.user.id, parameters: JSON.stringify([...default_w]), in_use: false })
        .execute();
      expect((await queue()).scheduler).toEqual(DEFAULTS);
    });
  });

  describe('out of time order', () => {
    it('puts an earlier review in its place and replays the history: logs in time order, schedule equal to the replay', async () => {
      const card = await me.createCard();
      const [t1, t2, t3] = [START.getTime(), START.getTime() + 10 * MINUTE, START.getTime() + DAY];
      // Device B rates at t3 and is online; device A rated at t1 and t2 offline, sent later in turn.
      now = new Date(t3);
      await reviewOk(card.id, 2);
      now = new Date(t3 + HOUR);
      const first = await reviewOk(card.id, 2, iso(t1));
      expect(stateOf(first.card)).toEqual(
        chain([
          [t1, 2],
          [t3, 2],
        ]),
      );
      const second = await reviewOk(card.id, 3, iso(t2));
      const expected = chain([
        [t1, 2],
        [t2, 3],
        [t3, 2],
      ]);
      expect(stateOf(second.card)).toEqual(expected);
      expect(scheduling(await cardRow(card.id))).toEqual(expected);

      const logs = await logsOf(card.id);
      expect(logs.map((log) => [log.reviewed_at, log.rating])).toEqual([
        [iso(t1), 3],
        [iso(t2), 4],
        [iso(t3), 3],
      ]);
      // Each log holds the card's state before and after it in the replayed history.
      const replayed = new Scheduler(DEFAULTS).replay([
        { at: new Date(t1), result: 2 },
        { at: new Date(t2), result: 3 },
        { at: new Date(t3), result: 2 },
      ]);
      logs.forEach((log, i) => {
        expect(scheduling(log)).toEqual(replayed[i]!.before);
        expect([log.state_after, log.due_after, log.stability_after]).toEqual([
          replayed[i]!.after.state,
          replayed[i]!.after.due,
          replayed[i]!.after.stability,
        ]);
      });
      // One first review of the card, the earliest: today's allowance counts one new card.
      expect(logs.filter((log) => log.state === 0)).toHaveLength(1);
      const totals = await reviewTotalsAndLogSums(ctx.db, me.user.id);
      expect(totals.kept).toEqual(totals.summed);
      expect(totals.kept[0]).toMatchObject({ reviews: 3, remembered: 3 });
    });

    it('applies an offline review resent with its Idempotency-Key once', async () => {
      const card = await me.createCard();
      now = new Date(START.getTime() + HOUR);
      await reviewOk(card.id, 2);
      now = new Date(START.getTime() + 2 * HOUR);
      const first = await reviewOk(card.id, 0, START.toISOString(), 'offline-1');
      const version = (await cardRow(card.id)).sched_version;
      for (let i = 0; i < 3; i++) {
        const again = await reviewOk(card.id, 0, START.toISOString(), 'offline-1');
        expect(again.reviewId).toBe(first.reviewId);
        expect(again.xpEarned).toBe(first.xpEarned);
        expect(stateOf(again.card)).toEqual(stateOf(first.card));
      }
      expect(await logsOf(card.id)).toHaveLength(2);
      expect((await cardRow(card.id)).sched_version).toBe(version);
      const xp = await ctx.db.selectFrom('experience_events').select('id').where('user_id', '=', me.user.id).execute();
      expect(xp).toHaveLength(2);
      // Past the age limit, a resend of a stored review still gets its first answer.
      now = new Date(START.getTime() + 31 * DAY);
      const late = await reviewOk(card.id, 0, START.toISOString(), 'offline-1');
      expect(late.reviewId).toBe(first.reviewId);
    });

    it('replays an imported .apkg history with it', async () => {
      const [t1, t2] = [START.getTime() - 10 * DAY, START.getTime() - 5 * DAY];
      const apkg = buildApkg({
        format: 'anki2',
        notes: [
          {
            guid: 'offline-1',
            fields: ['Hund', 'dog'],
            cards: [
              {
                ord: 0,
                reviews: [
                  { at: t1, ease: 3, type: 0 },
                  { at: t2, ease: 3, type: 1 },
                ],
              },
            ],
          },
        ],
      });
      const imported = await app.inject({
        method: 'POST',
        url: '/api/cards/import/apkg',
        headers: { ...bearer(me.user.accessToken), 'content-type': 'application/octet-stream' },
        payload: Buffer.from(apkg),
      });
      expect(imported.json()).toMatchObject({ imported: 1, reviews: 2 });
      const { id } = await ctx.db
        .selectFrom('cards')
        .select('id')
        .where('user_id', '=', me.user.id)
        .executeTakeFirstOrThrow();
      const [t3, t4] = [START.getTime() + DAY, START.getTime() + 2 * DAY];
      now = new Date(t4);
      await reviewOk(id, 2);
      now = new Date(t4 + HOUR);
      const late = await reviewOk(id, 0, iso(t3));
      const expected = chain([
        [t1, 2],
        [t2, 2],
        [t3, 0],
        [t4, 2],
      ]);
      expect(stateOf(late.card)).toEqual(expected);
      expect((await logsOf(id)).map((log) => log.reviewed_at)).toEqual([t1, t2, t3, t4].map(iso));
    });

    it('keeps a reset: a review from before it goes into the history the reset left behind', async () => {
      const card = await me.createCard();
      const [t1, t2, t3] = [START.getTime(), START.getTime() + HOUR, START.getTime() + 2 * HOUR];
      await reviewOk(card.id, 3);
      now = new Date(t2 + 30 * MINUTE);
      expect((await me.post(`/api/spaced-repetition/reset/${card.id}`)).statusCode).toBe(200);
      now = new Date(t3);
      await reviewOk(card.id, 2);
      const afterReset = chain([[t3, 2]]);
      now = new Date(t3 + HOUR);
      const late = await reviewOk(card.id, 0, iso(t2));
      expect(stateOf(late.card)).toEqual(afterReset);
      const logs = await logsOf(card.id);
      expect(logs.map((log) => log.reviewed_at)).toEqual([iso(t1), iso(t2), iso(t3)]);
      expect(scheduling(logs[1]!)).toEqual(chain([[t1, 3]]));
      expect(scheduling(logs[2]!)).toEqual(chain([]));

      // A card reset and not studied since stays new.
      const other = await me.createCard();
      now = new Date(t3 + 2 * HOUR);
      await reviewOk(other.id, 2);
      expect((await me.post(`/api/spaced-repetition/reset/${other.id}`)).statusCode).toBe(200);
      const before = await reviewOk(other.id, 2, iso(t3 + HOUR));
      expect(before.card).toMatchObject({ state: 'new', repetitions: 0, due: null });
    });
  });

  describe('undo', () => {
    it('takes an out-of-order review out of the history: the rest replayed, its XP gone', async () => {
      const card = await me.createCard();
      const [t1, t2] = [START.getTime(), START.getTime() + DAY];
      now = new Date(t2);
      await reviewOk(card.id, 2);
      const before = await cardRow(card.id);
      now = new Date(t2 + HOUR);
      const late = await reviewOk(card.id, 3, iso(t1));
      const undone = await undo(late.reviewId);
      expect(undone.statusCode).toBe(200);
      expect(stateOf(undone.json().card)).toEqual(chain([[t2, 2]]));
      expect(await cardRow(card.id)).toEqual(before);
      const logs = await logsOf(card.id);
      expect(logs.map((log) => log.reviewed_at)).toEqual([iso(t2)]);
      expect(scheduling(logs[0]!)).toEqual(chain([]));
      const xp = await ctx.db.selectFrom('experience_events').select('id').where('user_id', '=', me.user.id).execute();
      expect(xp).toHaveLength(1);
    });

    it('undoes the latest review sent when it is also the newest, back to the replayed history', async () => {
      const card = await me.createCard();
      const [t1, t2, t3] = [START.getTime(), START.getTime() + DAY, START.getTime() + 3 * DAY];
      now = new Date(t2);
      await reviewOk(card.id, 2);
      now = new Date(t2 + HOUR);
      await reviewOk(card.id, 2, iso(t1));
      const replayed = await cardRow(card.id);
      now = new Date(t3);
      const latest = await reviewOk(card.id, 1);
      expect(stateOf(latest.card)).toEqual(
        chain([
          [t1, 2],
          [t2, 2],
          [t3, 1],
        ]),
      );
      expect((await undo(latest.reviewId)).statusCode).toBe(200);
      expect(await cardRow(card.id)).toEqual(replayed);
    });

    it('refuses to undo a review once a later-sent one (even an earlier-made one) changed the card', async () => {
      const card = await me.createCard();
      now = new Date(START.getTime() + DAY);
      const online = await reviewOk(card.id, 2);
      now = new Date(START.getTime() + DAY + HOUR);
      await reviewOk(card.id, 2, START.toISOString());
      const refused = await undo(online.reviewId);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: 'Only the latest review of a card can be undone' });
      expect(await logsOf(card.id)).toHaveLength(2);
    });
  });

  describe('the leech rule', () => {
    /** Rates the card through `lapses` lapses (Again on a review card, then Good back), online. */
    const lapse = async (cardId: number, lapses: number) => {
      let body = await reviewOk(cardId, 3); // new -> review
      for (let n = 0; n < lapses; n++) {
        now = new Date(Date.parse(body.card.due!));
        body = await reviewOk(cardId, 0); // a lapse: relearning
        now = new Date(Date.parse(body.card.due!));
        body = await reviewOk(cardId, 2); // back to review
      }
      return body;
    };

    it('suspends a card whose lapses reach 8 through the added review, not a leech the learner took back', async () => {
      const card = await me.createCard();
      const seven = await lapse(card.id, 7);
      expect(seven.card).toMatchObject({ lapses: 7, state: 'review', suspended: false });
      // One more review, online, due later; then an Again rated offline before it, on the review card.
      const made = Date.parse(seven.card.due!);
      now = new Date(made + DAY);
      await reviewOk(card.id, 2);
      now = new Date(made + DAY + HOUR);
      const leech = await reviewOk(card.id, 0, iso(made));
      expect(leech.leech).toBe(true);
      expect(leech.card).toMatchObject({ lapses: 8, suspended: true, tags: 'leech' });

      // The learner takes it back; a later offline Good from before its last review replays the
      // eight lapses, and does not suspend it again.
      expect((await me.post(`/api/spaced-repetition/cards/${card.id}/unsuspend`)).statusCode).toBe(200);
      const replayed = await reviewOk(card.id, 2, iso(made + HOUR));
      expect(replayed.leech).toBe(false);
      expect(replayed.card).toMatchObject({ lapses: 8, suspended: false });
    });
  });

  describe('concurrency', () => {
    it('chains an in-order and an out-of-order review of one card sent at once: both kept, schedule the replay', async () => {
      for (let round = 0; round < 4; round++) {
        const [t1, t2, t3] = [START.getTime(), START.getTime() + 10 * MINUTE, START.getTime() + DAY];
        now = new Date(t1);
        const card = await me.createCard();
        await reviewOk(card.id, 2);
        now = new Date(t3);
        await reviewOk(card.id, 2);
        now = new Date(t3 + HOUR);
        const responses = await Promise.all([
          review(card.id, 3, undefined, `in-order-${round}`),
          review(card.id, 1, iso(t2), `out-of-order-${round}`),
        ]);
        expect(responses.map((r) => r.statusCode)).toEqual([200, 200]);
        const logs = await logsOf(card.id);
        expect(logs.map((log) => log.reviewed_at)).toEqual([iso(t1), iso(t2), iso(t3), iso(t3 + HOUR)]);
        const expected = chain([
          [t1, 2],
          [t2, 1],
          [t3, 2],
          [t3 + HOUR, 3],
        ]);
        const row = await cardRow(card.id);
        expect(scheduling(row)).toEqual(expected);
        // Every write started from the one before it: four versions, none lost.
        expect(row.sched_version).toBe(4);
        expect(new Set(logs.map((log) => log.sched_version_after))).toEqual(new Set([1, 2, 3, 4]));
      }
    });
  });
});
