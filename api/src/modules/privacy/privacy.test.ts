// The one visibility rule, as every call that shows another learner applies it: a matrix of
// viewers (a stranger, an accepted friend, a follower, the learner themselves, an admin) by the
// target's setting (everyone / friends / nobody) and a disabled target, on both databases.
import type { FastifyInstance } from 'fastify';
import { DEFAULT_RATE_LIMITS } from '../../config';
import { bearer, describeEachDb, registerUser, type RegisteredUser } from '../../test/harness';

const MANY_SIGNUPS = {
  rateLimits: { ...DEFAULT_RATE_LIMITS, registerPerAddress: { max: 10_000, timeWindowMs: 60_000 } },
};

type Viewer = 'stranger' | 'friend' | 'follower' | 'self' | 'admin';
type Setting = 'everyone' | 'friends' | 'nobody' | 'disabled';
const VIEWERS: Viewer[] = ['stranger', 'friend', 'follower', 'self', 'admin'];
const SETTINGS: Setting[] = ['everyone', 'friends', 'nobody', 'disabled'];

/** The rule: oneself always; a disabled account nobody else; else as the setting says. */
const mayView = (viewer: Viewer, setting: Setting) =>
  viewer === 'self' || setting === 'everyone' || (setting === 'friends' && viewer === 'friend');

