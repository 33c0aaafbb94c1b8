// The outbox of ratings made offline. A rating is queued with its Idempotency-Key and the time
// it was made; `syncOutbox` sends them oldest first, one at a time, and deletes each once the
// server has it. A resend after a lost answer is harmless: the server applies one key once.
import type { ReviewResponse } from '@flashcard/api-contract';
import { studyDatabase, type QueuedReview } from './study-db';
import { failureKind } from '@flashcard/shared-ui';

export type { QueuedReview };

export async function enqueueReview(review: QueuedReview): Promise<void> {
  const db = await studyDatabase();
  if (!db) throw new Error('This browser cannot keep reviews offline');
  // Another submit of the same key (a retry of the same rating) is already queued: keep the first.
  if (await db.getKeyFromIndex('outbox', 'byKey', review.idempotencyKey)) return;
  await db.add('outbox', { ...review });
}

/** The learner's queued ratings, oldest first. */
export async function queuedReviews(userId: number): Promise<QueuedReview[]> {
  const db = await studyDatabase();
  if (!db) return [];
  const rows = await db.getAllFromIndex('outbox', 'byUser', userId);
  return rows.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
}

/** The send in flight per Idempotency-Key: an undo waits for it instead of racing it. */
const sending = new Map<string, Promise<unknown>>();

/**
 * Takes a queued rating back (undo before it was sent); false when it is no longer queued. A
 * rating being sent right now is waited for: it is then sent, and the undo belongs to the server.
 */
export async function withdrawReview(idempotencyKey: string): Promise<boolean> {
  await sending.get(idempotencyKey)?.catch(() => {});
  const db = await studyDatabase();
  if (!db) return false;
  const tx = db.transaction('outbox', 'readwrite');
  const seq = await tx.store.index('byKey').getKey(idempotencyKey);
  if (seq !== undefined) await tx.store.delete(seq);
  await tx.done;
  return seq !== undefined;
}

export interface SyncOutcome {
  /** Ratings the server took, in the order sent, with its answer. */
  sent: { review: QueuedReview; response: ReviewResponse }[];
  /** Ratings the server refused for good: they are out of the outbox. */
  refused: { review: QueuedReview; error: unknown }[];
  /** Why sending stopped before the outbox was empty, if it did. */
  stopped: 'network' | 'later' | null;
}

const running = new Map<number, Promise<SyncOutcome>>();

/**
 * Sends the learner's queued ratings in the order they were made. One run per learner in the page
 * at a time (a second call gets the running one) and, where the browser has Web Locks, in every
 * tab: two tabs never send the same rating at once.
 */
export function syncOutbox(
  userId: number,
  send: (review: QueuedReview) => Promise<ReviewResponse>,
): Promise<SyncOutcome> {
  const current = running.get(userId);
  if (current) return current;
  const work = () => drain(userId, send);
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  // The DOM types say a lock's promise holds the callback's promise; it holds what that settles to.
  const locked = locks ? locks.request(`flashcard-review-outbox-${userId}`, work).then((outcome) => outcome) : work();
  const run = locked.finally(() => running.delete(userId));
  running.set(userId, run);
  return run;
}

async function drain(userId: number, send: (review: QueuedReview) => Promise<ReviewResponse>): Promise<SyncOutcome> {
  const outcome: SyncOutcome = { sent: [], refused: [], stopped: null };
  const db = await studyDatabase();
  if (!db) return outcome;
  // Read again after each send: an undo may have withdrawn a later rating meanwhile.
  for (;;) {
    const [next] = await queuedReviews(userId);
    if (!next) return outcome;
    const attempt = send(next).then(
      async (response) => {
        outcome.sent.push({ review: next, response });
        await db.delete('outbox', next.seq!);
        return null;
      },
      async (error: unknown) => {
        const kind = failureKind(error);
        if (kind !== 'refused') return kind;
        outcome.refused.push({ review: next, error });
        await db.delete('outbox', next.seq!);
        return null;
      },
    );
    sending.set(next.idempotencyKey, attempt);
    const stopped = await attempt.finally(() => sending.delete(next.idempotencyKey));
    if (stopped) return { ...outcome, stopped };
  }
}
