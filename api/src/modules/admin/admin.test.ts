import type { FastifyInstance } from 'fastify';
import { ACCOUNT_STATUS_TTL_MS } from '../../plugins/auth';
import { bearer, describeEachDb, registerUser, type RegisteredUser } from '../../test/harness';
import { userWithRole } from '../../test/platform-fixtures';

type Headers = Record<string, string>;

describeEachDb('admin API', (ctx) => {
  let app: FastifyInstance;
  let superAdmin: { id: number; email: string; headers: Headers };
  let admin: { id: number; email: string; headers: Headers };
  let learner: RegisteredUser;

  beforeAll(async () => {
    app = ctx.app;
    superAdmin = await userWithRole(app, ctx.db, 'super_admin');
    admin = await userWithRole(app, ctx.db, 'admin');
    learner = await registerUser(app, { display_name: 'Zoë Learner' });
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers = {}, payload?: object) =>
    app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
  const login = (user: { email: string; password: string }) =>
    call('POST', '/auth/login', {}, { email: user.email, password: user.password });

  describe('every admin call needs an admin', () => {
    const calls: Array<{ method: 'GET' | 'POST' | 'PUT'; url: string; body?: object }> = [
      { method: 'GET', url: '/admin/overview' },
      { method: 'GET', url: '/admin/users' },
      { method: 'PUT', url: '/admin/users/1/role', body: { role: 'admin' } },
      { method: 'POST', url: '/admin/users/1/disable' },
      { method: 'POST', url: '/admin/users/1/enable' },
      { method: 'GET', url: '/admin/audit' },
    ];
    it.each(calls)('$method $url: 401 without a token, 403 for a plain user', async ({ method, url, body }) => {
      const anonymous = await call(method, url, {}, body);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ error: expect.any(String) });
      const plain = await call(method, url, bearer(learner.accessToken), body);
      expect(plain.statusCode).toBe(403);
      expect(plain.json()).toEqual({ error: expect.any(String) });
    });
  });

  it('answers real totals and the 10 newest users', async () => {
    for (let i = 0; i < 10; i += 1) await registerUser(app);
    const today = new Date().toISOString();
    await ctx.db
      .insertInto('study_sessions')
      .values({ user_id: learner.id, session_type: 'practice', started_at: today, ended_at: null, created_at: today })
      .execute();
    const response = await call('GET', '/admin/overview', admin.headers);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const users = await ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(body.totals).toEqual({ users: Number(users.n), activeToday: 1, cards: 0, reviews: 0, sessions: 1 });
    expect(body.recentUsers).toHaveLength(10);
    expect(body.recentUsers[0]).toEqual({
      id: expect.any(Number),
      email: expect.any(String),
      display_name: null,
      role: 'user',
      created_at: expect.any(String),
      disabled: false,
    });
    expect(body.recentUsers.map((u: { email: string }) => u.email)).not.toContain(superAdmin.email);
  });

  it('searches users by e-mail or display name, in pages, with the total', async () => {
    const byName = await call('GET', '/admin/users?q=zoë', admin.headers);
    expect(byName.statusCode).toBe(200);
    expect(byName.json()).toMatchObject({
      total: 1,
      limit: 20,
      offset: 0,
      users: [{ id: learner.id, display_name: 'Zoë Learner' }],
    });

    const byEmail = await call(
      'GET',
      `/admin/users?q=${encodeURIComponent(admin.email.toUpperCase())}`,
      superAdmin.headers,
    );
    expect(byEmail.json()).toMatchObject({ total: 1, users: [{ id: admin.id, role: 'admin' }] });

    const all = (await call('GET', '/admin/users?limit=100', admin.headers)).json();
    const paged = (await call('GET', '/admin/users?limit=5&offset=5', admin.headers)).json();
    expect(paged.total).toBe(all.total);
    expect(paged.users.map((u: { id: number }) => u.id)).toEqual(
      all.users.slice(5, 10).map((u: { id: number }) => u.id),
    );

    expect((await call('GET', '/admin/users?q=%25', admin.headers)).json().total).toBe(0);
  });

  it('refuses bad paging and bad bodies with 400', async () => {
    for (const query of ['limit=0', 'limit=101', 'limit=x', 'offset=-1']) {
      const response = await call('GET', `/admin/users?${query}`, admin.headers);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: expect.any(String) });
    }
    expect((await call('GET', '/admin/audit?limit=1000', admin.headers)).statusCode).toBe(400);
    const badRole = await call('PUT', `/admin/users/${learner.id}/role`, superAdmin.headers, { role: 'owner' });
    expect(badRole.statusCode).toBe(400);
    expect((await call('PUT', `/admin/users/${learner.id}/role`, superAdmin.headers, {})).statusCode).toBe(400);
    expect((await call('POST', '/admin/users/abc/disable', admin.headers)).statusCode).toBe(404);
    expect((await call('PUT', '/admin/users/999999/role', superAdmin.headers, { role: 'admin' })).statusCode).toBe(404);
  });

  it('lets only a super_admin change roles, never their own', async () => {
    const target = await registerUser(app);
    const byAdmin = await call('PUT', `/admin/users/${target.id}/role`, admin.headers, { role: 'admin' });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json()).toEqual({ error: 'Only a super admin can change roles' });

    const own = await call('PUT', `/admin/users/${superAdmin.id}/role`, superAdmin.headers, { role: 'user' });
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({ error: 'You cannot change your own role' });

    const promoted = await call('PUT', `/admin/users/${target.id}/role`, superAdmin.headers, { role: 'admin' });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({ id: target.id, role: 'admin' });

    // The new role is in the token of the next sign-in.
    const signedIn = await login(target);
    expect((await call('GET', '/admin/overview', bearer(signedIn.json().tokens.accessToken))).statusCode).toBe(200);

    const demoted = await call('PUT', `/admin/users/${target.id}/role`, superAdmin.headers, { role: 'user' });
    expect(demoted.json()).toMatchObject({ role: 'user' });
  });

  it('disables an account at once (tokens, sign-in, refresh) and enables it again', async () => {
    const target = await registerUser(app);
    const headers = bearer(target.accessToken);
    expect((await call('GET', '/dashboard/dashboard', headers)).statusCode).toBe(200);

    const disabled = await call('POST', `/admin/users/${target.id}/disable`, admin.headers);
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ id: target.id, disabled: true });

    const refused = await call('GET', '/dashboard/dashboard', headers);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ error: 'This account is disabled' });

    const signIn = await login(target);
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json()).toEqual({ error: 'This account is disabled' });
    const wrongPassword = await login({ email: target.email, password: 'wrong password' });
    expect(wrongPassword.statusCode).toBe(401);

    const refresh = await call('POST', '/auth/refresh', {}, { refreshToken: target.refreshToken });
    expect(refresh.statusCode).toBe(401);

    const listed = (await call('GET', `/admin/users?q=${encodeURIComponent(target.email)}`, admin.headers)).json();
    expect(listed.users[0].disabled).toBe(true);

    const enabled = await call('POST', `/admin/users/${target.id}/enable`, admin.headers);
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json()).toMatchObject({ disabled: false });
    // Tokens from before the disabling stay ended: enabling lets the owner sign in again.
    const stale = await call('GET', '/dashboard/dashboard', headers);
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual({ error: 'This session has ended. Please sign in again.' });
    const again = await login(target);
    expect(again.statusCode).toBe(200);
    expect((await call('GET', '/dashboard/dashboard', bearer(again.json().tokens.accessToken))).statusCode).toBe(200);
  });

  it('stops a disabled account on another API instance within a second (its cache lives 1 s at most)', async () => {
    let clock = Date.now();
    const other = await ctx.buildApp({}, { now: () => new Date(clock) });
    const target = await registerUser(app);
    const headers = bearer(target.accessToken);
    // The other instance has looked the account up (and cached it as enabled).
    expect((await other.inject({ method: 'GET', url: '/api/dashboard/dashboard', headers })).statusCode).toBe(200);

    expect((await call('POST', `/admin/users/${target.id}/disable`, admin.headers)).statusCode).toBe(200);
    clock += ACCOUNT_STATUS_TTL_MS + 1;

    const refused = await other.inject({ method: 'GET', url: '/api/dashboard/dashboard', headers });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ error: 'This account is disabled' });
  });

  it('a disabled admin loses the admin calls too', async () => {
    const other = await userWithRole(app, ctx.db, 'admin');
    expect((await call('POST', `/admin/users/${other.id}/disable`, superAdmin.headers)).statusCode).toBe(200);
    const response = await call('GET', '/admin/overview', other.headers);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'This account is disabled' });
    expect((await call('POST', `/admin/users/${other.id}/enable`, superAdmin.headers)).statusCode).toBe(200);
  });

  it('refuses disabling oneself, and a super_admin unless by a super_admin', async () => {
    const self = await call('POST', `/admin/users/${admin.id}/disable`, admin.headers);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ error: 'You cannot disable or enable your own account' });

    const top = await call('POST', `/admin/users/${superAdmin.id}/disable`, admin.headers);
    expect(top.statusCode).toBe(403);
    expect(top.json()).toEqual({ error: 'Only a super admin can disable or enable a super admin' });

    const otherSuper = await userWithRole(app, ctx.db, 'super_admin');
    expect((await call('POST', `/admin/users/${otherSuper.id}/disable`, superAdmin.headers)).statusCode).toBe(200);
    expect((await call('POST', `/admin/users/${otherSuper.id}/enable`, superAdmin.headers)).statusCode).toBe(200);
  });

  it('keeps an audit row per act, newest first', async () => {
    const target = await registerUser(app);
    await call('PUT', `/admin/users/${target.id}/role`, superAdmin.headers, { role: 'admin' });
    await call('POST', `/admin/users/${target.id}/disable`, admin.headers);
    await call('POST', `/admin/users/${target.id}/enable`, admin.headers);

    const response = await call('GET', '/admin/audit?limit=3', admin.headers);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.limit).toBe(3);
    expect(body.total).toBeGreaterThanOrEqual(3);
    expect(body.events).toEqual([
      expect.objectContaining({
        action: 'enable',
        actorId: admin.id,
        actorEmail: admin.email,
        targetId: target.id,
        targetEmail: target.email,
        detail: null,
      }),
      expect.objectContaining({ action: 'disable', actorEmail: admin.email, targetEmail: target.email }),
      expect.objectContaining({
        action: 'role_change',
        actorId: superAdmin.id,
        actorEmail: superAdmin.email,
        detail: 'user -> admin',
        at: expect.any(String),
      }),
    ]);
  });
});
