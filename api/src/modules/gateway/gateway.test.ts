// The service gateway against a real upstream server: what passes through (method, path, query,
// body, status, headers, a streamed answer of several MB), what never does (the learner's token
// and cookies), every refusal as { error }, the limits and the circuit breaker; then the identity
// the gateway signs, verified as a service would with jose against /api/platform/jwks.json.
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, createRemoteJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { DEFAULT_GATEWAY, type GatewayConfig } from '../../config';
import { bearer, describeEachDb, registerUser, type TestContext } from '../../test/harness';
import { freePort } from '../../test/net';
import { userWithRole } from '../../test/platform-fixtures';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const MB = 1024 * 1024;

/** A team's server: echoes what it got, or answers as the path asks (status, slow, big, cookie). */
async function startUpstream() {
  const seen: Seen[] = [];
  let release: () => void = () => {};
  const gate = { opened: new Promise<void>((resolve) => (release = resolve)) };
  const state = { failing: false };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      // Services registered with a base path ('/base') answer the same paths below it.
      const url = new URL(request.url!.replace(/^\/base(?=\/|$)/, ''), 'http://upstream');
      seen.push({
        method: request.method!,
        url: request.url!,
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      });
      if (state.failing || url.pathname.startsWith('/status/')) {
        const status = state.failing ? 500 : Number(url.pathname.split('/')[2]);
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ from: 'upstream' }));
      } else if (url.pathname === '/slow') {
        setTimeout(() => response.writeHead(200).end('late'), 2_000).unref();
      } else if (url.pathname === '/big') {
        // The first megabyte, then the rest only once the browser has received it: an answer the
        // gateway buffered would never arrive.
        const megabytes = Number(url.searchParams.get('mb'));
        response.writeHead(200, { 'content-type': 'application/octet-stream', 'x-big': 'yes' });
        const block = Buffer.alloc(MB, 7);
        response.write(block);
        void gate.opened.then(() => {
          for (let i = 1; i < megabytes; i++) response.write(block);
          response.end();
        });
      } else if (url.pathname === '/cookie') {
        response.writeHead(200, { 'set-cookie': 'refresh_token=stolen; Path=/', 'x-kept': '1' }).end('ok');
      } else {
        response
          .writeHead(url.pathname === '/created' ? 201 : 200, {
            'content-type': 'application/json',
            'x-upstream': 'echo',
            'cache-control': 'max-age=60',
          })
          .end(JSON.stringify({ method: request.method, url: request.url, body: Buffer.concat(chunks).toString() }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    state,
    releaseBig: () => release(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Upstream = Awaited<ReturnType<typeof startUpstream>>;

const gatewayConfig = (changes: Partial<GatewayConfig>): { gateway: GatewayConfig } => ({
  gateway: { ...DEFAULT_GATEWAY, ...changes },
});

async function setUp(ctx: TestContext) {
  const upstream = await startUpstream();
  const root = await userWithRole(ctx.app, ctx.db, 'super_admin');
  const register = async (name: string, url: string, on: FastifyInstance = ctx.app) => {
    const response = await on.inject({
      method: 'POST',
      url: '/api/platform/services',
      headers: root.headers,
      payload: { name, url },
    });
    expect(response.statusCode).toBe(201);
  };
  return { upstream, root, register };
}

describeEachDb('the service gateway', (ctx) => {
  let upstream: Upstream;
  let learner: { id: number; accessToken: string; headers: Record<string, string> };
  let register: (name: string, url: string, on?: FastifyInstance) => Promise<void>;
  let root: { headers: Record<string, string> };

  beforeAll(async () => {
    ({ upstream, register, root } = await setUp(ctx));
    const user = await registerUser(ctx.app);
    learner = { ...user, headers: bearer(user.accessToken) };
    await register('echo', `${upstream.url}/base`);
  });
  afterAll(() => upstream.close());

  const call = (
    options: {
      method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
      path: string;
      headers?: object;
      payload?: unknown;
    },
    on: FastifyInstance = ctx.app,
  ) =>
    on.inject({
      method: options.method ?? 'GET',
      url: `/api/services/${options.path}`,
      headers: { ...learner.headers, ...options.headers },
      ...(options.payload !== undefined ? { payload: options.payload as string } : {}),
    });

  it('passes method, path, query, body, status and headers through to the service and back', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const) {
      const withBody = method !== 'GET' && method !== 'DELETE';
      const response = await call({
        method,
        path: 'echo/cards/7/notes%20x?sort=asc&tag=a&tag=b',
        ...(withBody
          ? { payload: '{"answer":  42, "big": 12345678901234567890}', headers: { 'content-type': 'application/json' } }
          : {}),
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-upstream']).toBe('echo');
      expect(response.headers['cache-control']).toBe('max-age=60');
      expect(response.json()).toEqual({
        method,
        url: '/base/cards/7/notes%20x?sort=asc&tag=a&tag=b',
        // The bytes as sent: not parsed and written again.
        body: withBody ? '{"answer":  42, "big": 12345678901234567890}' : '',
      });
    }
    const created = await call({
      method: 'POST',
      path: 'echo/created',
      payload: 'plain text',
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
    expect(created.statusCode).toBe(201);
    expect(upstream.seen.at(-1)!.headers['content-type']).toBe('text/plain; charset=utf-8');
    const missing = await call({ path: 'echo/status/404' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ from: 'upstream' });
    const head = await ctx.app.inject({ method: 'HEAD', url: '/api/services/echo/x', headers: learner.headers });
    expect(head.statusCode).toBe(200);
    expect(upstream.seen.at(-1)!.method).toBe('HEAD');
  });

  it("never passes the learner's Authorization, cookies or X-Forwarded-* on; forwards the request id", async () => {
    await call({
      path: 'echo/who',
      headers: {
        cookie: 'flashcard_refresh=secret-refresh; other=1',
        'x-forwarded-for': '6.6.6.6',
        'x-forwarded-host': 'evil.example',
        forwarded: 'for=6.6.6.6',
        'x-request-id': 'trace-42',
        'x-custom': 'kept',
      },
    });
    const { headers } = upstream.seen.at(-1)!;
    expect(headers.authorization).toMatch(/^Bearer ey/);
    expect(headers.authorization).not.toContain(learner.accessToken);
    expect(JSON.stringify(headers)).not.toContain(learner.accessToken);
    expect(JSON.stringify(headers)).not.toContain('secret-refresh');
    expect(headers.cookie).toBeUndefined();
    expect(headers.forwarded).toBeUndefined();
    expect(headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(headers['x-forwarded-host']).not.toBe('evil.example');
    expect(headers['x-request-id']).toBe('trace-42');
    expect(headers['x-custom']).toBe('kept');
  });

  it('keeps a service from setting cookies on the site', async () => {
    const response = await call({ path: 'echo/cookie' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.headers['x-kept']).toBe('1');
  });

  it('streams a large answer: the first megabyte arrives before the service has written the rest', async () => {
    const app = await ctx.buildApp();
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const megabytes = 6;
    const response = await fetch(`${base}/api/services/echo/big?mb=${megabytes}`, { headers: learner.headers });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-big')).toBe('yes');
    const hash = createHash('sha256');
    let received = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      hash.update(chunk);
      received += chunk.length;
      if (received >= MB) upstream.releaseBig();
    }
    expect(received).toBe(megabytes * MB);
    expect(hash.digest('hex')).toBe(
      createHash('sha256')
        .update(Buffer.alloc(megabytes * MB, 7))
        .digest('hex'),
    );
  });

  it('answers 401 without a signed-in learner and never calls the service', async () => {
    const before = upstream.seen.length;
    for (const headers of [{ authorization: '' }, bearer('not.a.token'), { authorization: 'Bearer fcd_deploy' }]) {
      const response = await call({ path: 'echo/x', headers });
      expect(response.statusCode).toBe(401);
      expect(Object.keys(response.json())).toEqual(['error']);
    }
    expect(upstream.seen.length).toBe(before);
  });

  it('answers 404 for an unknown service, 400 for a name no service can have or a path that climbs out', async () => {
    const unknown = await call({ path: 'nobody/x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'No service named nobody' });
    for (const path of ['UPPER/x', '%00/x', 'echo/a/..%2F..%2Fadmin']) {
      const response = await call({ path });
      expect({ path, status: response.statusCode }).toEqual({ path, status: 400 });
      expect(Object.keys(response.json())).toEqual(['error']);
    }
    // A client that sends dot segments as they are (inject would resolve them first).
    const app = await ctx.buildApp();
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const status = await new Promise<number>((resolve, reject) =>
      http
        .get({ host: '127.0.0.1', port, path: '/api/services/echo/%2e%2e/secret', headers: learner.headers }, (res) => {
          res.resume();
          resolve(res.statusCode!);
        })
        .on('error', reject),
    );
    expect(status).toBe(400);
  });

  it('answers 413 past the body limit, 429 past the rate limit with Retry-After', async () => {
    const app = await ctx.buildApp(
      gatewayConfig({ bodyLimitBytes: 1024, rateLimit: { max: 3, timeWindowMs: 60_000 } }),
    );
    const large = await call({ method: 'POST', path: 'echo/x', payload: 'x'.repeat(1025) }, app);
    expect(large.statusCode).toBe(413);
    expect(Object.keys(large.json())).toEqual(['error']);
    // That refusal counted as one call; two more pass, the next is refused.
    for (let i = 0; i < 2; i++) expect((await call({ path: 'echo/x' }, app)).statusCode).toBe(200);
    const limited = await call({ path: 'echo/x' }, app);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Object.keys(limited.json())).toEqual(['error']);
  });

  it('answers 502 when the service refuses connections and 504 when it is too slow, never hanging', async () => {
    await register('gone', `http://127.0.0.1:${await freePort()}`);
    const refused = await call({ path: 'gone/x' });
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toEqual({ error: 'The gone service could not be reached (refused)' });

    const app = await ctx.buildApp(gatewayConfig({ timeoutMs: 300 }));
    const started = Date.now();
    const slow = await call({ path: 'echo/slow' }, app);
    expect(slow.statusCode).toBe(504);
    expect(slow.json()).toEqual({ error: 'The echo service did not answer within 0.3 s' });
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('opens the circuit after N failures in a row (503 at once), lets one call try after the cool-down, and closes on success', async () => {
    let clock = Date.parse('2030-01-01T00:00:00Z');
    const app = await ctx.buildApp(gatewayConfig({ breaker: { failures: 3, cooldownMs: 30_000 } }), {
      now: () => new Date(clock),
    });
    await register('flaky', upstream.url, app);
    upstream.state.failing = true;
    for (let i = 0; i < 3; i++) expect((await call({ path: 'flaky/x' }, app)).statusCode).toBe(500);
    let hits = upstream.seen.length;
    const open = await call({ path: 'flaky/x' }, app);
    expect(open.statusCode).toBe(503);
    expect(open.json().error).toMatch(/flaky service is failing/);
    expect(Number(open.headers['retry-after'])).toBe(30);
    expect(upstream.seen.length).toBe(hits);
    const root = await userWithRole(app, ctx.db, 'admin');
    const health = await app.inject({ method: 'GET', url: '/api/platform/services/flaky', headers: root.headers });
    expect(health.json().health).toMatchObject({
      circuit: 'open',
      consecutiveFailures: 3,
      lastFailure: { reason: 'status 500' },
    });
    // (Reading the health probed the service once.)
    hits = upstream.seen.length;

    // After the cool-down one call tries; it fails, so the circuit opens again at once.
    clock += 30_000;
    expect((await call({ path: 'flaky/x' }, app)).statusCode).toBe(500);
    expect((await call({ path: 'flaky/x' }, app)).statusCode).toBe(503);
    expect(upstream.seen.length).toBe(hits + 1);

    // The next trial succeeds: closed again, every call passes.
    clock += 30_000;
    upstream.state.failing = false;
    expect((await call({ path: 'flaky/x' }, app)).statusCode).toBe(200);
    expect((await call({ path: 'flaky/x' }, app)).statusCode).toBe(200);
    const closed = await app.inject({ method: 'GET', url: '/api/platform/services/flaky', headers: root.headers });
    expect(closed.json().health).toMatchObject({ circuit: 'closed', consecutiveFailures: 0 });
  });

  it("gives the console the last minutes of a service's calls: how many, the share that failed, p95", async () => {
    await register('tally', upstream.url);
    for (const status of [200, 201, 200, 500]) await call({ path: `tally/status/${status}` });
    const status = await ctx.app.inject({ method: 'GET', url: '/api/platform/services/tally', headers: root.headers });
    expect(status.statusCode).toBe(200);
    const { traffic } = status.json();
    expect(traffic).toMatchObject({ windowSeconds: 300, requests: 4, requestsPerMinute: 0.8, errorRate: 25 });
    expect(traffic.p95Ms).toBeGreaterThanOrEqual(0);
  });

  it('counts calls, errors and latency per service in /metrics', async () => {
    await call({ path: 'echo/x' });
    await call({ path: 'gone/x' });
    const metrics = (await ctx.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toMatch(/flashcard_gateway_requests_total\{service="echo",status="200"\} \d+/);
    expect(metrics).toMatch(/flashcard_gateway_errors_total\{service="gone",reason="refused"\} \d+/);
    expect(metrics).toMatch(/flashcard_gateway_request_duration_seconds_count\{service="echo"\} \d+/);
  });
});

describeEachDb("the gateway's identity", (ctx) => {
  let upstream: Upstream;
  let register: (name: string, url: string, on?: FastifyInstance) => Promise<void>;

  beforeAll(async () => {
    ({ upstream, register } = await setUp(ctx));
    await register('alpha', upstream.url);
    await register('beta', upstream.url);
  });
  afterAll(() => upstream.close());

  /** The token the service received for one call of `headers`' learner. */
  const tokenOf = async (app: FastifyInstance, service: string, headers: Record<string, string>) => {
    const response = await app.inject({ method: 'GET', url: `/api/services/${service}/me`, headers });
    expect(response.statusCode).toBe(200);
    return upstream.seen.at(-1)!.headers.authorization!.slice('Bearer '.length);
  };
  const jwksOf = async (app: FastifyInstance) => {
    const response = await app.inject({ method: 'GET', url: '/api/platform/jwks.json' });
    expect(response.statusCode).toBe(200);
    return response;
  };

  it('signs ES256 tokens a service verifies with createRemoteJWKSet: issuer, its own audience, sub, roles, 60 s at most', async () => {
    const admin = await userWithRole(ctx.app, ctx.db, 'admin');
    const token = await tokenOf(ctx.app, 'alpha', admin.headers);
    const header = decodeProtectedHeader(token);
    expect(header).toMatchObject({ alg: 'ES256', typ: 'JWT', kid: expect.any(String) });

    const site = await ctx.buildApp();
    const base = await site.listen({ host: '127.0.0.1', port: 0 });
    const keySet = createRemoteJWKSet(new URL(`${base}/api/platform/jwks.json`));
    const { payload } = await jwtVerify(token, keySet, { issuer: 'flashcard-platform', audience: 'service:alpha' });
    expect(payload).toMatchObject({ sub: String(admin.id), roles: ['admin'], aud: 'service:alpha' });
    expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(60);
    expect(payload.exp! * 1000).toBeGreaterThan(Date.now());

    // Another service's verifier refuses it.
    await expect(jwtVerify(token, keySet, { issuer: 'flashcard-platform', audience: 'service:beta' })).rejects.toThrow(
      /unexpected "aud" claim value/,
    );
    const jwks = await jwksOf(ctx.app);
    expect(jwks.headers['cache-control']).toBe('public, max-age=300');
    const keys = (jwks.json() as JSONWebKeySet).keys;
    expect(keys.find((key) => key.kid === header.kid)).toMatchObject({
      kty: 'EC',
      crv: 'P-256',
      alg: 'ES256',
      use: 'sig',
    });
    expect(JSON.stringify(keys)).not.toMatch(/"d"/);
  });

  it('lets two instances on one database sign with one key, made once though both needed it at the same moment', async () => {
    await ctx.db.deleteFrom('gateway_signing_keys').execute();
    const [first, second] = await Promise.all([ctx.buildApp(), ctx.buildApp()]);
    const learner = await userWithRole(first, ctx.db, 'user');
    const [a, b] = await Promise.all([
      first.inject({ method: 'GET', url: '/api/services/beta/me', headers: learner.headers }),
      second.inject({ method: 'GET', url: '/api/services/beta/me', headers: learner.headers }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const tokens = upstream.seen.slice(-2).map((seen) => seen.headers.authorization!.slice('Bearer '.length));
    expect(await ctx.db.selectFrom('gateway_signing_keys').select('kid').execute()).toHaveLength(1);
    const keySet = createLocalJWKSet((await jwksOf(second)).json() as JSONWebKeySet);
    for (const token of tokens) {
      const { payload } = await jwtVerify(token, keySet, { issuer: 'flashcard-platform', audience: 'service:beta' });
      expect(payload).toMatchObject({ sub: String(learner.id), roles: ['user'] });
    }
    expect(new Set(tokens.map((token) => decodeProtectedHeader(token).kid)).size).toBe(1);
  });

  it('rotates: the next key is published ahead, signs once the old one is too old, and the old one leaves the JWKS once its tokens expired', async () => {
    await ctx.db.deleteFrom('gateway_signing_keys').execute();
    const MINUTE = 60_000;
    let clock = Date.parse('2031-01-01T00:00:00Z');
    const at = () => new Date(clock);
    const app = await ctx.buildApp(
      gatewayConfig({ keyMaxAgeMs: 60 * MINUTE, keyPublishAheadMs: 5 * MINUTE, tokenTtlSeconds: 60 }),
      { now: at },
    );
    const learner = await userWithRole(app, ctx.db, 'user');
    const verify = async (token: string, jwks: JSONWebKeySet) =>
      jwtVerify(token, createLocalJWKSet(jwks), {
        issuer: 'flashcard-platform',
        audience: 'service:alpha',
        currentDate: at(),
      });
    const kidsOf = (jwks: JSONWebKeySet) => jwks.keys.map((key) => key.kid);

    const first = await tokenOf(app, 'alpha', learner.headers);
    const oldKid = decodeProtectedHeader(first).kid!;
    expect(kidsOf((await jwksOf(app)).json())).toEqual([oldKid]);

    // 55 minutes in: the next key is published, the old one still signs.
    clock += 55 * MINUTE;
    const late = await tokenOf(app, 'alpha', learner.headers);
    expect(decodeProtectedHeader(late).kid).toBe(oldKid);
    const both = (await jwksOf(app)).json() as JSONWebKeySet;
    expect(kidsOf(both)).toHaveLength(2);
    const newKid = kidsOf(both)[1]!;

    // 60 minutes in: the new key signs; a token of the old one is still valid and verifiable.
    clock += 5 * MINUTE + 1_000;
    const fresh = await tokenOf(app, 'alpha', learner.headers);
    expect(decodeProtectedHeader(fresh).kid).toBe(newKid);
    const during = (await jwksOf(app)).json() as JSONWebKeySet;
    expect(kidsOf(during)).toEqual([oldKid, newKid]);
    await expect(verify(fresh, during)).resolves.toBeDefined();

    // Once every token of the old key has expired (and a margin), it leaves the JWKS and the database.
    clock += 3 * MINUTE;
    const after = (await jwksOf(app)).json() as JSONWebKeySet;
    expect(kidsOf(after)).toEqual([newKid]);
    expect(await ctx.db.selectFrom('gateway_signing_keys').select('kid').execute()).toEqual([{ kid: newKid }]);
    await expect(verify(await tokenOf(app, 'alpha', learner.headers), after)).resolves.toBeDefined();
  });
});
