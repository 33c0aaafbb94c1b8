import { memo, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { cardFaces, plainText, type Card } from '@flashcard/api-contract';
import { RichText } from '@flashcard/shared-ui';
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

/** Buried until a time still to come (read when the tile renders, as the list's other state). */
function isBuried(card: Card): boolean {
  return card.buried_until !== null && Date.parse(card.buried_until) > Date.now();
}

interface CardTileProps {
  card: Card;
  selected: boolean;
  /** The known toggle of this card is waiting for the server. */
  pending: boolean;
  /** A change of this card made offline waits to be sent (a card not created yet has a negative id). */
  waiting: boolean;
  onEdit: (card: Card) => void;
  onDelete: (card: Card) => void;
  onToggleKnown: (card: Card) => void;
  onToggleSelected: (id: number) => void;
  /** Suspend / unsuspend, or bury until tomorrow (the study calls). */
  onCardAction: (card: Card, action: 'suspend' | 'unsuspend' | 'bury') => void;
}

// Memoised: with thousands of cards a change to one card (or the selection) re-renders one tile.
export const CardTile = memo(function CardTile({
  card,
  selected,
  pending,
  waiting,
  onEdit,
  onDelete,
  onToggleKnown,
  onToggleSelected,
  onCardAction,
}: CardTileProps) {
  const t = useCardsText();
  // What this card of its note shows (a reversed card's back is the note's question, a cloze
  // card hides its own cloze), and its words for the buttons' names.
  const faces = useMemo(() => cardFaces(card), [card]);
  const name = useMemo(() => plainText(faces.front).slice(0, 120), [faces]);
  const leech = splitTags(card.tags).some((tag) => tag.toLowerCase() === 'leech');
  const buried = isBuried(card);
  const tags = splitTags(card.tags);
  const setName = card.category_name ?? card.category;
  const context = [card.college, card.class_name].filter(Boolean).join(' · ');
  // Not on the server yet: only its text can change (the other actions need its server id).
  const local = card.id < 0;

  // A long question or answer is clamped (the cut line ends in "…") with a Show more toggle, so
  // the tile says it continues instead of hiding the rest in a scroll box.
  const bodyId = useId();
  const questionRef = useRef<HTMLHeadingElement>(null);
  const answerRef = useRef<HTMLDivElement>(null);
  const long = estimatedLines(faces.front) > QUESTION_LINES || estimatedLines(faces.back) > ANSWER_LINES;
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
    <li className={`card cards-tile${selected ? ' is-selected' : ''}${waiting ? ' is-waiting' : ''}`}>
      <div className="cards-tile-top">
        {!local && (
          <input
            type="checkbox"
            className="cards-tile-select"
            checked={selected}
            onChange={() => onToggleSelected(card.id)}
            aria-label={t('tile.selectLabel', { question: name })}
          />
        )}
        <div
          ref={questionRef}
          id={`${bodyId}-q`}
          role="heading"
          aria-level={3}
          className={`cards-tile-question${clamped ? ' is-clamped' : ''}`}
        >
          <RichText source={faces.front} />
        </div>
      </div>
      <div ref={answerRef} id={`${bodyId}-a`} className={`cards-tile-answer${clamped ? ' is-clamped' : ''}`}>
        <span className="visually-hidden">{t('tile.answerPrefix')}</span>
        <RichText source={faces.back} />
      </div>
      {showToggle && (
        <button
          type="button"
          className="cards-tile-more"
          aria-expanded={expanded}
          aria-controls={`${bodyId}-q ${bodyId}-a`}
          aria-label={t(expanded ? 'tile.showLessLabel' : 'tile.showMoreLabel', { question: name })}
          onClick={() => setExpanded((e) => !e)}
        >
          {expanded ? t('tile.showLess') : t('tile.showMore')}
        </button>
      )}
      <div className="row cards-tile-badges">
        {waiting && <span className="badge cards-badge-waiting">{t('offline.queued')}</span>}
        <span className={`badge cards-difficulty-${card.difficulty_level}`}>
          {t(`difficulty.${difficultyKey(card.difficulty_level)}`)}
        </span>
        {setName && <span className="badge cards-badge-set">{t('tile.set', { name: setName })}</span>}
        {card.known && <span className="badge cards-badge-known">{t('tile.known')}</span>}
        {card.kind === 'reversed' && <span className="badge">{t('cardTile.reversed', { ord: card.ord + 1 })}</span>}
        {card.kind === 'cloze' && <span className="badge">{t('cardTile.cloze', { ord: card.ord })}</span>}
        {card.suspended && <span className="badge cards-badge-suspended">{t('cardTile.suspended')}</span>}
        {leech && <span className="badge cards-badge-leech">{t('cardTile.leech')}</span>}
        {buried && <span className="badge">{t('cardTile.buried')}</span>}
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
        <button
          type="button"
          className="btn btn-small"
          onClick={() => onEdit(card)}
          aria-label={t('tile.editLabel', { question: name })}
        >
          {t('tile.edit')}
        </button>
        {!local && (
          <CardActions
            card={card}
            name={name}
            buried={buried}
            pending={pending}
            onDelete={onDelete}
            onToggleKnown={onToggleKnown}
            onCardAction={onCardAction}
          />
        )}
      </div>
    </li>
  );
});

/** A server card's other buttons: delete, known, suspend, bury. */
function CardActions({
  card,
  name,
  buried,
  pending,
  onDelete,
  onToggleKnown,
  onCardAction,
}: Pick<CardTileProps, 'card' | 'pending' | 'onDelete' | 'onToggleKnown' | 'onCardAction'> & {
  name: string;
  buried: boolean;
}) {
  const t = useCardsText();
  return (
    <>
      <button
        type="button"
        className="btn btn-small btn-danger"
        onClick={() => onDelete(card)}
        aria-label={t('tile.deleteLabel', { question: name })}
      >
        {t('tile.delete')}
      </button>
      <button
        type="button"
        className="btn btn-small"
        onClick={() => onToggleKnown(card)}
        disabled={pending}
        aria-label={t(card.known ? 'tile.markUnknownLabel' : 'tile.markKnownLabel', { question: name })}
      >
        {card.known ? t('tile.markUnknown') : t('tile.markKnown')}
      </button>
      <button
        type="button"
        className="btn btn-small"
        onClick={() => onCardAction(card, card.suspended ? 'unsuspend' : 'suspend')}
        aria-label={t(card.suspended ? 'cardTile.unsuspendLabel' : 'cardTile.suspendLabel', { question: name })}
      >
        {card.suspended ? t('cardTile.unsuspend') : t('cardTile.suspend')}
      </button>
      {!card.suspended && !buried && (
        <button
          type="button"
          className="btn btn-small"
          onClick={() => onCardAction(card, 'bury')}
          aria-label={t('cardTile.buryLabel', { question: name })}
        >
          {t('cardTile.bury')}
        </button>
      )}
    </>
  );
}
