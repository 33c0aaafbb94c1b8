import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { cardsApi } from '@flashcard/api-contract';
import { useCardsText } from '../../../i18n';
import { toastFailure } from '@flashcard/shared-ui';

/** "Reset known": every known mark undone at once, then the list loads again (`reload`). */
export function useResetKnown(reload: () => void) {
  const t = useCardsText();
  const [resetting, setResetting] = useState(false);

  async function resetKnown() {
    // Undoes every "known" mark at once and cannot be taken back: asked first, like a delete.
    if (!window.confirm(t('messages.confirmResetKnown'))) return;
    setResetting(true);
    try {
      const result = await cardsApi.resetKnown();
      const count = typeof result?.updated === 'number' ? result.updated : 0;
      toast.success(t('messages.resetKnown', { count }));
      reload();
    } catch (err) {
      toastFailure(t('messages.resetKnownFailed'), err, { withReason: true });
    } finally {
      setResetting(false);
    }
  }

  return { resetting, resetKnown };
}
