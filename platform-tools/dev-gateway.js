// In development a dev server stands in for the platform's service gateway for the services named
// in SERVICE_TARGETS (`quiz=http://127.0.0.1:4100,poll=http://127.0.0.1:4200`), so a team works on
// its remote and its service on one machine whatever API_TARGET is (a staging API cannot reach the
// team's laptop). It does what the gateway does, with a key of its own: checks the learner with the
// API (GET /api/auth/me with the call's Authorization), drops the learner's Authorization, cookies
// and forwarding headers, sends an ES256 token for that service (`iss` GATEWAY_ISSUER or
// flashcard-platform, `aud` service:<name>, `sub`, `roles`, 60 s) and drops the answer's Set-Cookie.
// Its public key is at the dev server's /api/platform/jwks.json: start the service with
// PLATFORM_URL set to the dev server. Other services' calls go on to the API's own gateway.
const crypto = require('crypto');
const http = require('http');
const https = require('https');

const SERVICE_NAME = /^[a-z][a-z0-9-]{0,38}[a-z0-9]$/;
const JWKS_PATH = '/api/platform/jwks.json';
const PREFIX = '/api/services/';
const TOKEN_TTL_SECONDS = 60;
/** Request headers a learner's browser sends that a service must not get (the gateway's list). */
const DROPPED = new Set(['authorization', 'cookie', 'forwarded', 'x-real-ip', 'host', 'connection']);

/**
 * SERVICE_TARGETS as a map of service name to its base URL.
 * @param {string} [text]
 * @returns {Map<string, URL>}
 */
function serviceTargets(text = process.env.SERVICE_TARGETS || '') {
  const targets = new Map();
  for (const entry of text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [name, address] = entry.split(/=(.*)/s);
    let url;
    try {
      url = new URL(address);
    } catch {
      url = null;
    }
    if (!SERVICE_NAME.test(name) || !url || !/^https?:$/.test(url.protocol))
      throw new Error(`SERVICE_TARGETS: "${entry}" is not <service>=<http(s) address> (quiz=http://127.0.0.1:4100)`);
    targets.set(name, url);
  }
  return targets;
}

const base64url = (value) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** A key pair for this dev server's life, its public half as a JWK, and a signer of ES256 tokens. */
function devKey() {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const kid = `dev-${crypto.randomBytes(6).toString('hex')}`;
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid, alg: 'ES256', use: 'sig' };
  /** @param {Record<string, unknown>} claims */
  const sign = (claims) => {
    const input = `${base64url({ alg: 'ES256', typ: 'JWT', kid })}.${base64url(claims)}`;
    const signature = crypto.sign('sha256', Buffer.from(input), { key: privateKey, dsaEncoding: 'ieee-p1363' });
    return `${input}.${signature.toString('base64url')}`;
  };
  return { jwk, sign };
}

/**
 * @param {import('http').ServerResponse} res
 * @param {number} status
 * @param {unknown} body
 */
function sendJson(res, status, body) {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(JSON.stringify(body));
}

/**
 * The dev server's middleware (connect/express style): the JWKS and the named services' calls;
 * anything else goes on (`next`).
 * @param {object} options
 * @param {Map<string, URL>} options.targets
 * @param {string} options.apiTarget  where the learner is checked (the dev server's API_TARGET)
 * @param {string} [options.issuer]
 */
