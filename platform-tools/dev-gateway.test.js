// The dev server's stand-in for the service gateway, between a fake API and a fake service.
const crypto = require('crypto');
const http = require('http');
const { devGatewayMiddleware, devGatewayMiddlewares, serviceTargets, withDevGateway } = require('./dev-gateway');

/** @param {http.RequestListener} handler */
async function listen(handler) {
  const server = http.createServer(handler);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('net').AddressInfo} */ (server.address());
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** @type {Array<{ method?: string, url?: string, headers: http.IncomingHttpHeaders, body: string }>} */
let received;
let api;
let service;
let devServer;
let serviceOrigin;

beforeAll(async () => {
  // The API knows one learner's token.
  api = await listen((req, res) => {
    res.setHeader('Content-Type', 'application/json');
    if (req.url === '/api/auth/me' && req.headers.authorization === 'Bearer learner-token') {
      res.end(JSON.stringify({ success: true, user: { id: 42, role: 'admin' } }));
    } else {
      res.statusCode = 401;
      res.end(JSON.stringify({ error: 'Token expired' }));
    }
  });
  service = await listen((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ method: req.method, url: req.url, headers: req.headers, body });
      res.setHeader('Set-Cookie', 'session=theirs');
      res.setHeader('Content-Type', 'application/json');
      res.setHeader('X-Service', 'quiz');
      res.statusCode = req.method === 'POST' ? 201 : 200;
      res.end(JSON.stringify({ ok: true }));
    });
  });
  serviceOrigin = service.origin;
  const middleware = devGatewayMiddleware({
    targets: new Map([
      ['quiz', new URL(`${service.origin}/v1`)],
      ['down', new URL('http://127.0.0.1:1')],
    ]),
    apiTarget: api.origin,
    issuer: 'flashcard-platform',
  });
  devServer = await listen((req, res) =>
    middleware(req, res, () => {
      res.statusCode = 404;
      res.end('next');
    }),
  );
});
beforeEach(() => (received = []));
afterAll(() => Promise.all([api.close(), service.close(), devServer.close()]));

/** @param {string} path @param {RequestInit} [init] */
const fetchDev = (path, init) => fetch(`${devServer.origin}${path}`, init);

/** The token's claims, once its signature checks against the dev server's published key. */
async function verified(token) {
  const { keys } = /** @type {{ keys: Array<crypto.JsonWebKey & { kid: string }> }} */ (
    await (await fetchDev('/api/platform/jwks.json')).json()
  );
  const [header, payload, signature] = token.split('.');
  const { kid, alg } = JSON.parse(Buffer.from(header, 'base64url').toString());
  expect(alg).toBe('ES256');
  const jwk = keys.find((key) => key.kid === kid);
  if (!jwk) throw new Error(`the JWKS has no key ${kid}`);
  const valid = crypto.verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key: crypto.createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  expect(valid).toBe(true);
  return JSON.parse(Buffer.from(payload, 'base64url').toString());
}

describe('serviceTargets', () => {
  it('reads SERVICE_TARGETS as names and addresses', () => {
    const targets = serviceTargets(' quiz=http://127.0.0.1:4100 , quiz-api=https://svc.example/v1 ');
    expect([...targets].map(([name, url]) => [name, url.href])).toEqual([
      ['quiz', 'http://127.0.0.1:4100/'],
      ['quiz-api', 'https://svc.example/v1'],
    ]);
    expect(serviceTargets('').size).toBe(0);
  });

  it.each(['quiz', 'Quiz=http://a', 'quiz=ftp://a', 'quiz=not a url'])('refuses %j', (text) => {
    expect(() => serviceTargets(text)).toThrow(/is not <service>=<http\(s\) address>/);
  });
});

