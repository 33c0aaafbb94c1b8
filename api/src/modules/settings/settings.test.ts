import type { FastifyInstance } from 'fastify';
import { DEFAULT_RATE_LIMITS } from '../../config';
import { signedInClient, type ApiClient } from '../../test/api-client';
import { bearer, describeEachDb } from '../../test/harness';
import { ABANDONED_AFTER_MS } from '../sessions';

const MANY_SIGNUPS = {
  rateLimits: { ...DEFAULT_RATE_LIMITS, registerPerAddress: { max: 10_000, timeWindowMs: 60_000 } },
};

const DEFAULTS = {
  emailNotifications: true,
  pushNotifications: false,
  studyReminders: true,
  friendNotifications: true,
  achievementNotifications: true,
  darkMode: false,
  autoplay: true,
  studyGoal: 15,
  language: 'en',
  desiredRetention: 0.9,
  newCardsPerDay: 20,
  maximumReviewsPerDay: 200,
  maximumInterval: 36500,
  learningSteps: '1m 10m',
  relearningSteps: '10m',
  // No device named a zone yet (these requests send none).
  timeZone: 'UTC',
};

describeEachDb('settings: /api/user/*', (ctx) => {
  let app: FastifyInstance;
  let clock: Date;
  let me: ApiClient;

  beforeAll(async () => {
    clock = new Date('2026-03-02T10:00:00.000Z');
    app = await ctx.buildApp(MANY_SIGNUPS, { now: () => clock });
  });
  beforeEach(async () => {
    clock = new Date('2026-03-02T10:00:00.000Z');
    me = await signedInClient(app);
  });

  const notificationTypes = async (client: ApiClient) =>
    ((await client.get('/api/notifications')).json().notifications as Array<{ type: string }>).map((n) => n.type);

  describe('GET and PUT /user/settings', () => {
    it("answers the spec's defaults to a new account", async () => {
      const response = await me.get('/api/user/settings');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(DEFAULTS);
    });

    it('saves the fields given, keeps the others, and a new sign-in on another device reads them', async () => {
      const change = { studyGoal: 40, language: 'fr', darkMode: true, pushNotifications: true, desiredRetention: 0.85 };
      const response = await me.put('/api/user/settings', change);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ...DEFAULTS, ...change });

      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: me.user.email, password: me.user.password },
      });
      const elsewhere = await app.inject({
        method: 'GET',
        url: '/api/user/settings',
        headers: bearer(login.json().tokens.accessToken),
      });
      expect(elsewhere.json()).toEqual({ ...DEFAULTS, ...change });

      expect((await me.put('/api/user/settings', { autoplay: false })).json()).toEqual({
        ...DEFAULTS,
        ...change,
        autoplay: false,
      });
    });

    it('makes studyGoal the daily goal of the study settings, the dashboard and the hub', async () => {
      await me.put('/api/user/settings', { studyGoal: 40 });
      expect((await me.get('/api/spaced-repetition/settings')).json().dailyGoal).toBe(40);
      expect((await me.get('/api/dashboard/dashboard')).json().dailyGoal).toEqual({ cardsStudied: 0, dailyGoal: 40 });
      expect((await me.get('/api/learning/review-queue')).json().dailyGoal.dailyGoal).toBe(40);

      // And the other way round: the study settings call changes the same value.
      await me.put('/api/spaced-repetition/settings', { dailyGoal: 25, newCardsPerDay: 7 });
      expect((await me.get('/api/user/settings')).json()).toMatchObject({ studyGoal: 25, newCardsPerDay: 7 });
    });

    it("carries the default preset's review limit: set here, read in the presets list, and the reverse", async () => {
      const defaultPreset = async () =>
        ((await me.get('/api/spaced-repetition/presets')).json() as Array<{ id: number }>).find((p) => p.id === 0);

      const saved = await me.put('/api/user/settings', { maximumReviewsPerDay: 120, newCardsPerDay: 8 });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual({ ...DEFAULTS, maximumReviewsPerDay: 120, newCardsPerDay: 8 });
      expect(await defaultPreset()).toMatchObject({ maximumReviewsPerDay: 120, newCardsPerDay: 8 });

      const edited = await me.put('/api/spaced-repetition/presets/0', { maximumReviewsPerDay: 0 });
      expect(edited.statusCode).toBe(200);
      expect((await me.get('/api/user/settings')).json()).toEqual({
        ...DEFAULTS,
        maximumReviewsPerDay: 0,
        newCardsPerDay: 8,
      });
      // A change of another field keeps the limit.
      expect((await me.put('/api/user/settings', { autoplay: false })).json().maximumReviewsPerDay).toBe(0);
      expect(await defaultPreset()).toMatchObject({ maximumReviewsPerDay: 0 });
    });

    it.each([
      [{ darkMode: 'yes' }, 'darkMode must be true or false'],
      [{ studyReminders: 1 }, 'studyReminders must be true or false'],
      [{ friendNotifications: {} }, 'friendNotifications must be true or false'],
      [{ language: ['en'] }, 'Language must be one of: en, es, fr, de, it'],
      [{ studyGoal: [20] }, 'Daily goal must be between 5 and 50'],
      [{ newCardsPerDay: null }, 'New cards per day must be between 0 and 9999'],
      [{ language: 'pt' }, 'Language must be one of: en, es, fr, de, it'],
      [{ language: null }, 'Language must be one of: en, es, fr, de, it'],
      [{ studyGoal: 51 }, 'Daily goal must be between 5 and 50'],
      [{ studyGoal: 4 }, 'Daily goal must be between 5 and 50'],
      [{ studyGoal: 10.5 }, 'Daily goal must be between 5 and 50'],
      [{ studyGoal: true }, 'Daily goal must be between 5 and 50'],
      [{ desiredRetention: 1 }, 'Desired retention must be between 0.70 and 0.99'],
      [{ newCardsPerDay: -1 }, 'New cards per day must be between 0 and 9999'],
      [{ maximumInterval: '30' }, 'Maximum interval must be between 1 and 36500 days'],
      [{ maximumReviewsPerDay: -1 }, 'Maximum reviews per day must be between 0 and 9999'],
      [{ maximumReviewsPerDay: 10_000 }, 'Maximum reviews per day must be between 0 and 9999'],
      [{ maximumReviewsPerDay: 2.5 }, 'Maximum reviews per day must be between 0 and 9999'],
      [{ maximumReviewsPerDay: '50' }, 'Maximum reviews per day must be between 0 and 9999'],
      [{ maximumReviewsPerDay: null }, 'Maximum reviews per day must be between 0 and 9999'],
      [{ maximumReviewsPerDay: [50] }, 'Maximum reviews per day must be between 0 and 9999'],
    ])('refuses %j with a 400 naming the field, and writes nothing', async (change, error) => {
      const response = await me.put('/api/user/settings', { autoplay: false, ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error });
      expect((await me.get('/api/user/settings')).json()).toEqual(DEFAULTS);
    });

    it('refuses a body that is not an object', async () => {
      const response = await me.call('PUT', '/api/user/settings', [1, 2]);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json())).toEqual(['error']);
    });

    it('needs a signed-in user', async () => {
      expect((await app.inject({ method: 'GET', url: '/api/user/settings' })).statusCode).toBe(401);
      const put = await app.inject({ method: 'PUT', url: '/api/user/settings', payload: { darkMode: true } });
      expect(put.statusCode).toBe(401);
      expect(Object.keys(put.json())).toEqual(['error']);
    });

    it("never shows or changes another learner's settings", async () => {
      const other = await signedInClient(app);
      await other.put('/api/user/settings', { language: 'de', studyGoal: 30 });
      await me.put('/api/user/settings', { language: 'it' });
      expect((await other.get('/api/user/settings')).json()).toMatchObject({ language: 'de', studyGoal: 30 });
      expect((await me.get('/api/user/settings')).json()).toMatchObject({ language: 'it', studyGoal: 15 });
    });
  });

  describe('notification switches decide which notifications are created', () => {
    it('studyReminders off: no daily-bonus reminder; on again: it comes', async () => {
      await me.put('/api/user/settings', { studyReminders: false });
      expect(await notificationTypes(me)).not.toContain('daily_bonus');
      await me.put('/api/user/settings', { studyReminders: true });
      expect(await notificationTypes(me)).toContain('daily_bonus');
    });

    it('friendNotifications off: a friend request and its acceptance notify nobody', async () => {
      const friend = await signedInClient(app);
      await me.put('/api/user/settings', { friendNotifications: false, studyReminders: false });
      await friend.put('/api/user/settings', { friendNotifications: false, studyReminders: false });
      const request = await friend.post('/api/social/friend-request', { email: me.user.email });
      expect(request.statusCode).toBe(201);
      expect(await notificationTypes(me)).toEqual([]);
      expect((await me.post(`/api/social/friend-request/${request.json().id}/accept`)).statusCode).toBe(200);
      expect(await notificationTypes(friend)).toEqual([]);
    });

    it('friendNotifications on (default): request and acceptance notify', async () => {
      const friend = await signedInClient(app);
      const request = await friend.post('/api/social/friend-request', { email: me.user.email });
      expect(await notificationTypes(me)).toContain('friend_request');
      await me.post(`/api/social/friend-request/${request.json().id}/accept`);
      expect(await notificationTypes(friend)).toContain('friend_accepted');
    });

    it('achievementNotifications off: the unlock is paid but not announced', async () => {
      await me.put('/api/user/settings', { achievementNotifications: false, studyReminders: false });
      for (let i = 0; i < 10; i++) await me.createCard();
      const check = await me.post('/api/gamification/achievements/check');
      expect(check.json().unlocked.map((a: { key: string }) => a.key)).toContain('cards_10');
      expect(await notificationTypes(me)).toEqual([]);

      await me.put('/api/user/settings', { achievementNotifications: true });
      const card = await me.createCard();
      const review = await me.post('/api/spaced-repetition/review', { cardId: card.id, result: 2, timeSpent: 3000 });
      expect(review.statusCode).toBe(200);
      await me.post('/api/gamification/achievements/check');
      expect(await notificationTypes(me)).toEqual(['achievement_unlocked']);
    });
  });

  describe('PUT /user/profile', () => {
    it('renames the account, trimmed, and /auth/me shows it', async () => {
      const response = await me.put('/api/user/profile', { displayName: '  Ada Lovelace ' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: me.user.id, email: me.user.email, display_name: 'Ada Lovelace' });
      expect((await me.get('/api/auth/me')).json().user.display_name).toBe('Ada Lovelace');
    });

    it.each([
      [{ displayName: '   ' }, 'Display name must be 1 to 100 characters'],
      [{ displayName: 'x'.repeat(101) }, 'Display name must be 1 to 100 characters'],
      [{ displayName: 42 }, 'Display name must be 1 to 100 characters'],
      [{ displayName: 'Ada\u0000' }, 'Text must not contain NUL characters or invalid Unicode'],
      [{ displayName: 'Ada\nLovelace' }, 'Display name must not contain control characters'],
    ])('refuses %j with a 400', async (body, error) => {
      const before = (await me.get('/api/auth/me')).json().user.display_name;
      const response = await me.put('/api/user/profile', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error });
      expect((await me.get('/api/auth/me')).json().user.display_name).toBe(before);
    });

    it('renames only the caller', async () => {
      const other = await signedInClient(app);
      const before = (await other.get('/api/auth/me')).json().user.display_name;
      await me.put('/api/user/profile', { displayName: 'Only me' });
      expect((await other.get('/api/auth/me')).json().user.display_name).toBe(before);
    });

    it('needs a signed-in user', async () => {
      expect(
        (await app.inject({ method: 'PUT', url: '/api/user/profile', payload: { displayName: 'X' } })).statusCode,
      ).toBe(401);
    });
  });

  describe('abandoned study sessions', () => {
    const start = async (type = 'review') =>
      (await me.post('/api/dashboard/session/start', { session_type: type })).json().sessionId as number;
    const xp = async () => (await me.get('/api/gamification/profile')).json().experience_points as number;

    it('closes a session left open when the learner starts another, without listing it or paying XP', async () => {
      const card = await me.createCard();
      const left = await start('practice');
      clock = new Date(clock.getTime() + 5 * 60_000);
      const lastActivity = clock.toISOString();
      expect(
        (await me.post('/api/dashboard/session/card-study', { sessionId: left, cardId: card.id, correct: true }))
          .statusCode,
      ).toBe(200);
      const xpBefore = await xp();

      clock = new Date(clock.getTime() + ABANDONED_AFTER_MS + 60_000);
      const next = await start('review');
      const rows = await ctx.db
        .selectFrom('study_sessions')
        .selectAll()
        .where('user_id', '=', me.user.id)
        .orderBy('id')
        .execute();
      // Ended at its last activity (the card counted), not at the moment it was found.
      expect(rows.map((r) => [r.id, Boolean(r.abandoned), r.ended_at])).toEqual([
        [left, true, lastActivity],
        [next, false, null],
      ]);
      // Idempotent: another start finds nothing more to close.
      await start('review');
      const again = await ctx.db
        .selectFrom('study_sessions')
        .selectAll()
        .where('id', '=', left)
        .executeTakeFirstOrThrow();
      expect([Boolean(again.abandoned), again.ended_at]).toEqual([true, lastActivity]);
      expect(await xp()).toBe(xpBefore);
      expect((await me.get('/api/dashboard/dashboard')).json().recentSessions).toEqual([]);

      // Ending the abandoned one later changes nothing and pays nothing.
      expect((await me.post('/api/dashboard/session/end', { sessionId: left })).statusCode).toBe(200);
      expect(await xp()).toBe(xpBefore);
      expect((await me.get('/api/dashboard/dashboard')).json().recentSessions).toEqual([]);
    });

    it('leaves a recent open session (another tab) alone', async () => {
      const open = await start();
      clock = new Date(clock.getTime() + 30 * 60_000);
      await start();
      const row = await ctx.db
        .selectFrom('study_sessions')
        .selectAll()
        .where('id', '=', open)
        .executeTakeFirstOrThrow();
      expect([Boolean(row.abandoned), row.ended_at]).toEqual([false, null]);
    });

    it('counts idleness from the last card, not from the start: a long session still in use stays open', async () => {
      const card = await me.createCard();
      const long = await start('practice');
      clock = new Date(clock.getTime() + ABANDONED_AFTER_MS);
      await me.post('/api/dashboard/session/card-study', { sessionId: long, cardId: card.id, correct: true });
      clock = new Date(clock.getTime() + 10 * 60_000);
      await start('review');
      const row = await ctx.db
        .selectFrom('study_sessions')
        .selectAll()
        .where('id', '=', long)
        .executeTakeFirstOrThrow();
      expect([Boolean(row.abandoned), row.ended_at]).toEqual([false, null]);
      expect(
        (await me.post('/api/dashboard/session/card-study', { sessionId: long, cardId: card.id, correct: true }))
          .statusCode,
      ).toBe(200);
    });

    it("never closes another learner's session", async () => {
      const other = await signedInClient(app);
      const theirs = (await other.post('/api/dashboard/session/start', { session_type: 'review' })).json()
        .sessionId as number;
      clock = new Date(clock.getTime() + ABANDONED_AFTER_MS + 60_000);
      await start();
      const row = await ctx.db
        .selectFrom('study_sessions')
        .selectAll()
        .where('id', '=', theirs)
        .executeTakeFirstOrThrow();
      expect(row.ended_at).toBeNull();
    });
  });
});
