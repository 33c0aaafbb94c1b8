// Attempt limits for the endpoints a password guesser would hammer. Built on
// @fastify/rate-limit's createRateLimit instead of route config: route config and
// app.rateLimit() share one "already limited" flag per request, so a second limit on the same
// route would be silently skipped. With a Redis URL the counts live in Redis, so N instances
// enforce one limit, not N; without, in this process's memory. While a configured Redis does not
// answer, every count goes to this process's memory instead (the limits hold per process rather
// than not at all), `attemptStore()` says 'memory-fallback' (readiness, /metrics), and the counts
// go back to Redis once it answers again.
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import type { AccountBackoffRule, RateLimitRule } from '../config';
import { tooManyRequests } from '../lib/http-error';

export type AttemptHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** An attempt limit's hook, and `forget(subject)` for the counts of the subject its key gave. */
export type AttemptLimit = AttemptHook & { forget(subject: string): Promise<void> };

/** Where attempts are counted: Redis (shared), memory (no Redis configured), memory because Redis is unreachable. */
export type AttemptStoreState = 'redis' | 'memory' | 'memory-fallback';

/** A per-account backoff: `reserve` before the password is checked, `settle` when the answer is known. */
export interface AccountBackoff {
  /**
   * 429 while the account must wait; otherwise counts this attempt as a failure right away, so
   * guesses sent at once cannot all slip through before the first one is counted.
   */
  reserve: AttemptHook;
  /** onSend: an answer other than `failed(reply)` takes the reserved failure back. */
  settle: (request: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown>;
  /** Drops the key's failures and wait (its owner proved who they are another way). */
  forget(subject: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A hook (onRequest or preHandler) letting `rule.max` calls per window through for each
     * key, then answering 429. `name` keeps the keys of different limits apart.
     */
    attemptLimit(name: string, rule: RateLimitRule, key: (request: FastifyRequest) => string): AttemptLimit;
    /** Failures per key (an account), whatever the address: after the free ones, waits that double. */
    accountBackoff(
      name: string,
      rule: AccountBackoffRule,
      key: (request: FastifyRequest) => string,
      failed: (reply: FastifyReply) => boolean,
    ): AccountBackoff;
    attemptStore(): AttemptStoreState;
  }
}

const PREFIX = 'flashcards-limit:';
/** After a Redis command fails, count in memory this long before trying Redis again. */
const RETRY_REDIS_AFTER_MS = 5_000;
/** Keys an in-memory store keeps (least recently used dropped first): ~100 bytes each. */
const MEMORY_KEYS = 50_000;

/** Whether to count in Redis now: configured, connected, and no command failed a moment ago. */
class RedisLink {
  private failedAt = -Infinity;

  constructor(
    readonly redis: Redis | undefined,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number,
  ) {}

  up(): boolean {
    return this.redis?.status === 'ready' && this.now() - this.failedAt > RETRY_REDIS_AFTER_MS;
  }

  failed(error: unknown): void {
    if (this.up())
      this.log.error({ err: error }, 'redis failed: attempt limits count in this process until it answers');
    this.failedAt = this.now();
  }

  state(): AttemptStoreState {
    if (!this.redis) return 'memory';
    return this.up() ? 'redis' : 'memory-fallback';
  }

  /** `work` on Redis while it is up, else (or when it fails) `fallback` in memory. */
  async run<T>(work: (redis: Redis) => Promise<T>, fallback: () => T): Promise<T> {
    if (!this.redis || !this.up()) return fallback();
    try {
      return await work(this.redis);
    } catch (error) {
      this.failed(error);
      return fallback();
    }
  }
}

// @fastify/rate-limit's own stores (no types of their own); the fallback store below picks one per call.
type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;
interface CountStore {
  incr(key: string, callback: IncrCallback, timeWindow: number, max: number): void;
}
/** LocalStore's count per key (toad-cache's LruMap). */
interface LocalCounts {
  lru: { delete(key: string): void };
}
/* eslint-disable @typescript-eslint/no-require-imports -- the package exports its stores only by path */
const LocalStore = require('@fastify/rate-limit/store/LocalStore') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache: number,
) => CountStore & LocalCounts;
const RedisStore = require('@fastify/rate-limit/store/RedisStore') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => CountStore;
/* eslint-enable @typescript-eslint/no-require-imports */

