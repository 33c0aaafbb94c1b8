import net from 'node:net';
import { DEFAULT_RATE_LIMITS } from '../config';
import { freePort } from '../test/net';
import { describeEachDb, registerUser, uniqueEmail, type TestContext } from '../test/harness';

const TOO_MANY = { error: 'Too many attempts. Please try again later.' };
const WINDOW = { timeWindowMs: 60_000 };

describeEachDb('attempt limits', (ctx) => {
  const login = (
    app: Awaited<ReturnType<typeof ctx.buildApp>>,
    email: string,
    password: string,
    remoteAddress: string,
  ) => app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

  it('has defaults that let a class of 30 behind one address sign up and sign in', () => {
    const { loginPerAddress, loginPerAccountAddress, registerPerAddress } = DEFAULT_RATE_LIMITS;
    expect(registerPerAddress.max).toBeGreaterThanOrEqual(30 * 2);
    expect(loginPerAddress.max).toBeGreaterThanOrEqual(30 * 3);
    expect(loginPerAccountAddress.max).toBeLessThanOrEqual(10);
  });

  it('limits sign-in attempts per account and address: a stranger cannot lock the owner out', async () => {
    const app = await ctx.buildApp({
      rateLimits: { ...DEFAULT_RATE_LIMITS, loginPerAccountAddress: { max: 3, ...WINDOW } },
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
    expect(DEFAULT_RATE_LIMITS.loginPerAccountAddress.backoff).toBe(true);
    const app = await ctx.buildApp({
      rateLimits: { ...DEFAULT_RATE_LIMITS, loginPerAccountAddress: { max: 2, ...WINDOW, backoff: true } },
    });
    const user = await registerUser(app);
    for (let attempt = 1; attempt <= 2; attempt++)
      expect((await login(app, user.email, 'wrong password', '203.0.113.9')).statusCode).toBe(401);
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

  // Behind a proxy (TRUST_PROXY), each guess comes from another client address.
  const viaProxy = (
    app: Awaited<ReturnType<typeof ctx.buildApp>>,
    email: string,
    password: string,
    clientAddress: string,
  ) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      headers: { 'x-forwarded-for': clientAddress },
    });

  it('limits wrong passwords per account from any number of addresses (ASVS 2.2.1: at most 100 an hour)', async () => {
    const { freeFailures, maxWaitMs, forgetAfterMs } = DEFAULT_RATE_LIMITS.loginFailuresPerAccount;
    // Free failures, then waits of at least the first one, capped: what fits in an hour.
    expect(maxWaitMs).toBeLessThanOrEqual(15 * 60_000);
    expect(forgetAfterMs).toBeGreaterThanOrEqual(60 * 60_000);
    const app = await ctx.buildApp({ trustProxy: '127.0.0.1' });
    const user = await registerUser(app);
    const addresses = Array.from({ length: 30 }, (_, i) => `198.18.${Math.floor(i / 200)}.${(i % 200) + 1}`);
    const statuses: number[] = [];
    // The first round all at once: every attempt is counted before its password is checked.
    const first = await Promise.all(addresses.map((address) => viaProxy(app, user.email, 'wrong password 1', address)));
    statuses.push(...first.map((response) => response.statusCode));
    for (let round = 2; round <= 11; round++) {
      for (const address of addresses)
        statuses.push((await viaProxy(app, user.email, `wrong password ${round}`, address)).statusCode);
    }
    expect(statuses).toHaveLength(330);
    expect(statuses.filter((status) => status === 401)).toHaveLength(freeFailures);
    expect(statuses.filter((status) => status === 429)).toHaveLength(330 - freeFailures);
    // The owner, from a new address, waits too: the account waits, not an address.
    const owner = await viaProxy(app, user.email, user.password, '192.0.2.200');
    expect(owner.statusCode).toBe(429);
    expect(owner.json()).toEqual(TOO_MANY);
    const wait = Number(owner.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(DEFAULT_RATE_LIMITS.loginFailuresPerAccount.firstWaitMs / 1000);
    // Another account is not held back.
    const other = await registerUser(app);
    expect((await viaProxy(app, other.email, other.password, addresses[0]!)).statusCode).toBe(200);
  });

  it('backs off per account: each failure past the free ones doubles the wait, refused attempts do not, and the owner gets in after a wait', async () => {
    const rule = { freeFailures: 2, firstWaitMs: 400, maxWaitMs: 10_000, forgetAfterMs: 60_000 };
    let clock = Date.now();
    const app = await ctx.buildApp(
      { trustProxy: '127.0.0.1', rateLimits: { ...DEFAULT_RATE_LIMITS, loginFailuresPerAccount: rule } },
      { now: () => new Date(clock) },
    );
    const user = await registerUser(app);
    const wait = (ms: number) => (clock += ms);
    expect((await viaProxy(app, user.email, 'wrong guess one', '198.19.0.1')).statusCode).toBe(401);
    expect((await viaProxy(app, user.email, 'wrong guess two', '198.19.0.2')).statusCode).toBe(401);
    // Second failure: 400 ms to wait. Hammering meanwhile neither counts nor lengthens it.
    for (let i = 0; i < 5; i++)
      expect((await viaProxy(app, user.email, 'wrong guess', `198.19.1.${i + 1}`)).statusCode).toBe(429);
    wait(450);
    expect((await viaProxy(app, user.email, 'wrong guess three', '198.19.0.3')).statusCode).toBe(401);
    // Third failure: 800 ms.
    wait(450);
    expect((await viaProxy(app, user.email, user.password, '192.0.2.201')).statusCode).toBe(429);
    wait(450);
    // The wait is over: the owner's right password works, and takes its attempt back.
    expect((await viaProxy(app, user.email, user.password, '192.0.2.201')).statusCode).toBe(200);
    expect((await viaProxy(app, user.email, user.password, '192.0.2.202')).statusCode).toBe(200);
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

  it('keeps limiting in this process when Redis is unreachable, and says so in readiness and /metrics', async () => {
    // A closed port: Redis refuses every connection.
    const app = await ctx.buildApp({ redisUrl: 'redis://127.0.0.1:1' });
    const user = await registerUser(app);
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      statuses.push((await login(app, user.email, `wrong password ${i}`, '203.0.113.40')).statusCode);
    }
    const { loginPerAccountAddress } = DEFAULT_RATE_LIMITS;
    expect(statuses.filter((status) => status === 401)).toHaveLength(loginPerAccountAddress.max);
    expect(statuses.slice(loginPerAccountAddress.max).every((status) => status === 429)).toBe(true);
    // The per-account backoff holds as well, from another address.
    const elsewhere = await login(app, user.email, 'wrong password elsewhere', '203.0.113.41');
    expect(elsewhere.statusCode).toBe(429);

    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'degraded', database: 'ok', rateLimitStore: 'memory-fallback' });
    const metrics = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(metrics.body).toMatch(/^flashcard_rate_limit_store_degraded 1$/m);

    // Without REDIS_URL, memory is the store by design: nothing is degraded.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({
      status: 'ok',
      database: 'ok',
      rateLimitStore: 'memory',
    });
    const plain = await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(plain.body).toMatch(/^flashcard_rate_limit_store_degraded 0$/m);
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
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: uniqueEmail('shared'), password: 'whatever one 1' },
        remoteAddress: address,
      });
    expect((await login(first)).statusCode).toBe(401);
    expect((await login(second)).statusCode).toBe(401);
    expect((await login(first)).statusCode).toBe(401);
    const blocked = await login(second);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(TOO_MANY);
  });

  it('counts the wrong passwords of an account across instances, and reports Redis as the store', async () => {
    const limits = {
      ...DEFAULT_RATE_LIMITS,
      loginFailuresPerAccount: { freeFailures: 4, firstWaitMs: 60_000, maxWaitMs: 60_000, forgetAfterMs: 60_000 },
    };
    const first = await ctx.buildApp({ redisUrl, trustProxy: '127.0.0.1', rateLimits: limits });
    const second = await ctx.buildApp({ redisUrl, trustProxy: '127.0.0.1', rateLimits: limits });
    const user = await registerUser(first);
    const statuses = [];
    for (let i = 0; i < 8; i++) {
      const response = await (i % 2 ? second : first).inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: `wrong guess ${i}` },
        headers: { 'x-forwarded-for': `198.18.7.${i + 1}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429, 429, 429]);
    const health = await second.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toEqual({ status: 'ok', database: 'ok', rateLimitStore: 'redis' });
    const metrics = await second.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(/^flashcard_rate_limit_store_degraded 0$/m);
  });

  it('goes back to counting in Redis once it answers again', async () => {
    // A port that refuses until a forwarder to the real Redis listens on it.
    const port = await freePort();
    const app = await ctx.buildApp({ redisUrl: `redis://127.0.0.1:${port}` });
    const store = async () => (await app.inject({ method: 'GET', url: '/api/health' })).json().rateLimitStore;
    expect(await store()).toBe('memory-fallback');
    const target = new URL(redisUrl!);
    const sockets = new Set<net.Socket>();
    const forwarder = net.createServer((socket) => {
      const upstream = net.connect(Number(target.port || 6379), target.hostname);
      for (const end of [socket, upstream]) {
        sockets.add(end);
        end.on('error', () => undefined);
      }
      socket.pipe(upstream).pipe(socket);
    });
    await new Promise<void>((resolve) => forwarder.listen(port, '127.0.0.1', resolve));
    try {
      let state = await store();
      for (let waited = 0; state !== 'redis' && waited < 10_000; waited += 200) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        state = await store();
      }
      expect(state).toBe('redis');
      expect((await app.inject({ method: 'GET', url: '/metrics' })).body).toMatch(
        /^flashcard_rate_limit_store_degraded 0$/m,
      );
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => forwarder.close(resolve));
    }
  });
});
