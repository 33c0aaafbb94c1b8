import type { Health, RateLimitStore } from '@flashcard/api-contract/schemas';

/** Ready; degraded (still 200) while attempt limits count per process because Redis is away. */
export const presentHealthy = (rateLimitStore: RateLimitStore): Health => ({
  status: rateLimitStore === 'memory-fallback' ? 'degraded' : 'ok',
  database: 'ok',
  rateLimitStore,
});

export const presentUnavailable = () => ({ error: 'Database unavailable' });
