import type { ReviewResult, StudyCard } from '@flashcard/api-contract';
import { RATING_LABELS } from '../sessionConfig';

interface RatingButtonsProps {
  card: StudyCard;
  ratings: ReviewResult[];
  disabled: boolean;
  onRate: (result: ReviewResult) => void;
}

export function RatingButtons({ card, ratings, disabled, onRate }: RatingButtonsProps) {
  return (
    <div className="study-ratings" role="group" aria-label="Rate your answer">
      {ratings.map((result, i) => {
        const label = RATING_LABELS[result];
        const interval = card.preview?.[`${result}`]?.interval;
        return (
          <button
            key={result}
            type="button"
            className={`btn study-rating study-rating-${result}`}
            disabled={disabled}
            onClick={() => onRate(result)}
            aria-label={interval ? `${label}, next review in ${interval}` : label}
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
