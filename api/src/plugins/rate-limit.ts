// Attempt limits for the endpoints a password guesser would hammer. Built on
// @fastify/rate-limit's createRateLimit instead of route config: route config and
// app.rateLimit() share one "already limited" flag per request, so a second limit on the same
// route (per account after per address) would be silently skipped. With a Redis URL the counts
// live in Redis, so N instances enforce one limit, not N; without, in this process's memory.
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
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
  async (app, options: { redisUrl?: string }) => {
    let redis: Redis | undefined;
    if (options.redisUrl) {
      // Fail fast instead of queueing: a limit check must not hang a sign-in while Redis is away.
      redis = new Redis(options.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
      redis.on('error', (error) => app.log.warn({ err: error }, 'redis error (attempt limits)'));
      await redis.connect().catch((error: unknown) => app.log.error({ err: error }, 'redis unreachable at start; limits will skip until it answers'));
      app.addHook('onClose', async () => {
        await redis?.quit().catch(() => redis?.disconnect());
      });
    }
    await app.register(rateLimit, {
      global: false,
      ...(redis ? { redis, nameSpace: 'flashcards-limit:' } : {}),
      // Redis down: let the attempt through (logged above) rather than lock every learner out.
      skipOnError: true,
    });

    app.decorate('attemptLimit', (name: string, rule: RateLimitRule, key: (request: FastifyRequest) => string) => {
      // Each limit's store honours exponentialBackoff (the plugin passes it on to the store's
      // child), though the types list it for the plugin's options only.
      const options: NonNullable<Parameters<typeof app.createRateLimit>[0]> & { exponentialBackoff: boolean } = {
        max: rule.max,
        timeWindow: rule.timeWindowMs,
        exponentialBackoff: rule.backoff === true,
        keyGenerator: (request) => `${name}:${key(request)}`,
      };
      const check = app.createRateLimit(options);
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
