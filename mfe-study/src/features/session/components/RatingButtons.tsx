import { Fragment, useId } from 'react';
import type { ReviewResult, StudyCard } from '@flashcard/api-contract';
import { useStudyText } from '../../../i18n';
import { RATING_KEYS } from '../session-config';

interface RatingButtonsProps {
  card: StudyCard;
  ratings: ReviewResult[];
  disabled: boolean;
  onRate: (result: ReviewResult) => void;
}

export function RatingButtons({ card, ratings, disabled, onRate }: RatingButtonsProps) {
  const t = useStudyText();
  const idPrefix = useId();
  return (
    <div className="study-ratings" role="group" aria-label={t('session.rateGroup')}>
      {ratings.map((result, i) => {
        const label = t(`session.ratings.${RATING_KEYS[result]}`);
        // The interval is the server's text ('1d'), shown as it comes.
        const interval = card.preview?.[`${result}`]?.interval;
        const descriptionId = `${idPrefix}-${result}`;
        // The name is what the button shows ('Good 1d': a voice command says what it sees, WCAG
        // 2.5.3); the sentence saying what the interval means is its description.
        return (
          <Fragment key={result}>
            <button
              type="button"
              className={`btn study-rating study-rating-${result}`}
              disabled={disabled}
              onClick={() => onRate(result)}
              aria-describedby={interval ? descriptionId : undefined}
              aria-keyshortcuts={String(i + 1)}
            >
              <span>{label}</span> {interval && <span className="study-interval">{interval}</span>}
            </button>
            {interval && (
              <span id={descriptionId} hidden>
                {t('session.ratingWithInterval', { rating: label, interval })}
              </span>
            )}
          </Fragment>
        );
      })}
    </div>
  );
}
