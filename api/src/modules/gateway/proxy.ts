// /api/services/<name>/*: a signed-in learner's call passed to the service's own server with
// @fastify/reply-from (undici). Method, path, query, body and status pass through, the answer
// streamed as it arrives; the learner's Authorization, cookies and any X-Forwarded-* are dropped
// and the gateway's own token for that service sent instead. Every refusal is `{ error }`:
// 401 (the service is not called), 404, 413, 429, 502, 503 (open circuit), 504.
import replyFrom from '@fastify/reply-from';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { gatewayEndpoints as ep, SERVICE_NAME_PATTERN } from '@flashcard/api-contract/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayConfig } from '../../config';
import { badRequest, notFound } from '../../lib/http-error';
import type { CircuitBreakers } from './breaker';
import type { ServiceIdentity } from './identity';
import { gatewayMetrics, type GatewayErrorReason } from './metrics';
import type { ServiceRegistry } from './registry';
import type { ServiceRow } from './repository';
import type { ServiceTraffic } from './traffic';

export interface GatewayOptions {
  registry: ServiceRegistry;
  breakers: CircuitBreakers;
  traffic: ServiceTraffic;
  identity: ServiceIdentity;
  config: GatewayConfig;
}

const PREFIX = '/api/services/';
const NAME = new RegExp(SERVICE_NAME_PATTERN);
/** Request headers a learner's browser sends that a service must not get: credentials and claims of origin. */
const DROPPED = new Set(['authorization', 'cookie', 'forwarded', 'x-real-ip']);

interface Call {
  service: ServiceRow;
  trial: boolean;
  reason?: GatewayErrorReason;
}

/** What undici or reply-from failed with, as the learner is told: 504 slow, 502 unreachable. */
function classify(error: Error & { code?: string; cause?: { code?: string } }): {
  status: 502 | 504;
  reason: 'timeout' | 'refused';
  why: string;
} {
  const codes = [error.code, error.cause?.code];
  const timedOut = codes.some(
    (code) =>
      code === 'FST_REPLY_FROM_GATEWAY_TIMEOUT' ||
      code === 'UND_ERR_HEADERS_TIMEOUT' ||
      code === 'UND_ERR_CONNECT_TIMEOUT' ||
      code === 'FST_REPLY_FROM_TIMEOUT',
  );
  if (timedOut) return { status: 504, reason: 'timeout', why: 'timeout' };
  const code = error.cause?.code ?? error.code ?? 'error';
  return { status: 502, reason: 'refused', why: code === 'ECONNREFUSED' ? 'refused' : code };
}

