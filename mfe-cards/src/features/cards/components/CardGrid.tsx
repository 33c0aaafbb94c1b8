import type { ComponentProps, Ref } from 'react';
import type { Card } from '@flashcard/api-contract';
import { useCardsText } from '../../../i18n';
import { CardTile } from './CardTile';

/** What every tile's buttons call; stable callbacks, so a change to one card re-renders one tile. */
export type TileActions = Pick<
  ComponentProps<typeof CardTile>,
  'onEdit' | 'onDelete' | 'onToggleKnown' | 'onToggleSelected' | 'onCardAction'
>;

interface CardGridProps {
  cards: Card[];
  /** The list element (useGridFocus moves the focus among its tiles). */
  grid: Ref<HTMLUListElement>;
  /** A reload runs over these cards. */
  busy: boolean;
  selected: ReadonlySet<number>;
  /** Cards whose known toggle waits for the server. */
  pendingKnown: ReadonlySet<number>;
  /** Cards with a change made offline waiting to be sent. */
  waiting: ReadonlySet<number>;
  actions: TileActions;
  /** While more cards match than are loaded: how many match, and the next page's button. */
  more: { total: number; loading: boolean; onShowMore: () => void } | null;
}

/** The shown cards as tiles, then "Show more" while the server has more. */
export function CardGrid({ cards, grid, busy, selected, pendingKnown, waiting, actions, more }: CardGridProps) {
  const t = useCardsText();
  return (
    <>
      <ul ref={grid} className="grid cards-grid" aria-label={t('page.gridLabel')} aria-busy={busy}>
        {cards.map((card) => (
          <CardTile
            key={card.id}
            card={card}
            selected={selected.has(card.id)}
            pending={pendingKnown.has(card.id)}
            waiting={waiting.has(card.id)}
            {...actions}
          />
        ))}
      </ul>
      {more && (
        <div className="row cards-more">
          <button type="button" className="btn" onClick={more.onShowMore} aria-busy={more.loading}>
            {t('page.showMore')}
          </button>
          <span className="muted">{t('page.shownOf', { count: cards.length, total: more.total })}</span>
        </div>
      )}
    </>
  );
}
