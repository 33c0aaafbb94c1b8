// The cards area's offline state, one per page: whether the network answers, the changes waiting
// in the outbox, and when the list on screen was saved. `syncChanges` sends the outbox (on load,
// when the browser comes back online, after each change queued while it says it is online).
import { toast } from 'react-hot-toast';
import { create } from 'zustand';
import { cardsApi } from '@flashcard/api-contract';
import { i18n, useAuthStore } from '@flashcard/shared-auth';
import { toastFailure } from '@flashcard/shared-ui';
import '../../i18n'; // registers the namespace of the toasts below
import { queuedChanges, syncOutbox, type QueuedChange, type SyncOutcome } from './change-outbox';
import { forgetLists, rememberCard } from './offline-list';

export interface OfflineCardsState {
  /** False from a network failure (or the browser saying so) until the browser is online again. */
  online: boolean;
  /** The signed-in learner's changes in the outbox, oldest first. */
  queued: QueuedChange[];
  /** When the list shown offline was saved (ms since epoch), null while the server's is shown. */
  savedAt: number | null;
}

export const useOfflineCards = create<OfflineCardsState>(() => ({
  online: typeof navigator === 'undefined' || navigator.onLine,
  queued: [],
  savedAt: null,
}));

/** A call failed for the network: say so until the browser reports it is online again. */
export function cardsOffline(savedAt: number | null = useOfflineCards.getState().savedAt): void {
  useOfflineCards.setState({ online: false, savedAt });
}

export const signedInUser = (): number | null => useAuthStore.getState().user?.id ?? null;

/** Whether a new change must queue behind others (offline, or changes still waiting). */
export function mustQueue(): boolean {
  const { online, queued } = useOfflineCards.getState();
  return !online || queued.length > 0;
}

export async function refreshQueued(): Promise<void> {
  const userId = signedInUser();
  useOfflineCards.setState({ queued: userId === null ? [] : await queuedChanges(userId) });
}

const listeners = new Set<(outcome: SyncOutcome) => void>();

/** Called after each sync that sent or dropped changes, with the server's answers (the list takes them). */
export function onSynced(listener: (outcome: SyncOutcome) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let syncing: Promise<SyncOutcome | null> | null = null;

/**
 * Sends the learner's waiting changes, oldest first. Each answer's card goes into the saved
 * list; an edit the server did not apply because the card changed later elsewhere, and changes
 * it refuses for good (the card was deleted meanwhile), are said in a toast each. A call while
 * one runs gets the running one (the `online` event and the list both ask).
 */
export function syncChanges(): Promise<SyncOutcome | null> {
  syncing ??= sync().finally(() => {
    syncing = null;
  });
  return syncing;
}

async function sync(): Promise<SyncOutcome | null> {
  const userId = signedInUser();
  if (userId === null) return null;
  const outcome = await syncOutbox(userId, async (change) => {
    let answer;
    if (change.kind === 'create') {
      answer = { card: await cardsApi.create(change.input, change.idempotencyKey), kept: 'edit' as const };
    } else {
      const { kept, ...card } = await cardsApi.update(change.cardId, { ...change.input, editedAt: change.editedAt });
      answer = { card, kept };
    }
    await rememberCard(userId, answer.card).catch(() => {});
    return answer;
  });
  const queued = await queuedChanges(userId);
  if (outcome.stopped === 'network') cardsOffline();
  else if (outcome.sent.length > 0) useOfflineCards.setState({ online: true, savedAt: null });
  const overruled = outcome.sent.filter((sent) => sent.kept === 'server').length;
  // Stays up a while: the learner may want to make the edit again.
  if (overruled > 0) toast.error(i18n.t('cards:offline.keptServer', { count: overruled }), { duration: 10_000 });
  if (outcome.refused.length > 0) {
    toastFailure(i18n.t('cards:offline.refused', { count: outcome.refused.length }), outcome.refused[0].error, {
      withReason: true,
    });
  }
  // The list takes the answers in the same render as the outbox loses those changes: no card
  // leaves the screen in between.
  if (outcome.sent.length > 0 || outcome.refused.length > 0) for (const listener of listeners) listener(outcome);
  useOfflineCards.setState({ queued });
  // A change queued just as the outbox emptied: send it too, once this run is over.
  if (outcome.stopped === null && queued.length > 0) setTimeout(() => void syncChanges(), 0);
  return outcome;
}

let watching = false;

/**
 * Once per page: sync when the browser comes back online, and keep no other learner's saved
 * list, from the start (one who signed out where this area never ran) and whenever the learner
 * changes or signs out.
 */
export function watchConnectivity(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  const userId = signedInUser();
  if (userId !== null) void forgetLists(userId).catch(() => {});
  window.addEventListener('online', () => {
    useOfflineCards.setState({ online: true });
    void syncChanges();
  });
  window.addEventListener('offline', () => useOfflineCards.setState({ online: false }));
  useAuthStore.subscribe((state, before) => {
    const userId = state.user?.id ?? null;
    if (userId === (before.user?.id ?? null)) return;
    void forgetLists(userId);
    void refreshQueued();
  });
}
