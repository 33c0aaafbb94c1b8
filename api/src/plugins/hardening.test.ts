// Input the databases cannot store, tokens of deleted accounts, and requests Node's parser
// refuses: each gets a 4xx `{ "error": ... }`, never a 500, on SQLite and PostgreSQL.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { signedInClient, type ApiClient } from '../test/api-client';
import { buildApp } from '../app';
import { bearer, describeEachDb, makeTempDir, testConfig } from '../test/harness';
import { INVALID_TEXT_MESSAGE, hasInvalidText } from './text-input';
import { ACCOUNT_MISSING_MESSAGE, ACCOUNT_STATUS_TTL_MS } from './auth';

const NUL = 'a\u0000b';
const LONE_HIGH = 'a\uD800b';
const LONE_LOW = '\uDC00b';

describe('hasInvalidText', () => {
  it('finds NUL and unpaired surrogates anywhere, and lets real text (emoji included) through', () => {
    for (const bad of [NUL, LONE_HIGH, LONE_LOW, 'end\uD83D']) expect(hasInvalidText(bad)).toBe(true);
    expect(hasInvalidText({ deep: [{ x: [LONE_HIGH] }] })).toBe(true);
    expect(hasInvalidText({ [NUL]: 'key' })).toBe(true);
    expect(hasInvalidText({ text: 'Čeština 😀 ∑ \t\n', n: 1, ok: true, none: null })).toBe(false);
    expect(hasInvalidText(Buffer.from([0, 0xd8, 0]))).toBe(false);
  });
});

describeEachDb('bad input and stale tokens never reach the database', (ctx) => {
  let app: FastifyInstance;
  let me: ApiClient;

  beforeAll(() => {
    app = ctx.app;
  });
  beforeEach(async () => {
    me = await signedInClient(app);
  });

  const expectRefused = (response: { statusCode: number; json(): unknown }) => {
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: INVALID_TEXT_MESSAGE });
  };

  it.each([
    ['NUL', NUL],
    ['a lone high surrogate', LONE_HIGH],
    ['a lone low surrogate', LONE_LOW],
  ])('refuses %s in bodies, query strings and paths with 400', async (_name, bad) => {
    const set = await me.createSet('Mine');
    expectRefused(
      await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: 'x@example.com', password: 'sea otter 1', display_name: bad },
      }),
    );
    expectRefused(
      await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `${bad}@example.com`, password: 'sea otter 1' },
      }),
    );
    expectRefused(await me.post('/api/cards', { question: bad, answer: 'a' }));
    expectRefused(await me.post('/api/cards', { question: 'q', answer: 'a', college: bad }));
    expectRefused(await me.put(`/api/categories/${set.id}`, { name: bad }));
    // A URL cannot carry a lone surrogate (its bytes decode to U+FFFD), but it can carry %00.
    if (bad === NUL) {
      for (const query of ['q=a%00b', 'q=x&college=a%00b', 'q=x&class_name=%00'])
        expectRefused(await me.get(`/api/cards/search?${query}`));
      expectRefused(await me.get('/api/cards/a%00b'));
    }
    // Nothing was written.
    expect((await me.get('/api/cards')).json()).toEqual([]);
    expect((await me.get('/api/categories')).json()).toMatchObject([{ name: 'Mine' }]);
  });

  it('keeps real text, emoji and accents included', async () => {
    const card = await me.createCard({ question: 'Příliš žluťoučký kůň 😀', answer: '∑ x²' });
    expect(card.question).toBe('Příliš žluťoučký kůň 😀');
  });

  it("answers 401 to a valid token whose account was deleted, on every learner's area", async () => {
    const gone = await signedInClient(app);
    await ctx.db.deleteFrom('refresh_tokens').where('user_id', '=', gone.user.id).execute();
    await ctx.db.deleteFrom('users').where('id', '=', gone.user.id).execute();
    const calls: Array<[string, string, object?]> = [
      ['GET', '/api/categories'],
      ['POST', '/api/categories', { name: 'x' }],
      ['POST', '/api/dashboard/session/start', { session_type: 'review' }],
      ['POST', '/api/daily-bonus/claim', {}],
      ['GET', '/api/user/settings'],
      ['GET', '/api/notifications'],
      ['GET', '/api/cards'],
    ];
    for (const [method, url, payload] of calls) {
      const response = await app.inject({
        method: method as 'GET',
        url,
        headers: bearer(gone.user.accessToken),
        payload,
      });
      expect({ url, status: response.statusCode, body: response.json() }).toEqual({
        url,
        status: 401,
        body: { error: ACCOUNT_MISSING_MESSAGE },
      });
    }
  });
});

