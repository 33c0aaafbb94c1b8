import { Link } from 'react-router-dom';
import { useCardsText } from '../../../i18n';

interface CardsListBarProps {
  /** How many cards match; said as filtered while a filter or a search applies. */
  count: number;
  isFiltered: boolean;
  /** The set filter's value ('' for none): the list can then be studied as that set. */
  studySet: string;
  /** A reload runs over the cards shown. */
  refreshing: boolean;
  /** "Select all shown", offered while cards are shown. */
  onSelectShown: (() => void) | null;
  onResetKnown: () => void;
  resetting: boolean;
}

/** The line above the cards: their count, and what can be done with the whole list. */
export function CardsListBar({
  count,
  isFiltered,
  studySet,
  refreshing,
  onSelectShown,
  onResetKnown,
  resetting,
}: CardsListBarProps) {
  const t = useCardsText();
  return (
    <div className="spread">
      <p className="muted cards-count" aria-live="polite">
        {t(isFiltered ? 'page.showingFiltered' : 'page.showing', { count })}
      </p>
      <div className="row">
        {/* The study area opens on this set: its counts, every mode. */}
        {studySet && (
          <Link className="btn btn-small btn-primary" to={`/study?set=${encodeURIComponent(studySet)}`}>
            {t('cardTile.studySet')}
          </Link>
        )}
        {refreshing && (
          <span className="muted" role="status">
            {t('page.updating')}
          </span>
        )}
        {onSelectShown && (
          <button type="button" className="btn btn-small" onClick={onSelectShown}>
            {t('page.selectAllShown')}
          </button>
        )}
        <button type="button" className="btn btn-small" onClick={onResetKnown} disabled={resetting}>
          {t('page.resetKnown')}
        </button>
      </div>
    </div>
  );
}
