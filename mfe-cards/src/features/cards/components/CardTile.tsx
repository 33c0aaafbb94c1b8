import { memo, useId, useLayoutEffect, useRef, useState } from 'react';
import type { Card } from '@flashcard/api-contract';
import { useCardsText } from '../../../i18n';
import { difficultyKey } from '../difficulty';
import { splitTags } from '../format';

/** Lines a tile shows before "Show more" (the CSS clamps match: .cards-tile-question / -answer). */
export const QUESTION_LINES = 3;
export const ANSWER_LINES = 5;
/** Characters of the narrowest tile's line (260px of ~8px characters, less padding). */
const CHARS_PER_LINE = 28;

/** Lines `text` takes in the narrowest tile, counting its own line breaks (kept: pre-wrap). */
export function estimatedLines(text: string): number {
  return text.split('\n').reduce((sum, line) => sum + Math.max(1, Math.ceil(line.length / CHARS_PER_LINE)), 0);
}

/** Whether a clamped text really hides something, once laid out (a wide tile may fit it all). */
function overflows(el: HTMLElement | null): boolean {
  // Unmeasured (jsdom, display:none): keep the estimate.
  if (!el || el.clientHeight === 0) return true;
  return el.scrollHeight > el.clientHeight + 1;
}

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
  const t = useCardsText();
  const tags = splitTags(card.tags);
  const setName = card.category_name ?? card.category;
  const context = [card.college, card.class_name].filter(Boolean).join(' · ');

  // A long question or answer is clamped (the cut line ends in "…") with a Show more toggle, so
  // the tile says it continues instead of hiding the rest in a scroll box.
  const bodyId = useId();
  const questionRef = useRef<HTMLHeadingElement>(null);
  const answerRef = useRef<HTMLDivElement>(null);
  const long = estimatedLines(card.question) > QUESTION_LINES || estimatedLines(card.answer) > ANSWER_LINES;
  const [expanded, setExpanded] = useState(false);
  const [fits, setFits] = useState(false);
  useLayoutEffect(() => {
    if (!long || expanded) return;
    const measure = () => setFits(!overflows(questionRef.current) && !overflows(answerRef.current));
    measure();
    // The grid reflows with the window: a tile that fitted may be cut now, and the other way round.
    if (typeof ResizeObserver === 'undefined' || !answerRef.current) return;
    const observer = new ResizeObserver(measure);
    observer.observe(answerRef.current);
    return () => observer.disconnect();
  }, [long, expanded, card.question, card.answer]);
  const clamped = long && !expanded;
  const showToggle = long && !(fits && !expanded);

  return (
    <li className={`card cards-tile${selected ? ' is-selected' : ''}`}>
      <div className="cards-tile-top">
        <input
          type="checkbox"
          className="cards-tile-select"
          checked={selected}
          onChange={() => onToggleSelected(card.id)}
          aria-label={t('tile.selectLabel', { question: card.question })}
        />
        <h3 ref={questionRef} id={`${bodyId}-q`} className={`cards-tile-question${clamped ? ' is-clamped' : ''}`}>
          {card.question}
        </h3>
      </div>
      <div ref={answerRef} id={`${bodyId}-a`} className={`cards-tile-answer${clamped ? ' is-clamped' : ''}`}>
        <span className="visually-hidden">{t('tile.answerPrefix')}</span>
        {card.answer}
      </div>
      {showToggle && (
        <button
          type="button"
          className="cards-tile-more"
          aria-expanded={expanded}
          aria-controls={`${bodyId}-q ${bodyId}-a`}
          aria-label={t(expanded ? 'tile.showLessLabel' : 'tile.showMoreLabel', { question: card.question })}
          onClick={() => setExpanded((e) => !e)}
        >
          {expanded ? t('tile.showLess') : t('tile.showMore')}
        </button>
      )}
      <div className="row cards-tile-badges">
        <span className={`badge cards-difficulty-${card.difficulty_level}`}>{t(`difficulty.${difficultyKey(card.difficulty_level)}`)}</span>
        {setName && <span className="badge cards-badge-set">{t('tile.set', { name: setName })}</span>}
        {card.known && <span className="badge cards-badge-known">{t('tile.known')}</span>}
      </div>
      {tags.length > 0 && (
        <p className="cards-tile-tags">
          <span className="visually-hidden">{t('tile.tagsPrefix')}</span>
          {tags.map((tag, i) => (
            <span key={`${tag}-${i}`} className="cards-tag">
              {tag}
            </span>
          ))}
        </p>
      )}
      {context && <p className="muted cards-tile-context">{context}</p>}
      <div className="row cards-tile-actions">
        <button type="button" className="btn btn-small" onClick={() => onEdit(card)} aria-label={t('tile.editLabel', { question: card.question })}>
          {t('tile.edit')}
        </button>
        <button
          type="button"
          className="btn btn-small btn-danger"
          onClick={() => onDelete(card)}
          aria-label={t('tile.deleteLabel', { question: card.question })}
        >
          {t('tile.delete')}
        </button>
        <button
          type="button"
          className="btn btn-small"
          onClick={() => onToggleKnown(card)}
          disabled={pending}
          aria-label={t(card.known ? 'tile.markUnknownLabel' : 'tile.markKnownLabel', { question: card.question })}
        >
          {card.known ? t('tile.markUnknown') : t('tile.markKnown')}
        </button>
      </div>
    </li>
  );
});
