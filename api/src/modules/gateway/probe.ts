// A service's reachability, asked when its health is read: one GET on its base address with a
// short deadline, so a health read never waits on a stuck service.
import type { ServiceHealth } from '@flashcard/api-contract/schemas';

export type ProbeResult = ServiceHealth['probe'];

export const PROBE_TIMEOUT_MS = 2_000;

export async function probeService(url: string, timeoutMs = PROBE_TIMEOUT_MS): Promise<ProbeResult> {
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  try {
    const response = await fetch(`${url}/`, {
      method: 'GET',
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    // Only the status matters; the body is dropped without being read.
    await response.body?.cancel();
    return { reachable: true, ok: response.status < 500, status: response.status, latencyMs: latency(), error: null };
  } catch (caught) {
    const error = caught as Error & { cause?: { code?: string } };
    const reason =
      error.name === 'TimeoutError'
        ? `no answer within ${timeoutMs} ms`
        : error.cause?.code === 'ECONNREFUSED'
          ? 'connection refused'
          : (error.cause?.code ?? error.message);
    return { reachable: false, ok: false, status: null, latencyMs: latency(), error: reason };
  }
}
