// The outbox of cards created and edited offline. A change is queued with its key and the time it
// was made; `syncOutbox` sends them oldest first, one at a time, and deletes each once the server
// has it. A resend after a lost answer is harmless: a create's Idempotency-Key makes it once, and
// an edit the card already holds is answered as applied.
import type { Card, EditKept } from '@flashcard/api-contract';
import { cardsDatabase, type QueuedChange, type QueuedCreate, type QueuedEdit } from './cards-db';
import { failureKind } from '@flashcard/shared-ui';

export type { QueuedChange, QueuedCreate, QueuedEdit };

/** The send in flight per key: a change being sent is never rewritten (a later edit queues behind it). */
const sending = new Set<string>();

let lastLocalId = 0;
/** A page-unique negative id for a card the server has not seen yet. */
function nextLocalId(): number {
  lastLocalId = Math.max(Date.now(), lastLocalId + 1);
  return -lastLocalId;
}

async function openOutbox() {
  const db = await cardsDatabase();
  if (!db) throw new Error('This browser cannot keep cards offline');
  return db;
}

/** Queues a new card; answers the queued row (its `localId` is the card's id until it is sent). */
export async function queueCreate(
  change: Omit<QueuedCreate, 'kind' | 'seq' | 'localId'> & { localId?: number },
): Promise<QueuedCreate> {
  const db = await openOutbox();
  const tx = db.transaction('outbox', 'readwrite');
  const queued = await tx.store.index('byKey').get(change.idempotencyKey);
  // The same create again (a retry of one save): keep the first.
  if (queued?.kind === 'create') {
    await tx.done;
    return queued;
  }
  const row: QueuedCreate = { ...change, kind: 'create', localId: change.localId ?? nextLocalId() };
  row.seq = await tx.store.add(row);
  await tx.done;
  return row;
}

/**
 * Queues an edit. The learner's later edit of a card replaces an earlier one still waiting (the
 * form sends every field), and an edit of a card still waiting to be created goes into its create:
 * the server then sees one change per card, so an edit is never refused as older than the same
 * learner's own earlier one. A change being sent right now is left alone; this one queues behind it.
 */
export async function queueEdit(change: Omit<QueuedEdit, 'kind' | 'seq'>): Promise<void> {
  const db = await openOutbox();
  const tx = db.transaction('outbox', 'readwrite');
  const mine = await tx.store.index('byUser').getAll(change.userId);
  const pending = mine.filter((row) => !sending.has(row.idempotencyKey)).sort((a, b) => a.seq! - b.seq!);
  const create = pending.find((row) => row.kind === 'create' && row.localId === change.cardId);
  const edit = pending.findLast((row) => row.kind === 'edit' && row.cardId === change.cardId);
  if (create) await tx.store.put({ ...create, input: { ...create.input, ...change.input } });
  else if (edit) await tx.store.put({ ...edit, input: { ...edit.input, ...change.input }, editedAt: change.editedAt });
  else await tx.store.add({ ...change, kind: 'edit' });
  await tx.done;
}

/** The learner's queued changes, oldest first. */
export async function queuedChanges(userId: number): Promise<QueuedChange[]> {
  const db = await cardsDatabase();
  if (!db) return [];
  const rows = await db.getAllFromIndex('outbox', 'byUser', userId);
  return rows.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
}

/** The server's answer to one change: its card, and whose version that is. */
export interface SentChange {
  change: QueuedChange;
  card: Card;
  kept: EditKept;
}

export interface SyncOutcome {
  /** Changes the server took, in the order sent. */
  sent: SentChange[];
  /** Changes the server refused for good: they are out of the outbox. */
  refused: { change: QueuedChange; error: unknown }[];
  /** Why sending stopped before the outbox was empty, if it did. */
  stopped: 'network' | 'later' | null;
}

const running = new Map<number, Promise<SyncOutcome>>();

/**
 * Sends the learner's queued changes in the order they were made. One run per learner in the
 * page at a time (a second call gets the running one) and, where the browser has Web Locks, in
 * every tab: two tabs never send the same change at once.
 */
export function syncOutbox(
  userId: number,
  send: (change: QueuedChange) => Promise<{ card: Card; kept: EditKept }>,
): Promise<SyncOutcome> {
  const current = running.get(userId);
  if (current) return current;
  const work = () => drain(userId, send);
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  // The DOM types say a lock's promise holds the callback's promise; it holds what that settles to.
  const locked = locks ? locks.request(`flashcard-card-outbox-${userId}`, work).then((outcome) => outcome) : work();
  const run = locked.finally(() => running.delete(userId));
  running.set(userId, run);
  return run;
}

async function drain(
  userId: number,
  send: (change: QueuedChange) => Promise<{ card: Card; kept: EditKept }>,
): Promise<SyncOutcome> {
  const outcome: SyncOutcome = { sent: [], refused: [], stopped: null };
  const db = await cardsDatabase();
  if (!db) return outcome;
  // When this run wrote each card (the server's updated_at): an edit queued behind the learner's
  // own create or edit of the same card (made while that one was being sent) comes after it.
  const written = new Map<number, string>();
  for (;;) {
    const [next] = await queuedChanges(userId);
    if (!next) return outcome;
    let change = next;
    const ownWrite = change.kind === 'edit' ? written.get(change.cardId) : undefined;
    if (change.kind === 'edit' && ownWrite !== undefined && ownWrite > change.editedAt) {
      change = { ...change, editedAt: ownWrite };
    }
    sending.add(next.idempotencyKey);
    let stopped: 'network' | 'later' | null = null;
    try {
      const answer = await send(change);
      outcome.sent.push({ change: next, ...answer });
      written.set(answer.card.id, answer.card.updated_at);
      await forget(next, answer.card.id);
    } catch (error) {
      const kind = failureKind(error);
      if (kind === 'refused') {
        outcome.refused.push({ change: next, error });
        await forget(next, null);
      } else {
        stopped = kind;
      }
    } finally {
      sending.delete(next.idempotencyKey);
    }
    if (stopped) return { ...outcome, stopped };
  }

  /**
   * Takes a sent (or refused) change out of the outbox. A create's later edits, queued while it
   * was being sent, name its local id: they take the server's id (or go with a refused create).
   */
  async function forget(change: QueuedChange, serverId: number | null) {
    const tx = db!.transaction('outbox', 'readwrite');
    await tx.store.delete(change.seq!);
    if (change.kind === 'create') {
      for (const row of await tx.store.index('byUser').getAll(userId)) {
        if (row.kind !== 'edit' || row.cardId !== change.localId) continue;
        if (serverId === null) await tx.store.delete(row.seq!);
        else await tx.store.put({ ...row, cardId: serverId });
      }
    }
    await tx.done;
  }
}
