import { useState } from 'react';
import { cardsApi, type Category } from '@flashcard/api-contract';
import { useCardsText } from '../../../i18n';
import { downloadText, exportFileName } from '../download';
import { toastFailure } from '@flashcard/shared-ui';

/**
 * "Export CSV": downloads the cards of the set the list is filtered to (`setId`), or every card
 * when it is filtered to none, as a file named after the set.
 */
export function useExportCsv(setId: number | null, categories: Category[]) {
  const t = useCardsText();
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    const setName = setId === null ? null : (categories.find((c) => c.id === setId)?.name ?? String(setId));
    setExporting(true);
    try {
      const csv = await cardsApi.exportCsv(setId ?? undefined);
      downloadText(exportFileName(setName), csv);
    } catch (err) {
      toastFailure(t('messages.exportFailed'), err, { withReason: true });
    } finally {
      setExporting(false);
    }
  }

  return { exporting, exportCsv };
}
