import { useCallback, useState } from 'react';
import { toast } from 'react-hot-toast';
import { cardsApi, type BulkAction, type Card } from '@flashcard/api-contract';
import { toastFailure } from '@flashcard/shared-ui';
import { useCardsText } from '../../../i18n';

/** What the bar asks for; move goes through useMoveToSet (its set's name shows in the cards). */
export type BarAction = Exclude<BulkAction, 'move'>;

interface BulkActionsOptions {
  /** The ticked cards the list shows: what the action applies to. */
  ids: number[];
  /** Changes the listed cards in place (useCards' `patch`). */
  patch: (which: (card: Card) => boolean, change: (card: Card) => Card) => void;
  /** Takes deleted cards off the list (every card of their notes). */
  removeMany: (ids: readonly number[]) => void;
  /** Loads the list again (tags and schedules are the server's to compute). */
  reload: () => void;
  /** Unticks every card once the action is done. */
  done: () => void;
}

/**
 * The bulk bar's actions on the ticked cards, one POST /cards/bulk each: delete and reset are
 * asked first (the question says how many); the list follows the server's answer.
 */
export function useBulkActions({ ids, patch, removeMany, reload, done }: BulkActionsOptions) {
  const t = useCardsText();
  const [running, setRunning] = useState<BarAction | null>(null);

  const run = useCallback(
    async (action: BarAction, tags: string[] = []): Promise<boolean> => {
      const count = ids.length;
      if (action === 'delete' && !window.confirm(t('browser.confirmDelete', { count }))) return false;
      if (action === 'reset' && !window.confirm(t('browser.confirmReset', { count }))) return false;
      setRunning(action);
      try {
        const result = await cardsApi.bulk({ ids, action, ...(tags.length ? { tags } : {}) });
        if (action === 'delete') removeMany(result.deletedIds);
        else if (action === 'suspend' || action === 'unsuspend') {
          const changed = new Set(ids);
          patch(
            (card) => changed.has(card.id),
            (card) => ({ ...card, suspended: action === 'suspend' }),
          );
        } else reload();
        done();
        toast.success(t(`browser.done.${action}`, { count: result.changed }));
        return true;
      } catch (err) {
        toastFailure(t('browser.failed'), err, { withReason: true });
        return false;
      } finally {
        setRunning(null);
      }
    },
    [ids, patch, removeMany, reload, done, t],
  );

  return { running, run };
}
