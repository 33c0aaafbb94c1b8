import { bearer, describeEachDb, registerUser, uniqueEmail } from '../../test/harness';
import * as passwords from '../../lib/passwords';
import { hashRefreshToken } from './service';

describeEachDb('auth API', (ctx) => {
  const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });

  describe('POST /api/auth/register', () => {
    it('creates the account and signs it in', async () => {
      const email = uniqueEmail('new');
      const response = await post('/api/auth/register', {
        email,
        password: 'sea otter 1',
        confirmPassword: 'sea otter 1',
        display_name: '  Ada  ',
        favourite_colour: 'ignored',
      });

      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body.message).toBe('Registration successful');
      expect(Object.keys(body.user).sort()).toEqual(['created_at', 'display_name', 'email', 'id', 'role']);
      expect(body.user).toMatchObject({ email, display_name: 'Ada', role: 'user' });
      expect(new Date(body.user.created_at).toISOString()).toBe(body.user.created_at);
      expect(body.tokens.accessToken.split('.')).toHaveLength(3);
      expect(body.tokens.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it('stores the e-mail trimmed and lower-cased, with an argon2id hash and no plain password', async () => {
      const email = uniqueEmail('Mixed.Case');
      const response = await post('/api/auth/register', {
        email: `  ${email.toUpperCase()} `,
        password: 'sea otter 1',
      });

      expect(response.statusCode).toBe(201);
      expect(response.json().user.email).toBe(email.toLowerCase());
      const row = await ctx.db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', email.toLowerCase())
        .executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      expect(row.password_hash).not.toContain('sea otter 1');
      expect(row.display_name).toBeNull();
    });

    it.each([
      [{ password: 'sea otter 1' }, 'Email is required'],
      [{ email: '   ', password: 'sea otter 1' }, 'Email is required'],
      [{ email: 'not-an-email', password: 'sea otter 1' }, 'Please enter a valid email address'],
      [{ email: 'a@b', password: 'sea otter 1' }, 'Please enter a valid email address'],
      [{ email: 'valid@example.com' }, 'Password is required'],
      [{ email: 'valid@example.com', password: '' }, 'Password is required'],
      [{ email: 'valid@example.com', password: '12345' }, 'Password must be at least 6 characters long'],
      [
        { email: 'valid@example.com', password: 'sea otter 1', confirmPassword: 'sea otter 2' },
        'Passwords do not match',
      ],
    ])('refuses %j with "%s"', async (payload, message) => {
      const response = await post('/api/auth/register', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: message });
    });

    it('refuses a second account for the same e-mail in any case', async () => {
      const email = uniqueEmail('twice');
      await registerUser(ctx.app, { email });
      const response = await post('/api/auth/register', { email: email.toUpperCase(), password: 'another one 1' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: 'An account with this email already exists' });
    });

    it.each([
      ['password1', 'This password is too common: it appears in lists of breached passwords. Please choose another.'],
      ['QWERTY123', 'This password is too common: it appears in lists of breached passwords. Please choose another.'],
      ['iloveyou', 'This password is too common: it appears in lists of breached passwords. Please choose another.'],
    ])('refuses the breached favourite %s, whatever its case', async (password, error) => {
      const response = await post('/api/auth/register', { email: uniqueEmail('common'), password });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error });
    });

    it.each([
      [
        '      ',
        'Choose a stronger password: Repeated characters like "aaa" are easy to guess. Add more words that are less common. Avoid repeated words and characters.',
      ],
      [
        'aaaaaa',
        'Choose a stronger password: Repeated characters like "aaa" are easy to guess. Add more words that are less common. Avoid repeated words and characters.',
      ],
      [
        'abcdef',
        'Choose a stronger password: Common character sequences like "abc" are easy to guess. Add more words that are less common. Avoid common character sequences.',
      ],
      [
        'sunflower42',
        'Choose a stronger password: This is similar to a commonly used password. Add more words that are less common.',
      ],
      ['brand new', 'Choose a stronger password: Add more words that are less common.'],
    ])("refuses the easily guessed %j with zxcvbn's advice", async (password, error) => {
      const email = uniqueEmail('weak');
      const response = await post('/api/auth/register', { email, password, confirmPassword: password });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error });
      expect((await post('/api/auth/login', { email, password })).statusCode).toBe(401);
    });

    it('counts the e-mail among the words a guesser knows, and scores only the first 64 characters', async () => {
      const email = uniqueEmail('mine');
      const own = await post('/api/auth/register', { email, password: `${email}!` });
      expect(own.statusCode).toBe(400);
      expect(own.json().error).toMatch(
        /^Choose a stronger password: There should not be any personal or page related data\./,
      );
      // A long password with a strong head is scored quickly and accepted.
      const started = Date.now();
      const long = await post('/api/auth/register', {
        email: uniqueEmail('long'),
        password: `sea otter 1 ${'a1'.repeat(500)}`.slice(0, 1024),
      });
      expect(long.statusCode).toBe(201);
      expect(Date.now() - started).toBeLessThan(5_000);
    });

    it('refuses a password that is the e-mail itself, and keeps the spec minimum first', async () => {
      const email = uniqueEmail('same');
      const same = await post('/api/auth/register', { email, password: ` ${email.toUpperCase()} ` });
      expect(same.json()).toEqual({ error: 'Your password must not be your email address' });
      const short = await post('/api/auth/register', { email: uniqueEmail('short'), password: '12345' });
      expect(short.json()).toEqual({ error: 'Password must be at least 6 characters long' });
    });

    it('hashes the password before looking the e-mail up, so a taken e-mail answers no faster', async () => {
      const email = uniqueEmail('timing');
      await registerUser(ctx.app, { email });
      const hash = jest.spyOn(passwords, 'hashPassword');
      try {
        const response = await post('/api/auth/register', { email, password: 'another one 1' });
        expect(response.statusCode).toBe(409);
        expect(hash).toHaveBeenCalledTimes(1);
      } finally {
        hash.mockRestore();
      }
    });
  });

  describe('POST /api/auth/login', () => {
    it('signs in with the right password, whatever the e-mail case', async () => {
      const user = await registerUser(ctx.app);
      const response = await post('/api/auth/login', {
        email: ` ${user.email.toUpperCase()}`,
        password: user.password,
      });

      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.message).toBe('Login successful');
      expect(body.user).toMatchObject({ id: user.id, email: user.email, role: 'user' });
      expect(body.tokens.accessToken).toBeTruthy();
      expect(body.tokens.refreshToken).not.toBe(user.refreshToken);
    });

    it('answers an unknown e-mail exactly like a wrong password', async () => {
      const user = await registerUser(ctx.app);
      const wrongPassword = await post('/api/auth/login', { email: user.email, password: 'not the password' });
      const unknownEmail = await post('/api/auth/login', { email: uniqueEmail('nobody'), password: 'whatever one 1' });

      expect(wrongPassword.statusCode).toBe(401);
      expect(unknownEmail.statusCode).toBe(401);
      expect(wrongPassword.json()).toEqual({ error: 'Invalid email or password' });
      expect(unknownEmail.body).toBe(wrongPassword.body);
    });

    it.each([
      [{ password: 'sea otter 1' }, 'Email is required'],
      [{ email: 'a@example.com' }, 'Password is required'],
      [{ email: '', password: 'sea otter 1' }, 'Email and password are required'],
      [{ email: 'a@example.com', password: '' }, 'Email and password are required'],
    ])('refuses %j with "%s"', async (payload, message) => {
      const response = await post('/api/auth/login', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: message });
    });
  });

  describe('request errors', () => {
    it('answers malformed JSON with 400 and an error message', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": "a@example.com", ',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'Request body is not valid JSON' });
    });

    it('answers a schema violation with 400 and a readable message', async () => {
      const wrongType = await post('/api/auth/login', { email: { address: 'a@example.com' }, password: 'sea otter 1' });
      expect(wrongType.statusCode).toBe(400);
      expect(wrongType.json()).toEqual({ error: 'Email must be string' });

      const notAnObject = await post('/api/auth/register', [1, 2]);
      expect(notAnObject.statusCode).toBe(400);
      expect(notAnObject.json()).toEqual({ error: 'Request body must be object' });

      const tooLong = await post('/api/auth/register', {
        email: `${'a'.repeat(250)}@example.com`,
        password: 'sea otter 1',
      });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json()).toEqual({ error: 'Email must NOT have more than 254 characters' });
    });

    it('answers unknown API routes with a JSON 404', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/nothing-here' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Not found' });
    });
  });

  describe('GET /api/auth/me', () => {
    it('returns the signed-in user', async () => {
      const user = await registerUser(ctx.app, { display_name: 'Grace' });
      const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(user.accessToken) });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        user: { id: user.id, email: user.email, display_name: 'Grace', role: 'user', created_at: expect.any(String) },
      });
    });

    it.each([
      ['no header', {}, 'Authentication required'],
      ['a garbage token', bearer('not.a.jwt'), 'Invalid access token'],
      ['another scheme', { authorization: 'Basic dXNlcjpwYXNz' }, 'Authentication required'],
    ])('answers 401 with %s', async (_case, headers, message) => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: message });
    });

    it('answers 401 for a token signed with another secret', async () => {
      const other = await ctx.buildApp({ jwtSecret: 'a-completely-different-secret-for-this-test-0123' });
      const user = await registerUser(other);
      const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(user.accessToken) });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'Invalid access token' });
    });

    it('answers 401 once the access token has expired (15 minutes)', async () => {
      const user = await registerUser(ctx.app);
      jest.useFakeTimers({
        now: Date.now() + 16 * 60 * 1000,
        doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'],
      });
      try {
        const response = await ctx.app.inject({
          method: 'GET',
          url: '/api/auth/me',
          headers: bearer(user.accessToken),
        });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ error: 'Access token expired' });
      } finally {
        jest.useRealTimers();
      }
    });
  });

  describe('refresh tokens', () => {
    const refresh = (refreshToken: string) => post('/api/auth/refresh', { refreshToken });

    it('rotates on every use and the new access token works', async () => {
      const user = await registerUser(ctx.app);
      const first = await refresh(user.refreshToken);
      expect(first.statusCode).toBe(200);
      const body = first.json();
      expect(body.user).toMatchObject({ id: user.id, email: user.email });
      expect(body.tokens.refreshToken).not.toBe(user.refreshToken);

      const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(body.tokens.accessToken) });
      expect(me.statusCode).toBe(200);

      const second = await refresh(body.tokens.refreshToken);
      expect(second.statusCode).toBe(200);

      // Only hashes are stored; the old token points at its successor.
      const old = await ctx.db
        .selectFrom('refresh_tokens')
        .selectAll()
        .where('token_hash', '=', hashRefreshToken(user.refreshToken))
        .executeTakeFirstOrThrow();
      expect(old.revoked_at).not.toBeNull();
      expect(old.replaced_by).not.toBeNull();
      const stored = await ctx.db
        .selectFrom('refresh_tokens')
        .select('token_hash')
        .where('user_id', '=', user.id)
        .execute();
      expect(stored.map((row) => row.token_hash)).not.toContain(user.refreshToken);
    });

    it('treats reuse of a rotated token as theft and revokes the whole family', async () => {
      const user = await registerUser(ctx.app);
      const rotated = (await refresh(user.refreshToken)).json().tokens.refreshToken as string;

      const reuse = await refresh(user.refreshToken);
      expect(reuse.statusCode).toBe(401);
      expect(reuse.json()).toEqual({ error: 'Invalid or expired refresh token' });

      // The legitimate newest token is dead too: whoever holds it must sign in again.
      const afterReuse = await refresh(rotated);
      expect(afterReuse.statusCode).toBe(401);
    });

    it('leaves other sign-ins alone when one family is revoked', async () => {
      const user = await registerUser(ctx.app);
      const otherDevice = (await post('/api/auth/login', { email: user.email, password: user.password })).json();
      await refresh(user.refreshToken);
      await refresh(user.refreshToken); // reuse: revokes the first family only

      const response = await refresh(otherDevice.tokens.refreshToken);
      expect(response.statusCode).toBe(200);
    });

    it('refuses unknown and expired tokens', async () => {
      const unknown = await refresh('definitely-not-a-token');
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json()).toEqual({ error: 'Invalid or expired refresh token' });

      const user = await registerUser(ctx.app);
      await ctx.db
        .updateTable('refresh_tokens')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('token_hash', '=', hashRefreshToken(user.refreshToken))
        .execute();
      const expired = await refresh(user.refreshToken);
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toEqual({ error: 'Invalid or expired refresh token' });
    });

    it('without a token in the body, only the page itself may ask (its cookie): 403 otherwise', async () => {
      for (const payload of [{}, undefined]) {
        const response = await post('/api/auth/refresh', payload);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ error: 'Cross-site requests cannot use the session cookie' });
      }
    });
  });

  describe('the browser session cookie', () => {
    const PAGE = { 'x-requested-with': 'XMLHttpRequest', 'sec-fetch-site': 'same-origin' };
    type Cookie = {
      name: string;
      value: string;
      path?: string;
      httpOnly?: boolean;
      sameSite?: string;
      secure?: boolean;
      maxAge?: number;
      expires?: Date;
    };
    const sessionCookie = (response: { cookies: Cookie[] }) =>
      response.cookies.find((c) => c.name === 'flashcard_refresh');
    const withCookie = (value: string, headers: Record<string, string> = PAGE) => ({
      ...headers,
      cookie: `flashcard_refresh=${value}`,
    });
    const signIn = async (app = ctx.app) => {
      const user = await registerUser(app);
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: user.password },
        headers: PAGE,
      });
      return { user, response, cookie: sessionCookie(response)!.value };
    };
    const cookieRefresh = (value: string, headers: Record<string, string> = PAGE) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: withCookie(value, headers) });

    it('sign-in sets it HttpOnly, SameSite=Strict, Path=/api/auth, for 30 days; the page gets no refresh token in the body', async () => {
      const { response } = await signIn();
      expect(response.statusCode).toBe(200);
      expect(sessionCookie(response)).toMatchObject({
        httpOnly: true,
        sameSite: 'Strict',
        path: '/api/auth',
        maxAge: 30 * 24 * 60 * 60,
      });
      expect(sessionCookie(response)!.secure).toBeFalsy();
      expect(sessionCookie(response)!.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Object.keys(response.json().tokens)).toEqual(['accessToken']);
    });

    it('registration sets it too; a client that keeps its own token still gets it in the JSON', async () => {
      const response = await post('/api/auth/register', { email: uniqueEmail('cookie'), password: 'sea otter 1' });
      expect(response.statusCode).toBe(201);
      expect(sessionCookie(response)).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
      expect(response.json().tokens.refreshToken).toBe(sessionCookie(response)!.value);
    });

    it('is Secure in production', async () => {
      const app = await ctx.buildApp({ nodeEnv: 'production', isProduction: true });
      const { response } = await signIn(app);
      expect(sessionCookie(response)).toMatchObject({
        secure: true,
        httpOnly: true,
        sameSite: 'Strict',
        path: '/api/auth',
      });
    });

    it('refreshes with no body: a new access token, the user (no /auth/me needed), a rotated cookie', async () => {
      const { user, cookie } = await signIn();
      const response = await cookieRefresh(cookie);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(Object.keys(body.tokens)).toEqual(['accessToken']);
      expect(body.user).toMatchObject({ id: user.id, email: user.email });
      const next = sessionCookie(response)!;
      expect(next).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
      expect(next.value).not.toBe(cookie);
      const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(body.tokens.accessToken) });
      expect(me.statusCode).toBe(200);
      expect((await cookieRefresh(next.value)).statusCode).toBe(200);
    });

    it('refuses a cross-site form post (403 {error}) and a cookie call without the header, leaving the session alone', async () => {
      const { cookie } = await signIn();
      const form = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: 'a=b',
        headers: {
          cookie: `flashcard_refresh=${cookie}`,
          'content-type': 'application/x-www-form-urlencoded',
          'sec-fetch-site': 'cross-site',
          origin: 'https://evil.example',
        },
      });
      expect(form.statusCode).toBe(403);
      expect(form.json()).toEqual({ error: 'Cross-site requests cannot use the session cookie' });
      for (const headers of [
        {},
        { 'sec-fetch-site': 'same-site', 'x-requested-with': 'XMLHttpRequest' },
        { 'x-requested-with': 'other' },
      ] as Record<string, string>[]) {
        const response = await cookieRefresh(cookie, headers);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ error: 'Cross-site requests cannot use the session cookie' });
        expect(sessionCookie(response)).toBeUndefined();
      }
      const logout = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { cookie: `flashcard_refresh=${cookie}`, 'sec-fetch-site': 'cross-site' },
      });
      expect(logout.statusCode).toBe(403);
      // Nothing was spent or revoked.
      expect((await cookieRefresh(cookie)).statusCode).toBe(200);
    });

    it("sign-out revokes the cookie's token and clears the cookie", async () => {
      const { cookie, user } = await signIn();
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        payload: {},
        headers: withCookie(cookie),
      });
      expect(response.statusCode).toBe(200);
      const cleared = sessionCookie(response)!;
      expect(cleared).toMatchObject({ value: '', path: '/api/auth', httpOnly: true, sameSite: 'Strict' });
      expect(cleared.expires!.getTime()).toBeLessThan(Date.now());
      expect((await cookieRefresh(cookie)).statusCode).toBe(401);
      const row = await ctx.db
        .selectFrom('refresh_tokens')
        .select(['revoked_at', 'user_id'])
        .where('token_hash', '=', hashRefreshToken(cookie))
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ user_id: user.id, revoked_at: expect.any(String) });
    });

    it('password change sets the new session in the cookie, not in the body', async () => {
      const { user, response: login, cookie } = await signIn();
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        payload: { oldPassword: user.password, newPassword: 'a brand new one 9' },
        headers: { ...PAGE, ...bearer(login.json().tokens.accessToken) },
      });
      expect(response.statusCode).toBe(200);
      expect(Object.keys(response.json().tokens)).toEqual(['accessToken']);
      expect((await cookieRefresh(cookie)).statusCode).toBe(401);
      expect((await cookieRefresh(sessionCookie(response)!.value)).statusCode).toBe(200);
    });

    describe('tabs sharing the cookie', () => {
      afterEach(() => jest.useRealTimers());

      it('a just-rotated cookie token whose successor is unused stands for it (a lost answer, a racing tab)', async () => {
        const { cookie } = await signIn();
        const first = await cookieRefresh(cookie);
        const second = await cookieRefresh(cookie); // the first answer never reached the cookie jar
        expect(second.statusCode).toBe(200);
        // The family lives on through the newest cookie; the first answer's token was rotated by the second.
        const newest = sessionCookie(second)!.value;
        expect((await cookieRefresh(newest)).statusCode).toBe(200);
        expect(sessionCookie(first)!.value).not.toBe(newest);
      });

      it('concurrent cookie refreshes with one token all succeed', async () => {
        const { cookie } = await signIn();
        const answers = await Promise.all([cookieRefresh(cookie), cookieRefresh(cookie), cookieRefresh(cookie)]);
        expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
      });

      it('outside the window a rotated token is reuse: the whole family is revoked', async () => {
        const { cookie } = await signIn();
        const next = sessionCookie(await cookieRefresh(cookie))!.value;
        jest.useFakeTimers({ now: Date.now() + 11_000, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
        const reuse = await cookieRefresh(cookie);
        expect(reuse.statusCode).toBe(401);
        expect(reuse.json()).toEqual({ error: 'Invalid or expired refresh token' });
        expect((await cookieRefresh(next)).statusCode).toBe(401);
      });

      it('within the window a chain of quick rotations leads to the live token; past it, any of them is reuse', async () => {
        const { cookie } = await signIn();
        const next = sessionCookie(await cookieRefresh(cookie))!.value;
        const newest = sessionCookie(await cookieRefresh(next))!.value;
        const live = await cookieRefresh(cookie); // cookie -> next -> newest -> live
        expect(live.statusCode).toBe(200);
        jest.useFakeTimers({ now: Date.now() + 11_000, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
        expect((await cookieRefresh(newest)).statusCode).toBe(401);
        expect((await cookieRefresh(sessionCookie(live)!.value)).statusCode).toBe(401);
      });

      it('a token in the body gets no window: its second use is reuse at once', async () => {
        const { cookie } = await signIn();
        const first = await post('/api/auth/refresh', { refreshToken: cookie });
        expect(first.statusCode).toBe(200);
        expect((await post('/api/auth/refresh', { refreshToken: cookie })).statusCode).toBe(401);
        expect((await post('/api/auth/refresh', { refreshToken: first.json().tokens.refreshToken })).statusCode).toBe(
          401,
        );
      });
    });
  });

  describe('POST /api/auth/logout', () => {
    it('revokes the refresh token it is given', async () => {
      const user = await registerUser(ctx.app);
      const response = await post('/api/auth/logout', { refreshToken: user.refreshToken });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Logged out' });

      const refresh = await post('/api/auth/refresh', { refreshToken: user.refreshToken });
      expect(refresh.statusCode).toBe(401);
    });

    it('succeeds without a body, with a null token, or with an unknown token', async () => {
      for (const payload of [undefined, { refreshToken: null }, { refreshToken: 'unknown' }]) {
        const response = await post('/api/auth/logout', payload);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ message: 'Logged out' });
      }
    });
  });

  describe('POST /api/auth/change-password', () => {
    const changePassword = (accessToken: string, payload: object) =>
      post('/api/auth/change-password', payload, bearer(accessToken));

    it('changes the password, signs out every other device and keeps this one signed in with new tokens', async () => {
      const user = await registerUser(ctx.app);
      const response = await changePassword(user.accessToken, {
        oldPassword: user.password,
        newPassword: 'a brand new one',
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toEqual({
        success: true,
        message: 'Password changed successfully',
        tokens: { accessToken: expect.any(String), refreshToken: expect.any(String) },
      });
      // The tokens every device held end now; the ones answered go on.
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(user.accessToken) })).statusCode,
      ).toBe(401);
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(body.tokens.accessToken) }))
          .statusCode,
      ).toBe(200);
      expect((await post('/api/auth/refresh', { refreshToken: body.tokens.refreshToken })).statusCode).toBe(200);

      const oldLogin = await post('/api/auth/login', { email: user.email, password: user.password });
      expect(oldLogin.statusCode).toBe(401);
      const newLogin = await post('/api/auth/login', { email: user.email, password: 'a brand new one' });
      expect(newLogin.statusCode).toBe(200);
      const refresh = await post('/api/auth/refresh', { refreshToken: user.refreshToken });
      expect(refresh.statusCode).toBe(401);
    });

    it('refuses a wrong current password and keeps the old one', async () => {
      const user = await registerUser(ctx.app);
      const response = await changePassword(user.accessToken, {
        oldPassword: 'wrong one',
        newPassword: 'a brand new one',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'Current password is incorrect' });
      const login = await post('/api/auth/login', { email: user.email, password: user.password });
      expect(login.statusCode).toBe(200);
    });

    it('validates the new password like sign-up', async () => {
      const user = await registerUser(ctx.app);
      const short = await changePassword(user.accessToken, { oldPassword: user.password, newPassword: '123' });
      expect(short.statusCode).toBe(400);
      expect(short.json()).toEqual({ error: 'Password must be at least 6 characters long' });
      const common = await changePassword(user.accessToken, { oldPassword: user.password, newPassword: 'password123' });
      expect(common.json()).toEqual({
        error: 'This password is too common: it appears in lists of breached passwords. Please choose another.',
      });
      const email = await changePassword(user.accessToken, { oldPassword: user.password, newPassword: user.email });
      expect(email.json()).toEqual({ error: 'Your password must not be your email address' });
      const weak = await changePassword(user.accessToken, { oldPassword: user.password, newPassword: '      ' });
      expect(weak.statusCode).toBe(400);
      expect(weak.json()).toEqual({
        error:
          'Choose a stronger password: Repeated characters like "aaa" are easy to guess. Add more words that are less common. Avoid repeated words and characters.',
      });
      // Nothing changed: the old password still signs in.
      expect((await post('/api/auth/login', { email: user.email, password: user.password })).statusCode).toBe(200);

      const missing = await changePassword(user.accessToken, { newPassword: 'a brand new one' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ error: 'Current password is required' });
    });

    it('requires authentication', async () => {
      const response = await post('/api/auth/change-password', { oldPassword: 'a', newPassword: 'bbbbbb' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'Authentication required' });
    });
  });
});
