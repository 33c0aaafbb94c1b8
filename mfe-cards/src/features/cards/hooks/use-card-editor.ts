import { useCallback, useState } from 'react';
import { toast } from 'react-hot-toast';
import { cardsApi, type Card, type CardInput } from '@flashcard/api-contract';
import { failureKind, newIdempotencyKey, toastFailure } from '@flashcard/shared-ui';
import { useCardsText } from '../../../i18n';
import { queueCreate, queueEdit } from '../../offline/change-outbox';
import { cardsOffline, mustQueue, refreshQueued, signedInUser, syncChanges } from '../../offline/offline-cards';

/** The card the modal edits; `{}` for a new card, null when the modal is closed. */
export type Editing = { card?: Card } | null;

interface CardEditorOptions {
  /** Shows a new card first in the list. */
  prepend: (card: Card) => void;
  /** Puts an edited card in place. */
  replace: (card: Card) => void;
  /** Loads the list again (a note whose cards changed). */
  reload: () => void;
  /** After any save: a new college or class becomes a filter choice. */
  saved: () => void;
}

/**
 * When an edit of `card` is made, for the server's later-change-wins rule: now, and never before
 * the version the learner edited (a clock behind the server's must not make the learner's own
 * edit lose to the change it was made on).
 */
function editTime(card: Card): string {
  const seen = Date.parse(card.updated_at);
  return new Date(Math.max(Date.now(), Number.isNaN(seen) ? 0 : seen + 1)).toISOString();
}

/**
 * The card modal: which card it is open on, and saving it. A save closes the modal; a failed
 * one toasts and rejects, so the modal stays open with what was typed.
 *
 * Offline (a call got no answer, or changes already wait), a save goes into the outbox with its
 * key and time instead and shows in the list at once; it is sent in order once the network
 * answers. A card still waiting to be created is edited in the outbox.
 */
export function useCardEditor({ prepend, replace, reload, saved }: CardEditorOptions) {
  const t = useCardsText();
  const [editing, setEditing] = useState<Editing>(null);

  const openNew = useCallback(() => setEditing({}), []);
  const openEdit = useCallback((card: Card) => setEditing({ card }), []);
  const close = useCallback(() => setEditing(null), []);

  /** Puts a change in the outbox; the list shows it from there. */
  async function queue(write: (userId: number) => Promise<unknown>, done: 'savedCreate' | 'savedEdit', failed: string) {
    const userId = signedInUser();
    try {
      if (userId === null) throw new Error('No learner to keep the change for');
      await write(userId);
    } catch (err) {
      toastFailure(failed, err);
      throw err;
    }
    await refreshQueued();
    toast.success(t(`offline.${done}`));
    setEditing(null);
    if (navigator.onLine) void syncChanges();
  }

  async function create(input: CardInput) {
    // Every create carries a key: one whose answer is lost is queued and resent as the same create.
    const idempotencyKey = newIdempotencyKey();
    const queueIt = () =>
      queue(
        (userId) => queueCreate({ userId, idempotencyKey, input, editedAt: new Date().toISOString() }),
        'savedCreate',
        t('messages.createFailed'),
      );
    if (mustQueue()) return queueIt();
    try {
      const created = await cardsApi.create(input, idempotencyKey);
      // A reversed or cloze note makes several cards: the list reloads to show them all.
      if (created.kind === 'basic') prepend(created);
      else reload();
      toast.success(t('messages.created'));
      setEditing(null);
      saved();
    } catch (err) {
      if (failureKind(err) === 'network') {
        cardsOffline();
        return queueIt();
      }
      toastFailure(t('messages.createFailed'), err);
      throw err;
    }
  }

  async function update(before: Card, input: CardInput) {
    const queueIt = () =>
      queue(
        (userId) =>
          queueEdit({
            userId,
            idempotencyKey: newIdempotencyKey(),
            cardId: before.id,
            input,
            editedAt: editTime(before),
          }),
        'savedEdit',
        t('messages.updateFailed'),
      );
    // A card waiting to be created (a local, negative id) has nothing on the server to edit yet.
    if (before.id < 0 || mustQueue()) return queueIt();
    try {
      // Sent now: the server's clock says when (no editedAt), so it is the latest change.
      const { kept: _kept, ...updated } = await cardsApi.update(before.id, input);
      // An edit covers the whole note: its other cards changed too (and a cloze may add or drop cards).
      if (updated.kind === 'basic' && before.kind === 'basic') replace(updated);
      else reload();
      toast.success(t('messages.updated'));
      setEditing(null);
      saved();
    } catch (err) {
      if (failureKind(err) === 'network') {
        cardsOffline();
        return queueIt();
      }
      toastFailure(t('messages.updateFailed'), err);
      throw err;
    }
  }

  /** The modal's submit: updates the card it is open on, or creates one. */
  const submit = (input: CardInput) => (editing?.card ? update(editing.card, input) : create(input));

  return { editing, openNew, openEdit, close, submit };
}
