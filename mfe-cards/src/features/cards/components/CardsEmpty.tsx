import { useCardsText } from '../../../i18n';

interface CardsEmptyProps {
  /** A filter or a search applies: nothing matches it (else the learner has no card yet). */
  isFiltered: boolean;
  onShowAll: () => void;
  onCreateFirst: () => void;
}

/** What the list says when it shows no card: nothing matches, or nothing made yet. */
export function CardsEmpty({ isFiltered, onShowAll, onCreateFirst }: CardsEmptyProps) {
  const t = useCardsText();
  if (isFiltered)
    return (
      <div className="card empty-state stack">
        <h2>{t('page.noMatch')}</h2>
        <div>
          <button type="button" className="btn" onClick={onShowAll}>
            {t('page.showAll')}
          </button>
        </div>
      </div>
    );
  return (
    <div className="card empty-state stack">
      <h2>{t('page.emptyTitle')}</h2>
      <p className="muted">{t('page.emptyText')}</p>
      <div>
        <button type="button" className="btn btn-primary" onClick={onCreateFirst}>
          {t('page.createFirst')}
        </button>
      </div>
    </div>
  );
}

interface CardsLoadFailedProps {
  /** The failed request was a search. */
  search: boolean;
  onRetry: () => void;
}

/** The list could not be loaded (the toast said so too): try again. */
export function CardsLoadFailed({ search, onRetry }: CardsLoadFailedProps) {
  const t = useCardsText();
  return (
    <div className="card empty-state stack">
      <p>{search ? t('page.searchFailed') : t('page.loadFailed')}</p>
      <div>
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          {t('page.tryAgain')}
        </button>
      </div>
    </div>
  );
}
