import type { ReviewResult, StudyCard } from '@flashcard/api-contract';
import { useStudyText } from '../../../i18n';
import { RATING_KEYS } from '../sessionConfig';

interface RatingButtonsProps {
  card: StudyCard;
  ratings: ReviewResult[];
  disabled: boolean;
  onRate: (result: ReviewResult) => void;
}

export function RatingButtons({ card, ratings, disabled, onRate }: RatingButtonsProps) {
  const t = useStudyText();
  return (
    <div className="study-ratings" role="group" aria-label={t('session.rateGroup')}>
      {ratings.map((result, i) => {
        const label = t(`session.ratings.${RATING_KEYS[result]}`);
        // The interval is the server's text ('1d'), shown as it comes.
        const interval = card.preview?.[`${result}`]?.interval;
        return (
          <button
            key={result}
            type="button"
            className={`btn study-rating study-rating-${result}`}
            disabled={disabled}
            onClick={() => onRate(result)}
            aria-label={interval ? t('session.ratingWithInterval', { rating: label, interval }) : label}
            aria-keyshortcuts={String(i + 1)}
          >
            <span>{label}</span>
            {interval && <span className="study-interval">{interval}</span>}
          </button>
        );
      })}
    </div>
  );
}
