import type { FastifyInstance, InjectOptions } from 'fastify';
import { DEFAULT_RATE_LIMITS } from '../../config';
import { signedInClient, type ApiClient } from '../../test/api-client';
import { bearer, describeEachDb, registerUser, type RegisteredUser } from '../../test/harness';

const MANY_SIGNUPS = {
  rateLimits: { ...DEFAULT_RATE_LIMITS, registerPerAddress: { max: 10_000, timeWindowMs: 60_000 } },
};

let nameCounter = 0;

interface Learner {
  user: RegisteredUser;
  name: string;
  get(url: string): ReturnType<ApiClient['get']>;
  post(url: string, payload?: unknown): ReturnType<ApiClient['post']>;
  put(url: string, payload?: unknown): ReturnType<ApiClient['put']>;
  del(url: string): ReturnType<ApiClient['del']>;
}

async function learner(app: FastifyInstance, prefix = 'Learner'): Promise<Learner> {
  nameCounter += 1;
  const name = `${prefix} ${nameCounter} ${Math.random().toString(36).slice(2, 8)}`;
  const user = await registerUser(app, { display_name: name });
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({ method, url, headers: bearer(user.accessToken), payload: payload as InjectOptions['payload'] });
  return {
    user,
    name,
    get: (url) => call('GET', url),
    post: (url, payload) => call('POST', url, payload),
    put: (url, payload) => call('PUT', url, payload),
    del: (url) => call('DELETE', url),
  };
}

