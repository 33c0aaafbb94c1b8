import { useState } from 'react';
import { cardsApi, type Category } from '@flashcard/api-contract';
import { toastFailure } from '@flashcard/shared-ui';
import { useCardsText } from '../../../i18n';
import { downloadBlob, exportFileName } from '../download';

/**
 * "Export Anki package (.apkg)": downloads the notes of the set the list is filtered to
 * (`setId`), or all of them, as a package Anki and our own import read.
 */
export function useExportApkg(setId: number | null, categories: Category[]) {
  const t = useCardsText();
  const [exporting, setExporting] = useState(false);

  async function exportApkg() {
    const setName = setId === null ? null : (categories.find((c) => c.id === setId)?.name ?? String(setId));
    setExporting(true);
    try {
      const data = await cardsApi.exportApkg(setId ?? undefined);
      downloadBlob(exportFileName(setName).replace(/\.csv$/, '.apkg'), data);
    } catch (err) {
      toastFailure(t('messages.exportFailed'), err, { withReason: true });
    } finally {
      setExporting(false);
    }
  }

  return { exportingApkg: exporting, exportApkg };
}
