// /api/health (readiness): 200 when the instance can reach its database, 503 when it cannot or
// while it shuts down (Fastify refuses new requests with 503 then). /api/health/live (liveness):
// 200 while the process answers at all; a balancer restarts on that one, routes on the other.
import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../endpoint';
import { errorResponses } from './common';

export const Health = Type.Object({ status: Type.Literal('ok'), database: Type.Literal('ok') });

export const Liveness = Type.Object({ status: Type.Literal('ok') });

export const healthEndpoints = {
  check: endpoint('GET', '/health', { response: { 200: Health, ...errorResponses(503) } }),
  live: endpoint('GET', '/health/live', { response: { 200: Liveness } }),
};

export type Health = Static<typeof Health>;
