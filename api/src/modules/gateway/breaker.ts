// A circuit breaker per service, per API instance: a service that keeps failing is answered 503 at
// once instead of making every learner wait for its timeout, and is tried again by one call
// after a cool-down.
export type CircuitState = 'closed' | 'open' | 'half-open';

export interface BreakerPolicy {
  /** Failures in a row that open the circuit. */
  failures: number;
  /** How long an open circuit refuses before one call may try. */
  cooldownMs: number;
  /** A trial call that never reports back (its client went away) frees the trial after this. */
  trialTimeoutMs: number;
}

export interface BreakerView {
  circuit: CircuitState;
  consecutiveFailures: number;
  lastFailure: { at: string; reason: string } | null;
}

class Breaker {
  state: CircuitState = 'closed';
  failures = 0;
  openedAt = 0;
  trialStartedAt: number | null = null;
  lastFailure: { at: number; reason: string } | null = null;
}

/** What `admit` decided: go ahead (a trial when the circuit was open), or refuse. */
export type Admission = { admitted: true; trial: boolean } | { admitted: false; retryAfterMs: number };

export class CircuitBreakers {
  private readonly breakers = new Map<string, Breaker>();

  constructor(
    private readonly policy: BreakerPolicy,
    private readonly now: () => number,
  ) {}

  private of(service: string): Breaker {
    let breaker = this.breakers.get(service);
    if (!breaker) {
      breaker = new Breaker();
      this.breakers.set(service, breaker);
    }
    return breaker;
  }

  admit(service: string): Admission {
    const breaker = this.of(service);
    const now = this.now();
    if (breaker.state === 'closed') return { admitted: true, trial: false };
    if (breaker.state === 'open') {
      const left = breaker.openedAt + this.policy.cooldownMs - now;
      if (left > 0) return { admitted: false, retryAfterMs: left };
      breaker.state = 'half-open';
      breaker.trialStartedAt = now;
      return { admitted: true, trial: true };
    }
    // Half-open: one call at a time tries the service.
    if (breaker.trialStartedAt !== null && now - breaker.trialStartedAt < this.policy.trialTimeoutMs)
      return { admitted: false, retryAfterMs: this.policy.cooldownMs };
    breaker.trialStartedAt = now;
    return { admitted: true, trial: true };
  }

  succeeded(service: string): void {
    const breaker = this.of(service);
    breaker.state = 'closed';
    breaker.failures = 0;
    breaker.trialStartedAt = null;
  }

  failed(service: string, reason: string): void {
    const breaker = this.of(service);
    const now = this.now();
    breaker.failures += 1;
    breaker.lastFailure = { at: now, reason };
    breaker.trialStartedAt = null;
    if (breaker.state === 'half-open' || breaker.failures >= this.policy.failures) {
      breaker.state = 'open';
      breaker.openedAt = now;
    }
  }

  /** A call that ended without telling (its client went away): a trial it held is freed. */
  abandoned(service: string, trial: boolean): void {
    if (trial) this.of(service).trialStartedAt = null;
  }

  view(service: string): BreakerView {
    const breaker = this.breakers.get(service);
    if (!breaker) return { circuit: 'closed', consecutiveFailures: 0, lastFailure: null };
    // An open circuit past its cool-down lets the next call try: say so.
    const circuit =
      breaker.state === 'open' && this.now() - breaker.openedAt >= this.policy.cooldownMs ? 'half-open' : breaker.state;
    return {
      circuit,
      consecutiveFailures: breaker.failures,
      lastFailure: breaker.lastFailure
        ? { at: new Date(breaker.lastFailure.at).toISOString(), reason: breaker.lastFailure.reason }
        : null,
    };
  }

  forget(service: string): void {
    this.breakers.delete(service);
  }
}
