// /api/health (readiness): 200 when the instance can reach its database, 503 when it cannot or
// while it shuts down (Fastify refuses new requests with 503 then). /api/health/live (liveness):
// 200 while the process answers at all; a balancer restarts on that one, routes on the other.
// `rateLimitStore` says where sign-in attempts are counted: 'redis' (shared by every instance),
// 'memory' (no REDIS_URL: one instance), 'memory-fallback' (REDIS_URL set but Redis does not
// answer: each process counts alone). The last is `status: 'degraded'` and still 200: taking
// every instance out of rotation because Redis is away would turn weaker limits into an outage.
import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../endpoint';
import { errorResponses } from './common';

export const RateLimitStore = Type.Union([
  Type.Literal('redis'),
  Type.Literal('memory'),
  Type.Literal('memory-fallback'),
]);

export const Health = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  database: Type.Literal('ok'),
  rateLimitStore: RateLimitStore,
});

export const Liveness = Type.Object({ status: Type.Literal('ok') });

export const healthEndpoints = {
  check: endpoint('GET', '/health', { response: { 200: Health, ...errorResponses(503) } }),
  live: endpoint('GET', '/health/live', { response: { 200: Liveness } }),
};

export type Health = Static<typeof Health>;
export type RateLimitStore = Static<typeof RateLimitStore>;
