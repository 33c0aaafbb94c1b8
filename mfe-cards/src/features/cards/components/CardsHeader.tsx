import type { Ref } from 'react';
import { useCardsText } from '../../../i18n';

interface CardsHeaderProps {
  onManageSets: () => void;
  onImport: () => void;
  onExport: () => void;
  /** An export is on its way: its button waits. */
  exporting: boolean;
  /** "Export Anki package (.apkg)", and whether it is on its way. */
  onExportApkg?: () => void;
  exportingApkg?: boolean;
  onAddCard: () => void;
  /** The "Add New Card" button, where focus goes when no card is left to take it. */
  addButton: Ref<HTMLButtonElement>;
}

/** The page's title and its actions: sets, import, export and a new card. */
export function CardsHeader({
  onManageSets,
  onImport,
  onExport,
  exporting,
  onExportApkg,
  exportingApkg = false,
  onAddCard,
  addButton,
}: CardsHeaderProps) {
  const t = useCardsText();
  return (
    <header className="page-header">
      <div>
        <h1>{t('page.title')}</h1>
        <p className="muted">{t('page.subtitle')}</p>
      </div>
      <div className="row">
        <button type="button" className="btn" onClick={onManageSets}>
          {t('page.manageSets')}
        </button>
        <button type="button" className="btn" onClick={onImport}>
          {t('page.import')}
        </button>
        <button type="button" className="btn" onClick={onExport} disabled={exporting}>
          {t('page.exportCsv')}
        </button>
        {onExportApkg && (
          <button type="button" className="btn" onClick={onExportApkg} disabled={exportingApkg}>
            {t('page.exportApkg')}
          </button>
        )}
        <button ref={addButton} type="button" className="btn btn-primary" onClick={onAddCard}>
          {t('page.addCard')}
        </button>
      </div>
    </header>
  );
}
