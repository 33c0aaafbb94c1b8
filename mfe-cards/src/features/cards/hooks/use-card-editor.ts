import { useCallback, useState } from 'react';
import { toast } from 'react-hot-toast';
import { cardsApi, type Card, type CardInput } from '@flashcard/api-contract';
import { useCardsText } from '../../../i18n';
import { toastFailure } from '@flashcard/shared-ui';

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
 * The card modal: which card it is open on, and saving it. A save closes the modal; a failed
 * one toasts and rejects, so the modal stays open with what was typed.
 */
export function useCardEditor({ prepend, replace, reload, saved }: CardEditorOptions) {
  const t = useCardsText();
  const [editing, setEditing] = useState<Editing>(null);

  const openNew = useCallback(() => setEditing({}), []);
  const openEdit = useCallback((card: Card) => setEditing({ card }), []);
  const close = useCallback(() => setEditing(null), []);

  async function create(input: CardInput) {
    try {
      const created = await cardsApi.create(input);
      // A reversed or cloze note makes several cards: the list reloads to show them all.
      if (created.kind === 'basic') prepend(created);
      else reload();
      toast.success(t('messages.created'));
      setEditing(null);
      saved();
    } catch (err) {
      toastFailure(t('messages.createFailed'), err);
      throw err;
    }
  }

  async function update(before: Card, input: CardInput) {
    try {
      const { kept: _kept, ...updated } = await cardsApi.update(before.id, input);
      // An edit covers the whole note: its other cards changed too (and a cloze may add or drop cards).
      if (updated.kind === 'basic' && before.kind === 'basic') replace(updated);
      else reload();
      toast.success(t('messages.updated'));
      setEditing(null);
      saved();
    } catch (err) {
      toastFailure(t('messages.updateFailed'), err);
      throw err;
    }
  }

  /** The modal's submit: updates the card it is open on, or creates one. */
  const submit = (input: CardInput) => (editing?.card ? update(editing.card, input) : create(input));

  return { editing, openNew, openEdit, close, submit };
}
