// Is this instance able to serve? Load balancers and `npm start` scripts poll this.
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { AttemptStoreState } from '../../plugins/rate-limit';
import type { HealthRepository } from './repository';

// A database that hangs is as unavailable as one that refuses: answer before the prober gives up.
const PING_TIMEOUT_MS = 3000;

export class HealthService {
  constructor(
    private readonly deps: {
      repository: HealthRepository;
      log: FastifyBaseLogger;
      attemptStore: () => AttemptStoreState;
    },
  ) {}

  /** Where sign-in attempts are counted now (the rate-limit plugin knows whether Redis answers). */
  rateLimitStore(): AttemptStoreState {
    return this.deps.attemptStore();
  }

  async isDatabaseUp(): Promise<boolean> {
    const timeout = new AbortController();
    try {
      await Promise.race([
        this.deps.repository.ping(),
        delay(PING_TIMEOUT_MS, undefined, { signal: timeout.signal }).then(() => {
          throw new Error(`no answer within ${PING_TIMEOUT_MS} ms`);
        }),
      ]);
      return true;
    } catch (error) {
      this.deps.log.warn({ err: error }, 'health check: database unavailable');
      return false;
    } finally {
      timeout.abort();
    }
  }
}