describe('the dev gateway', () => {
  it("passes a learner's call on as the gateway does: path and query below the base, its own token, no cookie", async () => {
    const response = await fetchDev('/api/services/quiz/greeting?lang=es', {
      headers: {
        Authorization: 'Bearer learner-token',
        Cookie: 'flashcard_refresh=secret',
        'X-Forwarded-For': '6.6.6.6',
        'X-Custom': 'kept',
      },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    // The service's headers but its cookie.
    expect(response.headers.get('x-service')).toBe('quiz');
    expect(response.headers.get('set-cookie')).toBeNull();

    const [call] = received;
    expect(call.url).toBe('/v1/greeting?lang=es');
    expect(call.headers.cookie).toBeUndefined();
    expect(call.headers['x-custom']).toBe('kept');
    expect(call.headers['x-forwarded-for']).not.toContain('6.6.6.6');
    expect(call.headers.authorization).not.toContain('learner-token');
    const claims = await verified(String(call.headers.authorization).replace(/^Bearer /, ''));
    expect(claims).toMatchObject({ iss: 'flashcard-platform', aud: 'service:quiz', sub: '42', roles: ['admin'] });
    expect(claims.exp - claims.iat).toBe(60);
  });

  it('passes a body and the status', async () => {
    const response = await fetchDev('/api/services/quiz/answers', {
      method: 'POST',
      headers: { Authorization: 'Bearer learner-token', 'Content-Type': 'application/json' },
      body: JSON.stringify({ choice: 'Lima' }),
    });
    expect(response.status).toBe(201);
    expect(received[0]).toMatchObject({ method: 'POST', url: '/v1/answers', body: '{"choice":"Lima"}' });
    expect(received[0].headers['content-type']).toBe('application/json');
  });

  it("answers the API's refusal without calling the service, so the kernel refreshes", async () => {
    const stale = await fetchDev('/api/services/quiz/greeting', { headers: { Authorization: 'Bearer old' } });
    expect([stale.status, await stale.json()]).toEqual([401, { error: 'Token expired' }]);
    const none = await fetchDev('/api/services/quiz/greeting');
    expect(none.status).toBe(401);
    expect(received).toEqual([]);
  });

  it('refuses dot segments, and says when the service cannot be reached', async () => {
    // Sent as written (a URL would resolve the dots before sending).
    const { hostname, port } = new URL(devServer.origin);
    const path = '/api/services/quiz/a/%2e%2e/admin';
    const headers = { Authorization: 'Bearer learner-token' };
    const dots = await new Promise((resolve) => http.get({ hostname, port, path, headers }, resolve));
    expect(dots.statusCode).toBe(400);
    const down = await fetchDev('/api/services/down/greeting', { headers: { Authorization: 'Bearer learner-token' } });
    expect([down.status, await down.json()]).toEqual([
      502,
      { error: 'The down service could not be reached (refused)' },
    ]);
  });

  it("leaves other services and other paths to the API's proxy", async () => {
    for (const path of ['/api/services/other/greeting', '/api/cards', '/api/services/quizzes/x']) {
      expect(await (await fetchDev(path)).text()).toBe('next');
    }
    expect(received).toEqual([]);
  });
});

describe('in a dev server', () => {
  const proxyChain = () => [
    { name: 'host-header-check', middleware: () => {} },
    { name: 'http-proxy-middleware', middleware: () => {} },
  ];
  const before = process.env.SERVICE_TARGETS;
  afterEach(() => {
    if (before === undefined) delete process.env.SERVICE_TARGETS;
    else process.env.SERVICE_TARGETS = before;
  });

  it('comes before the /api proxy when SERVICE_TARGETS names services, and is absent otherwise', () => {
    delete process.env.SERVICE_TARGETS;
    expect(devGatewayMiddlewares({ apiTarget: 'http://127.0.0.1:4000' })).toEqual([]);
    expect(withDevGateway(proxyChain(), 'http://127.0.0.1:4000').map((m) => m.name)).toEqual([
      'host-header-check',
      'http-proxy-middleware',
    ]);
    process.env.SERVICE_TARGETS = `quiz=${serviceOrigin}`;
    expect(withDevGateway(proxyChain(), 'http://127.0.0.1:4000').map((m) => m.name)).toEqual([
      'host-header-check',
      'flashcard-dev-gateway',
      'http-proxy-middleware',
    ]);
  });
});
