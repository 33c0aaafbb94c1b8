// What the console shows of a service's recent calls: how many, how many failed and how long
// they took (p95), over the last few minutes, as this API instance saw them (like its circuit
// breaker; /metrics has the same counts since start for a scraper to combine across instances).
import type { ServiceTraffic as TrafficView } from '@flashcard/api-contract/schemas';

/** The window the console's figures cover. */
export const TRAFFIC_WINDOW_MS = 5 * 60_000;
/** Calls remembered per service: beyond it the oldest go (a busy service's p95 is of its latest calls). */
const MAX_SAMPLES = 5_000;

interface Sample {
  at: number;
  ms: number;
  failed: boolean;
}

export class ServiceTraffic {
  private readonly samples = new Map<string, Sample[]>();

  constructor(private readonly now: () => number) {}

  /** One call answered: its time in milliseconds, and whether it failed (the gateway's refusals included). */
  record(service: string, ms: number, failed: boolean): void {
    const list = this.samples.get(service) ?? [];
    list.push({ at: this.now(), ms, failed });
    if (list.length > MAX_SAMPLES) list.splice(0, list.length - MAX_SAMPLES);
    this.samples.set(service, list);
  }

  view(service: string): TrafficView {
    const since = this.now() - TRAFFIC_WINDOW_MS;
    const recent = (this.samples.get(service) ?? []).filter((sample) => sample.at > since);
    this.samples.set(service, recent);
    const failures = recent.filter((sample) => sample.failed).length;
    const times = recent.map((sample) => sample.ms).sort((a, b) => a - b);
    return {
      windowSeconds: TRAFFIC_WINDOW_MS / 1000,
      requests: recent.length,
      requestsPerMinute: Math.round((recent.length / (TRAFFIC_WINDOW_MS / 60_000)) * 10) / 10,
      errorRate: recent.length ? Math.round((failures / recent.length) * 1000) / 10 : null,
      p95Ms: times.length ? Math.round(times[Math.ceil(times.length * 0.95) - 1]!) : null,
    };
  }

  forget(service: string): void {
    this.samples.delete(service);
  }
}