const gatewayRoutes: FastifyPluginAsyncTypebox<GatewayOptions> = async (
  app,
  { registry, breakers, traffic, identity, config },
) => {
  await app.register(replyFrom, {
    undici: {
      headersTimeout: config.timeoutMs,
      bodyTimeout: config.timeoutMs,
      connect: { timeout: config.timeoutMs },
    },
    disableRequestLogging: true,
  });
  // Bodies pass as the learner sent them: bytes, never parsed and encoded again.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  const metrics = gatewayMetrics(app.metricsRegistry);
  const calls = new WeakMap<FastifyRequest, Call>();
  const perUser = app.attemptLimit(
    'gateway',
    config.rateLimit,
    (request) => `${calls.get(request)!.service.name}:${request.user.id}`,
  );

  /** The named service, before the body is read: 400 for a name no service can have, 404 for an unknown one. */
  const findService = async (request: FastifyRequest) => {
    const name = (request.params as { name?: string }).name ?? '';
    if (!NAME.test(name)) throw badRequest(`No service can be named ${JSON.stringify(name.slice(0, 60))}`);
    const service = await registry.lookup(name);
    if (!service) throw notFound(`No service named ${name}`);
    calls.set(request, { service, trial: false });
  };

  const refuse = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    reason: GatewayErrorReason,
    error: string,
  ) => {
    const call = calls.get(request);
    if (call) call.reason = reason;
    return reply.code(status).send({ error });
  };

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const call = calls.get(request)!;
    const { service } = call;
    const raw = request.raw.url ?? '';
    // The path and query after /api/services/<name>, exactly as sent.
    const rest = raw.slice(raw.indexOf('/', PREFIX.length));
    let decoded: string;
    try {
      decoded = decodeURIComponent(rest);
    } catch {
      throw badRequest('The address is malformed');
    }
    if (/(^|\/)\.\.?(\/|\?|$)/.test(decoded.split('?')[0]!)) throw badRequest('The path may not hold . or .. segments');

    const admission = breakers.admit(service.name);
    if (!admission.admitted) {
      reply.header('retry-after', Math.max(1, Math.ceil(admission.retryAfterMs / 1000)));
      return refuse(
        request,
        reply,
        503,
        'circuit_open',
        `The ${service.name} service is failing; calls to it are paused for a moment`,
      );
    }
    call.trial = admission.trial;
    let token: string;
    try {
      token = await identity.tokenFor(service.name, { id: request.user.id, role: request.user.role });
    } catch (error) {
      breakers.abandoned(service.name, call.trial);
      throw error;
    }
    const body = Buffer.isBuffer(request.body) ? request.body : undefined;

    return reply.from(`${service.url}${rest}`, {
      ...(body ? { body, contentType: request.headers['content-type'] ?? 'application/octet-stream' } : {}),
      // No retries: a call is sent once, whatever its method (reply-from retries a GET's 503 by default).
      retryDelay: () => null,
      rewriteRequestHeaders: (_request, headers) => {
        const sent: Record<string, string | string[] | undefined> = {};
        for (const [name, value] of Object.entries(headers)) {
          if (!DROPPED.has(name) && !name.startsWith('x-forwarded-')) sent[name] = value;
        }
        sent.authorization = `Bearer ${token}`;
        sent['x-request-id'] = request.id;
        sent['x-forwarded-for'] = request.ip;
        sent['x-forwarded-proto'] = request.protocol;
        sent['x-forwarded-host'] = request.host;
        return sent;
      },
      // A service may not set cookies on the platform's site (its session lives there).
      rewriteHeaders: (headers) => {
        const { 'set-cookie': _cookies, 'x-request-id': _id, ...kept } = headers;
        return kept;
      },
      onResponse: (_request, reply, response) => {
        if (response.statusCode >= 500) {
          call.reason = 'upstream_5xx';
          breakers.failed(service.name, `status ${response.statusCode}`);
        } else breakers.succeeded(service.name);
        void reply.send(response.stream);
      },
      onError: (reply, { error }) => {
        const { status, reason, why } = classify(error as Error & { code?: string; cause?: { code?: string } });
        breakers.failed(service.name, why);
        const message =
          status === 504
            ? `The ${service.name} service did not answer within ${config.timeoutMs / 1000} s`
            : `The ${service.name} service could not be reached (${why})`;
        void refuse(request, reply as FastifyReply, status, reason, message);
      },
    });
  };

  const options = {
    onRequest: [app.authenticate, findService, perUser],
    bodyLimit: config.bodyLimitBytes,
    // The service's bytes and encoding reach the browser as they are.
    compress: false as const,
    onResponse: async (request: FastifyRequest, reply: FastifyReply) => {
      const call = calls.get(request);
      if (!call) return;
      const service = call.service.name;
      const reason =
        call.reason ?? (reply.statusCode === 429 ? 'rate_limited' : reply.statusCode === 413 ? 'body_too_large' : null);
      metrics.requests.inc({ service, status: String(reply.statusCode) });
      metrics.duration.observe({ service }, reply.elapsedTime / 1000);
      if (reason) metrics.errors.inc({ service, reason });
      traffic.record(service, reply.elapsedTime, reason !== null || reply.statusCode >= 500);
    },
  };

  app.get(ep.callServiceGet.path, { schema: ep.callServiceGet.schema, ...options }, handler);
  app.post(ep.callServicePost.path, { schema: ep.callServicePost.schema, ...options }, handler);
  app.put(ep.callServicePut.path, { schema: ep.callServicePut.schema, ...options }, handler);
  app.delete(ep.callServiceDelete.path, { schema: ep.callServiceDelete.schema, ...options }, handler);
  // The contract's endpoints name no PATCH; the gateway passes it through all the same.
  app.patch(ep.callServicePost.path, { schema: ep.callServicePost.schema, ...options }, handler);
};

export default gatewayRoutes;