interface StoreParams {
  continueExceeding: boolean;
  exponentialBackoff: boolean;
}

/** A rate-limit store counting in Redis while it is up and in memory otherwise. */
function fallbackStore(link: RedisLink) {
  return class FallbackStore implements CountStore {
    /** The store `child` made last: createRateLimit makes its store synchronously, so attemptLimit takes it from here. */
    static made: FallbackStore | undefined;
    private readonly local: CountStore & LocalCounts;
    private readonly shared?: CountStore;

    constructor(params: StoreParams) {
      this.local = new LocalStore(params.continueExceeding, params.exponentialBackoff, MEMORY_KEYS);
      if (link.redis)
        this.shared = new RedisStore(params.continueExceeding, params.exponentialBackoff, link.redis, PREFIX);
    }

    incr(key: string, callback: IncrCallback, timeWindow: number, max: number): void {
      if (!this.shared || !link.up()) return this.local.incr(key, callback, timeWindow, max);
      this.shared.incr(
        key,
        (error, result) => {
          if (!error) return callback(null, result);
          link.failed(error);
          this.local.incr(key, callback, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }

    /** Forgets a key's count, in memory and in Redis (wherever it was counted). */
    async forget(key: string): Promise<void> {
      this.local.lru.delete(key);
      await link.run(
        async (redis) => {
          await redis.del(`${PREFIX}${key}`);
        },
        () => undefined,
      );
    }

    /** Each limit (createRateLimit) gets a store of its own with its options. */
    child(params: StoreParams): FallbackStore {
      FallbackStore.made = new FallbackStore(params);
      return FallbackStore.made;
    }
  };
}

/** The wait before the next attempt once `failures` reach the free ones: doubling, capped. */
function waitAfter(failures: number, rule: AccountBackoffRule): number {
  if (failures < rule.freeFailures) return 0;
  return Math.min(rule.firstWaitMs * 2 ** (failures - rule.freeFailures), rule.maxWaitMs);
}

// KEYS: failures, wait. ARGV: free failures, first wait, longest wait, forget after (ms).
// Answers the wait left (ms), or 0 after counting this attempt as a failure.
const RESERVE_LUA = `
local left = redis.call('PTTL', KEYS[2])
if left > 0 then return left end
local failures = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
local free = tonumber(ARGV[1])
if failures >= free then
  local wait = math.min(tonumber(ARGV[2]) * 2 ^ (failures - free), tonumber(ARGV[3]))
  redis.call('SET', KEYS[2], '1', 'PX', math.floor(wait))
end
return 0`;

const FORGIVE_LUA = `
local failures = tonumber(redis.call('GET', KEYS[1]) or '0')
if failures <= 1 then redis.call('DEL', KEYS[1]) else redis.call('DECR', KEYS[1]) end
redis.call('DEL', KEYS[2])
return 0`;

interface MemoryBackoff {
  failures: number;
  waitUntil: number;
}

function backoffStore(link: RedisLink, name: string, rule: AccountBackoffRule, clock: () => number) {
  const memory = new LRUCache<string, MemoryBackoff>({
    max: MEMORY_KEYS,
    ttl: rule.forgetAfterMs,
    perf: { now: clock },
  });
  const keys = (key: string) => [`${PREFIX}${name}:failures:${key}`, `${PREFIX}${name}:wait:${key}`];
  return {
    /** Drops the key's failures and wait, in memory and in Redis. */
    clear: async (key: string): Promise<void> => {
      memory.delete(key);
      await link.run(
        async (redis) => {
          await redis.del(...keys(key));
        },
        () => undefined,
      );
    },
    /** The wait left in ms, or 0 once this attempt is counted. */
    reserve: (key: string): Promise<number> =>
      link.run(
        async (redis) =>
          Number(
            await redis.eval(
              RESERVE_LUA,
              2,
              ...keys(key),
              rule.freeFailures,
              rule.firstWaitMs,
              rule.maxWaitMs,
              rule.forgetAfterMs,
            ),
          ),
        () => {
          const now = clock();
          const entry = memory.get(key) ?? { failures: 0, waitUntil: 0 };
          if (entry.waitUntil > now) return entry.waitUntil - now;
          entry.failures += 1;
          const wait = waitAfter(entry.failures, rule);
          if (wait > 0) entry.waitUntil = now + wait;
          memory.set(key, entry);
          return 0;
        },
      ),
    /**
     * Not a failure after all. The wait goes too: it was set by this very attempt (the account
     * was not waiting, or the attempt would have been refused).
     */
    forgive: (key: string): Promise<void> =>
      link.run(
        async (redis) => {
          await redis.eval(FORGIVE_LUA, 2, ...keys(key));
        },
        () => {
          const entry = memory.get(key);
          if (!entry) return;
          if (entry.failures <= 1) memory.delete(key);
          else memory.set(key, { failures: entry.failures - 1, waitUntil: 0 }, { noUpdateTTL: true });
        },
      ),
  };
}

export interface RateLimitOptions {
  redisUrl?: string;
  /** The clock (ms) of the waits counted in memory (Redis keeps its own); tests move it instead of waiting. */
  now?: () => number;
}

export default fp(
  async (app, options: RateLimitOptions) => {
    const clock = options.now ?? (() => Date.now());
    let redis: Redis | undefined;
    if (options.redisUrl) {
      // Fail fast instead of queueing: a limit check must not hang a sign-in while Redis is away.
      redis = new Redis(options.redisUrl, {
        connectTimeout: 2000,
        commandTimeout: 1000,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
        lazyConnect: true,
      });
      redis.on('error', (error) => app.log.warn({ err: error }, 'redis error (attempt limits)'));
      redis.on('ready', () => app.log.info('redis ready: attempt limits are shared'));
      await redis
        .connect()
        .catch((error: unknown) =>
          app.log.error(
            { err: error },
            'redis unreachable at start: attempt limits count in this process until it answers',
          ),
        );
      app.addHook('onClose', async () => {
        await redis?.quit().catch(() => redis?.disconnect());
      });
    }
    const link = new RedisLink(redis, app.log, clock);
    // The store falls back to memory by itself, so no error reaches the plugin to skip on. (The
    // plugin's types leave out the window and maximum it passes to a store's incr.)
    const Store = fallbackStore(link);
    const store = Store as unknown as FastifyRateLimitStoreCtor;
    await app.register(rateLimit, { global: false, store, skipOnError: false });

    app.decorate('attemptStore', () => link.state());

    app.decorate('attemptLimit', (name: string, rule: RateLimitRule, key: (request: FastifyRequest) => string) => {
      // Each limit's store honours exponentialBackoff (the plugin passes it on to the store's
      // child), though the types list it for the plugin's options only.
      const options: NonNullable<Parameters<typeof app.createRateLimit>[0]> & { exponentialBackoff: boolean } = {
        max: rule.max,
        timeWindow: rule.timeWindowMs,
        exponentialBackoff: rule.backoff === true,
        keyGenerator: (request) => `${name}:${key(request)}`,
      };
      Store.made = undefined;
      const check = app.createRateLimit(options);
      const counts = Store.made as InstanceType<typeof Store> | undefined;
      if (!counts) throw new Error(`attemptLimit ${name}: the rate-limit plugin made no store`);
      const hook = async (request: FastifyRequest, reply: FastifyReply) => {
        const result = await check(request);
        if (result.isAllowed) return;
        reply.header('x-ratelimit-limit', result.max);
        reply.header('x-ratelimit-remaining', result.remaining);
        if (result.isExceeded) {
          reply.header('retry-after', result.ttlInSeconds);
          throw tooManyRequests();
        }
      };
      return Object.assign(hook, { forget: (subject: string) => counts.forget(`${name}:${subject}`) });
    });

    app.decorate(
      'accountBackoff',
      (
        name: string,
        rule: AccountBackoffRule,
        key: (request: FastifyRequest) => string,
        failed: (reply: FastifyReply) => boolean,
      ) => {
        const store = backoffStore(link, name, rule, clock);
        const reserved = new WeakMap<FastifyRequest, string>();
        return {
          reserve: async (request: FastifyRequest, reply: FastifyReply) => {
            const subject = key(request);
            const waitMs = await store.reserve(subject);
            if (waitMs > 0) {
              reply.header('retry-after', Math.ceil(waitMs / 1000));
              throw tooManyRequests();
            }
            reserved.set(request, subject);
          },
          settle: async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
            const subject = reserved.get(request);
            if (subject !== undefined && !failed(reply)) await store.forgive(subject);
            return payload;
          },
          forget: (subject: string) => store.clear(subject),
        };
      },
    );
  },
  { name: 'rate-limit' },
);
