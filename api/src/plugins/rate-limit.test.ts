import { DEFAULT_RATE_LIMITS } from '../config';
import { describeEachDb, registerUser, uniqueEmail, type TestContext } from '../test/harness';

const TOO_MANY = { error: 'Too many attempts. Please try again later.' };
const WINDOW = { timeWindowMs: 60_000 };

describeEachDb('attempt limits', (ctx) => {
  const login = (app: Awaited<ReturnType<typeof ctx.buildApp>>, email: string, password: string, remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

  it('has defaults that let a class of 30 behind one address sign up and sign in', () => {
    const { loginPerAddress, loginPerAccount, registerPerAddress } = DEFAULT_RATE_LIMITS;
    expect(registerPerAddress.max).toBeGreaterThanOrEqual(30 * 2);
    expect(loginPerAddress.max).toBeGreaterThanOrEqual(30 * 3);
    expect(loginPerAccount.max).toBeLessThanOrEqual(10);
  });

  it('limits sign-in attempts per account and address: a stranger cannot lock the owner out', async () => {
    const app = await ctx.buildApp({
      rateLimits: { ...DEFAULT_RATE_LIMITS, loginPerAccount: { max: 3, ...WINDOW } },
    });
    const user = await registerUser(app);

    for (let attempt = 1; attempt <= 3; attempt++) {
      const response = await login(app, user.email, 'wrong password', '203.0.113.66');
      expect(response.statusCode).toBe(401);
    }
    // The guesser's address is blocked for this account, also in another case of the e-mail.
    const blocked = await login(app, user.email.toUpperCase(), user.password, '203.0.113.66');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(TOO_MANY);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    // The owner, elsewhere, signs in; other accounts from the guesser's address are not affected.
    expect((await login(app, user.email, user.password, '10.0.0.1')).statusCode).toBe(200);
    const other = await registerUser(app);
    expect((await login(app, other.email, other.password, '203.0.113.66')).statusCode).toBe(200);
  });

  it('backs off: each sign-in attempt past the limit doubles the wait of that account and address', async () => {
    expect(DEFAULT_RATE_LIMITS.loginPerAccount.backoff).toBe(true);
    const app = await ctx.buildApp({
      rateLimits: { ...DEFAULT_RATE_LIMITS, loginPerAccount: { max: 2, ...WINDOW, backoff: true } },
    });
    const user = await registerUser(app);
    for (let attempt = 1; attempt <= 2; attempt++) expect((await login(app, user.email, 'wrong password', '203.0.113.9')).statusCode).toBe(401);
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt++) {
      const response = await login(app, user.email, 'wrong password', '203.0.113.9');
      expect(response.statusCode).toBe(429);
      waits.push(Number(response.headers['retry-after']));
    }
    expect(waits).toEqual([60, 120, 240, 480]);
    // The owner elsewhere is not held back.
    expect((await login(app, user.email, user.password, '10.0.0.2')).statusCode).toBe(200);
  });

  it('limits sign-in attempts per address, whatever the accounts', async () => {
    const app = await ctx.buildApp({
      rateLimits: { ...DEFAULT_RATE_LIMITS, loginPerAddress: { max: 3, ...WINDOW } },
    });
    for (let attempt = 1; attempt <= 3; attempt++) {
      const response = await login(app, uniqueEmail('probe'), 'whatever one 1', '192.0.2.7');
      expect(response.statusCode).toBe(401);
    }
    const blocked = await login(app, uniqueEmail('probe'), 'whatever one 1', '192.0.2.7');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(TOO_MANY);

    const elsewhere = await login(app, uniqueEmail('probe'), 'whatever one 1', '192.0.2.8');
    expect(elsewhere.statusCode).toBe(401);
  });

  it('limits sign-ups per address', async () => {
    const app = await ctx.buildApp({
      rateLimits: { ...DEFAULT_RATE_LIMITS, registerPerAddress: { max: 2, ...WINDOW } },
    });
    const register = (remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: uniqueEmail('signup'), password: 'sea otter 1' },
        remoteAddress,
      });

    expect((await register('198.51.100.1')).statusCode).toBe(201);
    expect((await register('198.51.100.1')).statusCode).toBe(201);
    const blocked = await register('198.51.100.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(TOO_MANY);
    expect((await register('198.51.100.2')).statusCode).toBe(201);
  });

  it('limits current-password guesses per user', async () => {
    const app = await ctx.buildApp({
      rateLimits: { ...DEFAULT_RATE_LIMITS, changePasswordPerUser: { max: 2, ...WINDOW } },
    });
    const user = await registerUser(app);
    const attempt = () =>
      app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: { authorization: `Bearer ${user.accessToken}` },
        payload: { oldPassword: 'guess guess', newPassword: 'whatever one 1' },
      });
    expect((await attempt()).statusCode).toBe(400);
    expect((await attempt()).statusCode).toBe(400);
    const blocked = await attempt();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(TOO_MANY);
  });
});

// Several API instances share one limit through Redis (REDIS_URL). CI runs Redis beside
// PostgreSQL and sets TEST_REDIS_URL; without it there is no Redis to share through.
const redisUrl = process.env.TEST_REDIS_URL;
const describeWithRedis = redisUrl
  ? describeEachDb
  : (name: string, _suite: (ctx: TestContext) => void) => describe.skip(`${name} (TEST_REDIS_URL not set)`, () => {});
describeWithRedis('attempt limits shared through Redis', (ctx) => {
  it('holds one limit across two instances: attempts on either count', async () => {
    const limits = { ...DEFAULT_RATE_LIMITS, loginPerAddress: { max: 3, ...WINDOW } };
    const first = await ctx.buildApp({ redisUrl, rateLimits: limits });
    const second = await ctx.buildApp({ redisUrl, rateLimits: limits });
    // An address no other run used: the counts in Redis outlive a test run (for the window).
    const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const login = (app: typeof first) =>
      app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: uniqueEmail('shared'), password: 'whatever one 1' }, remoteAddress: address });
    expect((await login(first)).statusCode).toBe(401);
    expect((await login(second)).statusCode).toBe(401);
    expect((await login(first)).statusCode).toBe(401);
    const blocked = await login(second);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(TOO_MANY);
  });

  it('lets sign-ins through when Redis is unreachable, instead of locking everyone out', async () => {
    const app = await ctx.buildApp({ redisUrl: 'redis://127.0.0.1:1', rateLimits: { ...DEFAULT_RATE_LIMITS, loginPerAddress: { max: 1, ...WINDOW } } });
    const user = await registerUser(app);
    for (let i = 0; i < 3; i++) {
      const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: user.password } });
      expect(response.statusCode).toBe(200);
    }
  });
});
