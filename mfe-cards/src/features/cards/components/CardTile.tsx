import { memo } from 'react';
import type { Card } from '@flashcard/api-contract';
import { difficultyLabel } from '../difficulty';
import { splitTags } from '../format';

interface CardTileProps {
  card: Card;
  selected: boolean;
  /** The known toggle of this card is waiting for the server. */
  pending: boolean;
  onEdit: (card: Card) => void;
  onDelete: (card: Card) => void;
  onToggleKnown: (card: Card) => void;
  onToggleSelected: (id: number) => void;
}

// Memoised: with thousands of cards a change to one card (or the selection) re-renders one tile.
export const CardTile = memo(function CardTile({
  card,
  selected,
  pending,
  onEdit,
  onDelete,
  onToggleKnown,
  onToggleSelected,
}: CardTileProps) {
  const tags = splitTags(card.tags);
  const setName = card.category_name ?? card.category;
  const context = [card.college, card.class_name].filter(Boolean).join(' · ');
  return (
    <li className={`card cards-tile${selected ? ' is-selected' : ''}`}>
      <div className="cards-tile-top">
        <input
          type="checkbox"
          className="cards-tile-select"
          checked={selected}
          onChange={() => onToggleSelected(card.id)}
          aria-label={`Select card: ${card.question}`}
        />
        <h3 className="cards-tile-question">{card.question}</h3>
      </div>
      <div className="cards-tile-answer">
        <span className="visually-hidden">Answer: </span>
        {card.answer}
      </div>
      <div className="row cards-tile-badges">
        <span className={`badge cards-difficulty-${card.difficulty_level}`}>{difficultyLabel(card.difficulty_level)}</span>
        {setName && <span className="badge cards-badge-set">{`Set: ${setName}`}</span>}
        {card.known && <span className="badge cards-badge-known">Known</span>}
      </div>
      {tags.length > 0 && (
        <p className="cards-tile-tags">
          <span className="visually-hidden">Tags: </span>
          {tags.map((tag, i) => (
            <span key={`${tag}-${i}`} className="cards-tag">
              {tag}
            </span>
          ))}
        </p>
      )}
      {context && <p className="muted cards-tile-context">{context}</p>}
      <div className="row cards-tile-actions">
        <button type="button" className="btn btn-small" onClick={() => onEdit(card)} aria-label={`Edit card: ${card.question}`}>
          Edit
        </button>
        <button
          type="button"
          className="btn btn-small btn-danger"
          onClick={() => onDelete(card)}
          aria-label={`Delete card: ${card.question}`}
        >
          Delete
        </button>
        <button
          type="button"
          className="btn btn-small"
          onClick={() => onToggleKnown(card)}
          disabled={pending}
          aria-label={`${card.known ? 'Mark unknown' : 'Mark known'}: ${card.question}`}
        >
          {card.known ? 'Mark unknown' : 'Mark known'}
        </button>
      </div>
    </li>
  );
});
