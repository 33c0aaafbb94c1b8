import { useCallback } from 'react';
import { toast } from 'react-hot-toast';
import { cardsApi, type Card, type Category } from '@flashcard/api-contract';
import { useCardsText } from '../../../i18n';
import { toastFailure } from '@flashcard/shared-ui';

interface MoveToSetOptions {
  /** The ticked cards the list shows: what is moved. */
  ids: number[];
  categories: Category[];
  /** Changes the listed cards in place (useCards' `patch`). */
  patch: (which: (card: Card) => boolean, change: (card: Card) => Card) => void;
  /** Unticks every card once they are moved. */
  moved: () => void;
}

/** The selection toolbar's move: into a set, or (`null`) out of any set; the cards change in place. */
export function useMoveToSet({ ids, categories, patch, moved }: MoveToSetOptions) {
  const t = useCardsText();
  return useCallback(
    async (setId: number | null) => {
      const target = setId === null ? null : categories.find((c) => c.id === setId);
      try {
        const result = await cardsApi.moveToSet(ids, setId);
        const movedIds = new Set(ids);
        const name = target?.name ?? null;
        patch(
          (c) => movedIds.has(c.id),
          (c) => ({ ...c, category_id: setId, category_name: name, category: name }),
        );
        moved();
        const count = typeof result?.moved === 'number' ? result.moved : ids.length;
        toast.success(name ? t('messages.moved', { count, name }) : t('messages.movedOut', { count }));
      } catch (err) {
        toastFailure(t('messages.moveFailed'), err, { withReason: true });
      }
    },
    [ids, categories, patch, moved, t],
  );
}
