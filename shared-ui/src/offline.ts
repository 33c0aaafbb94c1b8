// What every area that works offline needs alike: a key that makes a resent write count once,
// and what a failed call means for it (wait for the network, try later, or give up).

/**
 * A random UUID v4 for the Idempotency-Key header. `crypto.randomUUID` exists only in secure
 * contexts (https, localhost); a plain-http deployment still has `getRandomValues`.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 4122 variant
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Why a call failed, for a write waiting in an outbox: the network (no answer: try again when
 * online), the server for now (5xx, 429, a lost race, an expired session, a timeout: try again
 * later), or a refusal no resend changes (the card was deleted, the write is too old): it leaves
 * the outbox and is reported. Anything but the client's failure (a bug) is kept for later: a
 * learner's work is never dropped for one.
 */
export function failureKind(error: unknown): 'network' | 'later' | 'refused' {
  if (typeof error !== 'object' || error === null || !('isAxiosError' in error)) return 'later';
  const { response } = error as { response?: { status: number } };
  if (!response) return 'network';
  const { status } = response;
  if (status >= 500 || status === 429 || status === 409 || status === 401 || status === 408) return 'later';
  return 'refused';
}