describeEachDb('social: /api/social/*', (ctx) => {
  let app: FastifyInstance;
  let alice: Learner;
  let bob: Learner;

  beforeAll(async () => {
    app = await ctx.buildApp(MANY_SIGNUPS);
  });
  beforeEach(async () => {
    alice = await learner(app, 'Alice');
    bob = await learner(app, 'Bob');
  });

  const sendByEmail = async (from: Learner, email: string) => {
    const response = await from.post('/api/social/friend-request', { email });
    expect(response.statusCode).toBe(201);
    return response.json() as { id: number; direction: string; user: null; email: string; created_at: string };
  };
  const sendById = async (from: Learner, to: Learner) => {
    const response = await from.post('/api/social/friend-request', { userId: to.user.id });
    expect(response.statusCode).toBe(201);
    return response.json() as {
      id: number;
      direction: string;
      user: { id: number; display_name: string };
      email: null;
    };
  };
  const incomingOf = async (who: Learner) =>
    (await who.get('/api/social/friend-requests')).json().incoming as Array<{ id: number; user: { id: number } }>;
  const befriend = async (a: Learner, b: Learner) => {
    await sendById(a, b);
    const [request] = await incomingOf(b);
    if (!request) throw new Error(`no request reached ${b.name}`);
    expect((await b.post(`/api/social/friend-request/${request.id}/accept`)).statusCode).toBe(200);
  };
  const notificationsOf = async (who: Learner) =>
    (
      (await who.get('/api/notifications')).json().notifications as Array<{
        type: string;
        title: string;
        message: string;
      }>
    ).filter((n) => n.type !== 'daily_bonus');

  describe('friend requests', () => {
    it('sends by e-mail, lists both ways (the sender sees the address, not who), accepts, and notifies each side', async () => {
      const request = await sendByEmail(alice, `  ${bob.user.email.toUpperCase()} `);
      expect(request).toEqual({
        id: expect.any(Number),
        direction: 'outgoing',
        user: null,
        email: bob.user.email,
        created_at: expect.any(String),
      });

      const mine = (await alice.get('/api/social/friend-requests')).json();
      expect(mine).toEqual({ incoming: [], outgoing: [request] });
      expect(JSON.stringify(mine)).not.toContain(bob.name);
      const theirs = (await bob.get('/api/social/friend-requests')).json();
      expect(theirs.incoming).toEqual([
        {
          id: request.id,
          direction: 'incoming',
          user: { id: alice.user.id, display_name: alice.name },
          email: null,
          created_at: expect.any(String),
        },
      ]);

      expect(await notificationsOf(bob)).toEqual([
        expect.objectContaining({
          type: 'friend_request',
          params: { user_id: alice.user.id, name: alice.name },
          title: 'New friend request',
          message: `${alice.name} sent you a friend request.`,
        }),
      ]);

      const accepted = await bob.post(`/api/social/friend-request/${request.id}/accept`);
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json()).toEqual({ id: alice.user.id, display_name: alice.name, since: expect.any(String) });
      expect(await notificationsOf(alice)).toEqual([
        expect.objectContaining({
          type: 'friend_accepted',
          params: { user_id: bob.user.id, name: bob.name },
          title: 'Friend request accepted',
          message: `${bob.name} accepted your friend request.`,
        }),
      ]);

      expect((await alice.get('/api/social/friends')).json()).toEqual([
        { id: bob.user.id, display_name: bob.name, since: expect.any(String) },
      ]);
      expect((await bob.get('/api/social/friends')).json()).toEqual([
        { id: alice.user.id, display_name: alice.name, since: expect.any(String) },
      ]);
      expect((await bob.get('/api/social/friend-requests')).json()).toEqual({ incoming: [], outgoing: [] });
    });

    it('sends by user id from search, naming the learner the sender found', async () => {
      expect(await sendById(alice, bob)).toEqual({
        id: expect.any(Number),
        direction: 'outgoing',
        user: { id: bob.user.id, display_name: bob.name },
        email: null,
        created_at: expect.any(String),
      });
      expect((await alice.post('/api/social/friend-request', { userId: 999_999 })).json()).toEqual({
        error: 'Learner not found',
      });
    });

    it('refuses bad targets with clear messages', async () => {
      const expectError = async (payload: unknown, status: number, error: string) => {
        const response = await alice.post('/api/social/friend-request', payload);
        expect([response.statusCode, response.json()]).toEqual([status, { error }]);
      };
      await expectError({}, 400, 'Enter an e-mail address or choose a learner');
      await expectError({ email: '   ' }, 400, 'Enter an e-mail address or choose a learner');
      // One's own address and one's own earlier requests reveal nothing about anyone else.
      await expectError({ email: alice.user.email }, 400, 'You cannot send a friend request to yourself');
      await expectError({ userId: alice.user.id }, 400, 'You cannot send a friend request to yourself');
      const wrongType = await alice.post('/api/social/friend-request', { userId: 'abc' });
      expect(wrongType.statusCode).toBe(400);
      expect(wrongType.json()).toEqual({ error: expect.any(String) });
      await sendByEmail(alice, 'nobody-here@example.com');
      await expectError({ email: 'Nobody-Here@example.com' }, 409, 'You already sent a friend request to this address');

      // By id the sender knows whom they ask, so the answers may say so.
      await sendById(alice, bob);
      await expectError({ userId: bob.user.id }, 409, 'You already sent this learner a friend request');
      const reverse = await bob.post('/api/social/friend-request', { userId: alice.user.id });
      expect([reverse.statusCode, reverse.json()]).toEqual([
        409,
        { error: 'This learner already sent you a friend request: accept it instead' },
      ]);
      const [request] = await incomingOf(bob);
      if (!request) throw new Error('no request reached Bob');
      await bob.post(`/api/social/friend-request/${request.id}/accept`);
      await expectError({ userId: bob.user.id }, 409, 'You are already friends');
    });

    it("declines (the sender still sees it pending), cancels, and hides other pairs' requests (404)", async () => {
      const carol = await learner(app, 'Carol');
      const first = await sendById(alice, bob);
      // Only the receiver accepts; a stranger sees nothing.
      expect((await alice.post(`/api/social/friend-request/${first.id}/accept`)).json()).toEqual({
        error: 'Friend request not found',
      });
      expect((await carol.post(`/api/social/friend-request/${first.id}/accept`)).statusCode).toBe(404);
      expect((await carol.del(`/api/social/friend-request/${first.id}`)).statusCode).toBe(404);
      expect((await carol.del('/api/social/friend-request/not-an-id')).statusCode).toBe(404);
      expect((await carol.post('/api/social/friend-request/99999999999999999999/accept')).statusCode).toBe(404);

      const aliceBefore = (await alice.get('/api/social/friend-requests')).json();
      const declined = await bob.del(`/api/social/friend-request/${first.id}`);
      expect([declined.statusCode, declined.json()]).toEqual([200, { message: 'Friend request declined' }]);
      expect(await incomingOf(bob)).toEqual([]);
      expect((await bob.del(`/api/social/friend-request/${first.id}`)).statusCode).toBe(404);
      expect((await bob.post(`/api/social/friend-request/${first.id}/accept`)).statusCode).toBe(404);
      // The sender learns nothing: the request stays pending for them until they cancel it.
      expect((await alice.get('/api/social/friend-requests')).json()).toEqual(aliceBefore);
      expect((await alice.post('/api/social/friend-request', { userId: bob.user.id })).statusCode).toBe(409);
      const cancelled = await alice.del(`/api/social/friend-request/${first.id}`);
      expect([cancelled.statusCode, cancelled.json()]).toEqual([200, { message: 'Friend request cancelled' }]);
      expect((await alice.del(`/api/social/friend-request/${first.id}`)).statusCode).toBe(404);
      expect((await alice.get('/api/social/friend-requests')).json()).toEqual({ incoming: [], outgoing: [] });
      // Asked again after cancelling, the receiver sees it again.
      await sendById(alice, bob);
      expect(await incomingOf(bob)).toHaveLength(1);
      expect((await alice.get('/api/social/friends')).json()).toEqual([]);
    });

    it('removes a friend both ways; another id is 404', async () => {
      await befriend(alice, bob);
      expect((await alice.del('/api/social/friend/999999')).json()).toEqual({ error: 'Friend not found' });
      expect((await alice.del('/api/social/friend/x')).statusCode).toBe(404);
      const removed = await alice.del(`/api/social/friend/${bob.user.id}`);
      expect([removed.statusCode, removed.json()]).toEqual([200, { message: 'Friend removed' }]);
      expect((await bob.get('/api/social/friends')).json()).toEqual([]);
      expect((await alice.del(`/api/social/friend/${bob.user.id}`)).statusCode).toBe(404);
    });
  });

  describe('no account oracle: a request by e-mail answers alike whoever uses the address', () => {
    it('answers 201 with the address only, for an unknown address, a learner, a friend, a pending or declined pair and a disabled account', async () => {
      const [carol, dave, erin, frank] = [
        await learner(app, 'Carol'),
        await learner(app, 'Dave'),
        await learner(app, 'Erin'),
        await learner(app, 'Frank'),
      ];
      await befriend(alice, carol);
      await sendById(dave, alice);
      const toErin = await sendById(alice, erin);
      expect((await erin.del(`/api/social/friend-request/${toErin.id}`)).statusCode).toBe(200);
      await ctx.db
        .updateTable('users')
        .set({ disabled_at: new Date().toISOString() })
        .where('id', '=', frank.user.id)
        .execute();
      const before = {
        bob: await notificationsOf(bob),
        carol: await notificationsOf(carol),
        dave: await notificationsOf(dave),
        erin: await notificationsOf(erin),
      };

      const addresses = [
        `nobody.${Date.now()}@example.com`,
        bob.user.email,
        carol.user.email,
        dave.user.email,
        erin.user.email,
        frank.user.email,
      ];
      const answers = [];
      for (const email of addresses) {
        const response = await alice.post('/api/social/friend-request', { email });
        answers.push({ status: response.statusCode, body: response.json() });
      }
      expect(answers).toEqual(
        addresses.map((email) => ({
          status: 201,
          body: { id: expect.any(Number), direction: 'outgoing', user: null, email, created_at: expect.any(String) },
        })),
      );

      // Only the learner it may reach sees it (and is told); the others' views do not change.
      expect((await incomingOf(bob)).map((r) => r.user.id)).toEqual([alice.user.id]);
      expect(await notificationsOf(bob)).toHaveLength(before.bob.length + 1);
      for (const [who, was] of [
        [carol, before.carol],
        [dave, before.dave],
        [erin, before.erin],
      ] as const) {
        expect(await incomingOf(who)).toEqual([]);
        expect(await notificationsOf(who)).toEqual(was);
      }
      // The sender sees every one pending, by address, naming no one.
      const outgoing = (await alice.get('/api/social/friend-requests')).json().outgoing as Array<{
        user: unknown;
        email: string | null;
      }>;
      expect(outgoing.filter((r) => r.email !== null)).toEqual(
        [...addresses].reverse().map((email) => ({
          id: expect.any(Number),
          direction: 'outgoing',
          user: null,
          email,
          created_at: expect.any(String),
        })),
      );

      // Accepting is the receiver's choice to be named: the two are friends, the request answered.
      const [fromAlice] = await incomingOf(bob);
      if (!fromAlice) throw new Error('no request reached Bob');
      expect((await bob.post(`/api/social/friend-request/${fromAlice.id}/accept`)).statusCode).toBe(200);
      const after = (await alice.get('/api/social/friend-requests')).json().outgoing as Array<{ email: string | null }>;
      expect(after.map((r) => r.email)).not.toContain(bob.user.email);
      expect(((await alice.get('/api/social/friends')).json() as Array<{ id: number }>).map((f) => f.id)).toContain(
        bob.user.id,
      );
    });

    it('keeps a declined request by e-mail pending for its sender until they cancel it', async () => {
      const sent = await sendByEmail(alice, bob.user.email);
      const view = (await alice.get('/api/social/friend-requests')).json();
      expect((await bob.del(`/api/social/friend-request/${sent.id}`)).json()).toEqual({
        message: 'Friend request declined',
      });
      expect(await incomingOf(bob)).toEqual([]);
      expect((await alice.get('/api/social/friend-requests')).json()).toEqual(view);
      expect((await alice.del(`/api/social/friend-request/${sent.id}`)).json()).toEqual({
        message: 'Friend request cancelled',
      });
      expect((await alice.get('/api/social/friend-requests')).json()).toEqual({ incoming: [], outgoing: [] });
    });
  });

  describe('follows', () => {
    it('follows and unfollows, listing followers and following', async () => {
      const followed = await alice.post(`/api/social/follow/${bob.user.id}`);
      expect([followed.statusCode, followed.json()]).toEqual([200, { message: 'You now follow this learner' }]);
      expect((await alice.post(`/api/social/follow/${bob.user.id}`)).statusCode).toBe(409);
      expect((await alice.post(`/api/social/follow/${alice.user.id}`)).json()).toEqual({
        error: 'You cannot follow yourself',
      });
      expect((await alice.post('/api/social/follow/abc')).statusCode).toBe(404);

      expect((await alice.get('/api/social/following')).json()).toEqual([
        { id: bob.user.id, display_name: bob.name, since: expect.any(String) },
      ]);
      expect((await bob.get('/api/social/followers')).json()).toEqual([
        { id: alice.user.id, display_name: alice.name, since: expect.any(String) },
      ]);
      expect((await bob.get('/api/social/following')).json()).toEqual([]);

      expect((await alice.del(`/api/social/follow/${bob.user.id}`)).json()).toEqual({
        message: 'You no longer follow this learner',
      });
      expect((await alice.del(`/api/social/follow/${bob.user.id}`)).json()).toEqual({
        error: 'You do not follow this learner',
      });
      expect((await bob.get('/api/social/followers')).json()).toEqual([]);
    });
  });

  describe('search and privacy', () => {
    it('finds learners by display name, never by or with an e-mail', async () => {
      const response = await alice.get(`/api/social/users/search?q=${encodeURIComponent(bob.name.toUpperCase())}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([
        { id: bob.user.id, display_name: bob.name, is_friend: false, is_following: false, request: null },
      ]);
      expect((await alice.get(`/api/social/users/search?q=${encodeURIComponent(bob.user.email)}`)).json()).toEqual([]);
      // Itself never appears; wildcards are plain characters.
      expect((await alice.get(`/api/social/users/search?q=${encodeURIComponent(alice.name)}`)).json()).toEqual([]);
      expect((await alice.get('/api/social/users/search?q=%25%25')).json()).toEqual([]);

      // A request by e-mail never marks a result: it would tie the address to the learner.
      await sendByEmail(alice, bob.user.email);
      await alice.post(`/api/social/follow/${bob.user.id}`);
      const search = async () => (await alice.get(`/api/social/users/search?q=${encodeURIComponent(bob.name)}`)).json();
      expect(await search()).toEqual([
        { id: bob.user.id, display_name: bob.name, is_friend: false, is_following: true, request: null },
      ]);
      // Nor refuses one by id (Bob sees one request from Alice, not two).
      await sendById(alice, bob);
      expect(await search()).toEqual([
        { id: bob.user.id, display_name: bob.name, is_friend: false, is_following: true, request: 'outgoing' },
      ]);
      expect(await incomingOf(bob)).toHaveLength(1);
    });

    it('refuses too short or too long queries with 400', async () => {
      for (const url of [
        '/api/social/users/search',
        '/api/social/users/search?q=a',
        '/api/social/users/search?q=%20%20',
      ]) {
        const response = await alice.get(url);
        expect([response.statusCode, response.json()]).toEqual([
          400,
          { error: 'Type at least 2 characters to search' },
        ]);
      }
      expect((await alice.get(`/api/social/users/search?q=${'x'.repeat(300)}`)).statusCode).toBe(400);
    });

    it('reads and saves the privacy setting', async () => {
      expect((await alice.get('/api/social/privacy')).json()).toEqual({ visibility: 'everyone' });
      expect((await alice.put('/api/social/privacy', { visibility: 'friends' })).json()).toEqual({
        visibility: 'friends',
      });
      expect((await alice.get('/api/social/privacy')).json()).toEqual({ visibility: 'friends' });
      for (const payload of [{ visibility: 'public' }, {}, { visibility: 3 }]) {
        const response = await alice.put('/api/social/privacy', payload);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ error: expect.any(String) });
      }
      expect((await alice.put('/api/social/privacy', { visibility: 'x' })).json()).toEqual({
        error: 'Visibility must be one of: everyone, friends, nobody',
      });
    });

    it('hides learners from search and profile as their setting says', async () => {
      const carol = await learner(app, 'Carol');
      await befriend(alice, bob);
      const search = async (who: Learner) =>
        (await who.get(`/api/social/users/search?q=${encodeURIComponent(alice.name)}`)).json();
      const profileStatus = async (who: Learner) => (await who.get(`/api/social/profile/${alice.user.id}`)).statusCode;

      expect(await search(carol)).toHaveLength(1);
      expect(await profileStatus(carol)).toBe(200);

      await alice.put('/api/social/privacy', { visibility: 'friends' });
      expect(await search(carol)).toEqual([]);
      expect(await search(bob)).toHaveLength(1);
      expect(await profileStatus(carol)).toBe(404);
      expect((await carol.get(`/api/social/profile/${alice.user.id}`)).json()).toEqual({
        error: 'This profile does not exist or is private',
      });
      expect(await profileStatus(bob)).toBe(200);
      expect((await carol.post(`/api/social/follow/${alice.user.id}`)).statusCode).toBe(404);
      expect((await carol.post('/api/social/friend-request', { userId: alice.user.id })).statusCode).toBe(404);

      await alice.put('/api/social/privacy', { visibility: 'nobody' });
      expect(await search(bob)).toEqual([]);
      expect(await profileStatus(bob)).toBe(404);
      expect(await profileStatus(alice)).toBe(200);
      // An exact e-mail still reaches her.
      await sendByEmail(carol, alice.user.email);
      expect((await incomingOf(alice)).map((r) => r.user.id)).toEqual([carol.user.id]);
    });
  });

  describe('profile and feed', () => {
    it('shows public numbers only', async () => {
      const client = await signedInClient(app);
      await client.createCard();
      const response = await alice.get(`/api/social/profile/${client.user.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: client.user.id,
        // No name chosen: null, the screens word the stand-in in the reader's language.
        display_name: null,
        level: expect.any(Number),
        experience_points: 0,
        current_streak: 0,
        cards_count: 1,
        achievements_count: 0,
        is_friend: false,
        is_following: false,
      });
      expect(response.body).not.toContain('@');
      expect((await alice.get('/api/social/profile/999999')).statusCode).toBe(404);
      expect((await alice.get('/api/social/profile/abc')).statusCode).toBe(404);
    });

    it("shows friends' finished sessions and achievements, newest first, and nobody else's", async () => {
      const carol = await learner(app, 'Carol');
      await befriend(alice, bob);
      const finishSession = async (who: Learner) => {
        const started = await who.post('/api/dashboard/session/start', { session_type: 'practice' });
        expect(started.statusCode).toBe(201);
        const sessionId = started.json().sessionId;
        const card = await who.post('/api/cards', { question: 'Q', answer: 'A' });
        expect(card.statusCode).toBe(201);
        const studied = await who.post('/api/dashboard/session/card-study', {
          sessionId,
          cardId: card.json().id,
          correct: true,
        });
        expect(studied.statusCode).toBe(200);
        const ended = await who.post('/api/dashboard/session/end', { sessionId });
        expect([ended.statusCode, ended.body]).toEqual([200, expect.any(String)]);
      };
      await finishSession(bob);
      await finishSession(carol);

      const feed = (await alice.get('/api/social/feed')).json().items as Array<{
        type: string;
        user: { id: number };
        message: string;
        created_at: string;
      }>;
      expect(feed.length).toBeGreaterThanOrEqual(1);
      expect(feed.every((item) => item.user.id === bob.user.id)).toBe(true);
      expect(feed).toContainEqual(
        expect.objectContaining({
          type: 'session',
          message: `${bob.name} finished a study session: 1 card, 100% correct`,
          details: { cards: 1, accuracy: 100 },
        }),
      );
      expect(feed).toContainEqual(
        expect.objectContaining({
          type: 'achievement',
          message: `${bob.name} unlocked the achievement "Session Complete"`,
          details: { achievement: 'Session Complete', achievement_key: 'first_session' },
        }),
      );
      expect((await carol.get('/api/social/feed')).json()).toEqual({ items: [] });

      // Following a public learner brings their activity too.
      await alice.post(`/api/social/follow/${carol.user.id}`);
      const withCarol = (await alice.get('/api/social/feed')).json().items as Array<{ user: { id: number } }>;
      expect(withCarol.some((item) => item.user.id === carol.user.id)).toBe(true);
    });
  });

  it('requires sign-in', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/social/friends' })).statusCode).toBe(401);
  });
});

describeEachDb('social: friend requests are limited per learner', (ctx) => {
  it('has a default of 20 an hour', () => {
    expect(DEFAULT_RATE_LIMITS.friendRequestsPerUser).toEqual({ max: 20, timeWindowMs: 60 * 60_000 });
  });

  it('answers 429 with Retry-After past the limit, whatever the targets, and only for that learner', async () => {
    const app = await ctx.buildApp({
      rateLimits: { ...MANY_SIGNUPS.rateLimits, friendRequestsPerUser: { max: 3, timeWindowMs: 60_000 } },
    });
    const [alice, bob] = [await learner(app, 'Alice'), await learner(app, 'Bob')];
    const send = (who: Learner, n: number) =>
      who.post('/api/social/friend-request', { email: `probe.${n}.${Date.now()}@example.com` });
    for (let n = 0; n < 3; n++) expect((await send(alice, n)).statusCode).toBe(201);
    const blocked = await alice.post('/api/social/friend-request', { userId: bob.user.id });
    expect([blocked.statusCode, blocked.json()]).toEqual([
      429,
      { error: 'Too many attempts. Please try again later.' },
    ]);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send(alice, 4)).statusCode).toBe(429);
    expect((await send(bob, 5)).statusCode).toBe(201);
  });
});
