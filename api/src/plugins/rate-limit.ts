// Attempt limits for the endpoints a password guesser would hammer. Built on
// @fastify/rate-limit's createRateLimit (in-memory store, so limits are per instance) instead
// of route config: route config and app.rateLimit() share one "already limited" flag per
// request, so a second limit on the same route (per account after per address) would be
// silently skipped.
import rateLimit from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { RateLimitRule } from '../config';
import { tooManyRequests } from '../lib/http-error';

export type AttemptHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A hook (onRequest or preHandler) letting `rule.max` calls per window through for each
     * key, then answering 429. `name` keeps the keys of different limits apart.
     */
    attemptLimit(name: string, rule: RateLimitRule, key: (request: FastifyRequest) => string): AttemptHook;
  }
}

export default fp(
  async (app) => {
    await app.register(rateLimit, { global: false });

    app.decorate('attemptLimit', (name: string, rule: RateLimitRule, key: (request: FastifyRequest) => string) => {
      const check = app.createRateLimit({
        max: rule.max,
        timeWindow: rule.timeWindowMs,
        keyGenerator: (request) => `${name}:${key(request)}`,
      });
      return async (request: FastifyRequest, reply: FastifyReply) => {
        const result = await check(request);
        if (result.isAllowed) return;
        reply.header('x-ratelimit-limit', result.max);
        reply.header('x-ratelimit-remaining', result.remaining);
        if (result.isExceeded) {
          reply.header('retry-after', result.ttlInSeconds);
          throw tooManyRequests();
        }
      };
    });
  },
  { name: 'rate-limit' },
);