function devGatewayMiddleware({ targets, apiTarget, issuer = process.env.GATEWAY_ISSUER || 'flashcard-platform' }) {
  const key = devKey();
  /**
   * @param {import('http').IncomingMessage & { originalUrl?: string }} req
   * @param {import('http').ServerResponse} res
   * @param {(error?: unknown) => void} next
   */
  return async (req, res, next) => {
    const url = req.originalUrl || req.url || '';
    if (url.split('?')[0] === JWKS_PATH && (req.method === 'GET' || req.method === 'HEAD'))
      return sendJson(res, 200, { keys: [key.jwk] });
    if (!url.startsWith(PREFIX)) return next();
    const name = url.slice(PREFIX.length).split(/[/?]/)[0];
    const target = targets.get(name);
    if (!target) return next();
    try {
      let rest = url.slice(PREFIX.length + name.length) || '/';
      if (rest.startsWith('?')) rest = `/${rest}`;
      if (/(^|\/)\.\.?(\/|\?|$)/.test(decodeURIComponent(rest.split('?')[0])))
        return sendJson(res, 400, { error: 'The path may not hold . or .. segments' });

      // The learner, as the API knows them: a refused token is the API's answer (the kernel refreshes).
      const authorization = req.headers.authorization;
      if (!authorization) return sendJson(res, 401, { error: 'Authentication required' });
      const me = await fetch(new URL('/api/auth/me', apiTarget), { headers: { authorization } });
      if (!me.ok) {
        res.statusCode = me.status;
        res.setHeader('Content-Type', me.headers.get('content-type') || 'application/json; charset=utf-8');
        return res.end(await me.text());
      }
      const { user } = /** @type {{ user: { id: number, role: string } }} */ (await me.json());
      const now = Math.floor(Date.now() / 1000);
      const token = key.sign({
        iss: issuer,
        aud: `service:${name}`,
        sub: String(user.id),
        roles: [user.role],
        iat: now,
        exp: now + TOKEN_TTL_SECONDS,
      });

      /** @type {Record<string, string | string[]>} */
      const headers = {};
      for (const [header, value] of Object.entries(req.headers)) {
        if (value !== undefined && !DROPPED.has(header) && !header.startsWith('x-forwarded-')) headers[header] = value;
      }
      headers.authorization = `Bearer ${token}`;
      headers['x-forwarded-for'] = req.socket.remoteAddress || '';
      headers['x-forwarded-proto'] = 'http';
      if (req.headers.host) headers['x-forwarded-host'] = req.headers.host;

      const upstream = (target.protocol === 'https:' ? https : http).request(
        {
          protocol: target.protocol,
          hostname: target.hostname,
          port: target.port,
          method: req.method,
          path: `${target.pathname.replace(/\/$/, '')}${rest}`,
          headers,
        },
        (answer) => {
          const { 'set-cookie': _cookies, ...kept } = answer.headers;
          res.writeHead(answer.statusCode || 502, kept);
          answer.pipe(res);
        },
      );
      upstream.on('error', (error) => {
        const code = /** @type {NodeJS.ErrnoException} */ (error).code;
        if (res.headersSent) return res.destroy();
        sendJson(res, 502, {
          error: `The ${name} service could not be reached (${code === 'ECONNREFUSED' ? 'refused' : code || 'error'})`,
        });
      });
      req.pipe(upstream);
    } catch (error) {
      next(error);
    }
  };
}

/**
 * The dev server's `setupMiddlewares` entry when SERVICE_TARGETS names services (else none), put
 * before the /api proxy by the caller.
 * @param {{ apiTarget: string, targets?: Map<string, URL> }} options
 */
function devGatewayMiddlewares({ apiTarget, targets = serviceTargets() }) {
  if (!targets.size) return [];
  return [{ name: 'flashcard-dev-gateway', middleware: devGatewayMiddleware({ targets, apiTarget }) }];
}

/**
 * webpack-dev-server's (and Rspack's) `setupMiddlewares`: the dev gateway just before the /api proxy.
 * @param {any[]} middlewares
 * @param {string} apiTarget
 */
function withDevGateway(middlewares, apiTarget) {
  const gateway = devGatewayMiddlewares({ apiTarget });
  const proxyAt = middlewares.findIndex((m) => typeof m === 'object' && m.name === 'http-proxy-middleware');
  middlewares.splice(proxyAt === -1 ? middlewares.length : proxyAt, 0, ...gateway);
  return middlewares;
}

module.exports = { serviceTargets, devGatewayMiddleware, devGatewayMiddlewares, withDevGateway };