describeEachDb('privacy: who sees a learner, in every view', (ctx) => {
  let app: FastifyInstance;
  const users = {} as Record<Viewer, RegisteredUser>;
  const name = `Target ${Math.random().toString(36).slice(2, 8)}`;
  const call = (who: Viewer, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    app.inject({ method, url, headers: bearer(users[who].accessToken), payload });
  const ok = async (who: Viewer, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const response = await call(who, method, url, payload);
    expect([url, response.statusCode < 300]).toEqual([url, true]);
    return response;
  };
  const target = () => users.self;

  beforeAll(async () => {
    app = await ctx.buildApp(MANY_SIGNUPS);
    users.self = await registerUser(app, { display_name: name });
    for (const viewer of VIEWERS.filter((v) => v !== 'self'))
      users[viewer] = await registerUser(app, { display_name: `Viewer ${viewer}` });
    // The admin is a real one (signed in again after the role change).
    await ctx.db.updateTable('users').set({ role: 'admin' }).where('id', '=', users.admin.id).execute();
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: users.admin.email, password: users.admin.password },
    });
    users.admin = { ...users.admin, accessToken: signIn.json().tokens.accessToken };

    const request = await ok('friend', 'POST', '/api/social/friend-request', { userId: target().id });
    await ok('self', 'POST', `/api/social/friend-request/${request.json().id}/accept`);
    await ok('follower', 'POST', `/api/social/follow/${target().id}`);
    await ok('friend', 'POST', `/api/social/follow/${target().id}`);
    // The target follows every viewer: it shows in each one's followers.
    for (const viewer of VIEWERS.filter((v) => v !== 'self'))
      await ok('self', 'POST', `/api/social/follow/${users[viewer].id}`);
    // Something for the feed and the leaderboard: a finished session (and its achievement).
    const started = await ok('self', 'POST', '/api/dashboard/session/start', { session_type: 'practice' });
    const card = await ok('self', 'POST', '/api/cards', { question: 'Q', answer: 'A' });
    await ok('self', 'POST', '/api/dashboard/session/card-study', {
      sessionId: started.json().sessionId,
      cardId: card.json().id,
      correct: true,
    });
    await ok('self', 'POST', '/api/dashboard/session/end', { sessionId: started.json().sessionId });
  });

  const setTo = async (setting: Setting) => {
    await ctx.db
      .updateTable('users')
      .set({ disabled_at: setting === 'disabled' ? new Date().toISOString() : null })
      .where('id', '=', target().id)
      .execute();
    app.forgetAccountStatus(target().id);
    const visibility = setting === 'disabled' ? 'everyone' : setting;
    await ctx.db
      .insertInto('social_profiles')
      .values({ user_id: target().id, visibility, updated_at: new Date().toISOString() })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ visibility }))
      .execute();
  };

  const ids = (list: Array<{ id: number }>) => list.map((entry) => entry.id);

  /** What each call shows of the target to the viewer. */
  async function seen(viewer: Viewer) {
    const id = target().id;
    const gamificationProfile = await call(viewer, 'GET', `/api/gamification/profile/${id}`);
    const socialProfile = await call(viewer, 'GET', `/api/social/profile/${id}`);
    const board = (await call(viewer, 'GET', '/api/gamification/leaderboard?limit=100')).json();
    const search = (await call(viewer, 'GET', `/api/social/users/search?q=${encodeURIComponent(name)}`)).json();
    const feed = (await call(viewer, 'GET', '/api/social/feed')).json().items as Array<{ user: { id: number } }>;
    const friends = (await call(viewer, 'GET', '/api/social/friends')).json();
    const following = (await call(viewer, 'GET', '/api/social/following')).json();
    const followers = (await call(viewer, 'GET', '/api/social/followers')).json();

    // A profile one may not see answers exactly as a missing one.
    const missing = (await call(viewer, 'GET', '/api/gamification/profile/99999999')).json();
    if (gamificationProfile.statusCode === 404) expect(gamificationProfile.json()).toEqual(missing);
    if (socialProfile.statusCode === 404)
      expect(socialProfile.json()).toEqual((await call(viewer, 'GET', '/api/social/profile/99999999')).json());
    // The viewer's own rank line agrees with the list it is shown.
    const own = board.leaderboard.find((entry: { id: number }) => entry.id === users[viewer].id);
    expect(own?.rank).toBe(board.me.rank);
    expect(JSON.stringify(board)).not.toContain('@');

    return {
      gamificationProfile: gamificationProfile.statusCode,
      socialProfile: socialProfile.statusCode,
      leaderboard: ids(board.leaderboard).includes(id),
      search: ids(search).includes(id),
      feed: feed.some((item) => item.user.id === id),
      friends: ids(friends).includes(id),
      following: ids(following).includes(id),
      followers: ids(followers).includes(id),
    };
  }

  const cases = SETTINGS.flatMap((setting) =>
    VIEWERS.filter((v) => !(v === 'self' && setting === 'disabled')).map((viewer) => [setting, viewer] as const),
  );

  it.each(cases)('target %s, viewer %s', async (setting, viewer) => {
    await setTo(setting);
    const visible = mayView(viewer, setting);
    const other = viewer !== 'self';
    expect(await seen(viewer)).toEqual({
      gamificationProfile: visible ? 200 : 404,
      socialProfile: visible ? 200 : 404,
      leaderboard: visible,
      // Search, the feed and one's lists never show oneself.
      search: other && visible,
      feed: (viewer === 'friend' || viewer === 'follower') && visible,
      friends: viewer === 'friend' && visible,
      following: (viewer === 'friend' || viewer === 'follower') && visible,
      followers: other && visible,
    });
  });

  it('ranks among the learners the viewer sees: a hidden learner leaves no gap', async () => {
    await setTo('nobody');
    const board = (await call('stranger', 'GET', '/api/gamification/leaderboard?limit=100')).json();
    const ranks = board.leaderboard.map((entry: { rank: number }) => entry.rank);
    // The target (the only one with XP) is gone: everyone left shares rank 1.
    expect(ranks.every((rank: number) => rank === 1)).toBe(true);
    expect(board.me.rank).toBe(1);
    const own = (await call('self', 'GET', '/api/gamification/leaderboard?limit=1')).json();
    expect(own.leaderboard).toEqual([expect.objectContaining({ id: target().id, rank: 1, display_name: name })]);
    expect(own.me.rank).toBe(1);
  });

  it('refuses to follow or befriend by id a learner one may not see (404), as a missing one', async () => {
    await setTo('friends');
    const follow = await call('stranger', 'POST', `/api/social/follow/${target().id}`);
    expect([follow.statusCode, follow.json()]).toEqual([
      404,
      (await call('stranger', 'POST', '/api/social/follow/99999999')).json(),
    ]);
    const request = await call('stranger', 'POST', '/api/social/friend-request', { userId: target().id });
    expect([request.statusCode, request.json()]).toEqual([404, { error: 'Learner not found' }]);
    await setTo('disabled');
    expect((await call('stranger', 'POST', '/api/social/friend-request', { userId: target().id })).statusCode).toBe(
      404,
    );
  });
});
