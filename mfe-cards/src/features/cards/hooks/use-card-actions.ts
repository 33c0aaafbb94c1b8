import { useCallback, useState } from 'react';
import { toast } from 'react-hot-toast';
import { cardsApi, spacedRepetitionApi, type Card } from '@flashcard/api-contract';
import { useCardsText } from '../../../i18n';
import { toastFailure } from '@flashcard/shared-ui';

/** What a tile's study buttons ask for. */
type TileAction = 'suspend' | 'unsuspend' | 'bury';

interface CardActionsOptions {
  /** Puts the server's answer for a changed card in place. */
  replace: (card: Card) => void;
  /** Takes a deleted card off the screen, with the rest of its note (the server deletes the note whole). */
  removed: (id: number, card?: Card) => void;
}

/**
 * What a tile's buttons do: delete (asked first), mark known or unknown, suspend, unsuspend or
 * bury. Each updates the list in place; a failure toasts and changes nothing. The callbacks stay
 * the same while their options do, so the memoised tiles do not re-render.
 */
export function useCardActions({ replace, removed }: CardActionsOptions) {
  const t = useCardsText();
  // The cards whose known toggle waits for the server (their button is disabled meanwhile).
  const [pendingKnown, setPendingKnown] = useState<ReadonlySet<number>>(() => new Set());

  const deleteCard = useCallback(
    async (card: Card) => {
      // The server deletes the whole note: the question says so when the note has other cards.
      const question =
        card.kind === 'reversed'
          ? t('browser.confirmDeleteReversed')
          : card.kind === 'cloze'
            ? t('browser.confirmDeleteCloze')
            : t('messages.confirmDelete');
      if (!window.confirm(question)) return;
      try {
        await cardsApi.remove(card.id);
        removed(card.id, card);
        toast.success(t('messages.deleted'));
      } catch (err) {
        toastFailure(t('messages.deleteFailed'), err);
      }
    },
    [removed, t],
  );

  const toggleKnown = useCallback(
    async (card: Card) => {
      setPendingKnown((current) => new Set(current).add(card.id));
      try {
        const updated = card.known ? await cardsApi.markUnknown(card.id) : await cardsApi.markKnown(card.id);
        replace(updated);
      } catch (err) {
        toastFailure(t('messages.updateFailed'), err);
      } finally {
        setPendingKnown((current) => {
          const next = new Set(current);
          next.delete(card.id);
          return next;
        });
      }
    },
    [replace, t],
  );

  const cardAction = useCallback(
    async (card: Card, action: TileAction) => {
      try {
        const { card: updated } = await spacedRepetitionApi.cardAction(card.id, action);
        replace(updated);
      } catch (err) {
        toastFailure(t('cardTile.actionFailed'), err);
      }
    },
    [replace, t],
  );

  return { pendingKnown, deleteCard, toggleKnown, cardAction };
}