describe("requests Node's parser refuses", () => {
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    const dir = makeTempDir();
    app = buildApp(testConfig(dir, { client: 'sqlite', file: `${dir}/db.sqlite` }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(() => app.close());

  /** Sends raw bytes and reads the whole answer. */
  const raw = (text: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk));
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
    });

  it('answers headers too large with 431 and an { error } body', async () => {
    const answer = await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      error: 'The request headers are too large',
    });
  });

  it('answers a malformed request with 400 and an { error } body', async () => {
    const answer = await raw('NOT HTTP AT ALL\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({ error: 'The request is malformed' });
  });
});

describeEachDb('API answers are never cached', (ctx) => {
  it('sends Cache-Control: no-store on token answers and on data', async () => {
    const register = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: `nostore-${Date.now()}@example.com`, password: 'sea otter 12', display_name: 'N' },
    });
    expect(register.statusCode).toBe(201);
    expect(register.headers['cache-control']).toBe('no-store');
    const { accessToken } = register.json().tokens;
    const cards = await ctx.app.inject({ method: 'GET', url: '/api/cards', headers: bearer(accessToken) });
    expect(cards.headers['cache-control']).toBe('no-store');
    const refused = await ctx.app.inject({ method: 'GET', url: '/api/cards' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});

describeEachDb('ending a session ends its access tokens within a second, on every instance', (ctx) => {
  const SESSION_ENDED = { error: 'This session has ended. Please sign in again.' };
  const cards = (app: FastifyInstance, token: string) =>
    app.inject({ method: 'GET', url: '/api/cards', headers: bearer(token) });

  it('sign-out: the token dies here at once and on another instance within a second; a new sign-in works', async () => {
    let clock = Date.now();
    const other = await ctx.buildApp({}, { now: () => new Date(clock) });
    const me = await signedInClient(ctx.app);
    const token = me.user.accessToken;
    // Both instances have the account's status cached.
    expect((await cards(ctx.app, token)).statusCode).toBe(200);
    expect((await cards(other, token)).statusCode).toBe(200);

    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(token),
      payload: { refreshToken: me.user.refreshToken },
    });
    expect(logout.statusCode).toBe(200);
    const here = await cards(ctx.app, token);
    expect(here.statusCode).toBe(401);
    expect(here.json()).toEqual(SESSION_ENDED);
    clock += ACCOUNT_STATUS_TTL_MS + 1;
    expect((await cards(other, token)).json()).toEqual(SESSION_ENDED);

    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: me.user.email, password: me.user.password },
    });
    expect((await cards(other, again.json().tokens.accessToken)).statusCode).toBe(200);
  });

  it('a password change ends every access token of the account', async () => {
    const me = await signedInClient(ctx.app);
    const second = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: me.user.email, password: me.user.password },
    });
    const otherDevice = second.json().tokens.accessToken as string;
    const change = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(me.user.accessToken),
      payload: { oldPassword: me.user.password, newPassword: 'a brand new one' },
    });
    expect(change.statusCode).toBe(200);
    expect((await cards(ctx.app, otherDevice)).json()).toEqual(SESSION_ENDED);
    expect((await cards(ctx.app, me.user.accessToken)).json()).toEqual(SESSION_ENDED);
  });

  it('a stale token cannot be refreshed into life, but the refresh token of an ended sign-out cannot either', async () => {
    const me = await signedInClient(ctx.app);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(me.user.accessToken),
      payload: { refreshToken: me.user.refreshToken },
    });
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: me.user.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
  });
});
