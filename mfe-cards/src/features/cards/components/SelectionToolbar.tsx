import { useId, useState } from 'react';
import type { Category } from '@flashcard/api-contract';
import { useCardsText } from '../../../i18n';

/** Select value for "take the cards out of their set". */
const NO_SET = 'none';

interface SelectionToolbarProps {
  count: number;
  categories: Category[];
  /** `null` moves the cards out of any set. Resolves once moved. */
  onMove: (setId: number | null) => Promise<void>;
  onClear: () => void;
}

export function SelectionToolbar({ count, categories, onMove, onClear }: SelectionToolbarProps) {
  const t = useCardsText();
  const id = useId();
  const [target, setTarget] = useState('');
  const [moving, setMoving] = useState(false);

  async function move() {
    setMoving(true);
    try {
      await onMove(target === NO_SET ? null : Number(target));
      setTarget('');
    } finally {
      setMoving(false);
    }
  }

  return (
    <div className="card row cards-selection" role="region" aria-label={t('selection.label')}>
      <strong aria-live="polite">{t('selection.count', { count })}</strong>
      <label htmlFor={id} className="visually-hidden">
        {t('selection.destination')}
      </label>
      <select id={id} className="input" value={target} onChange={(e) => setTarget(e.target.value)}>
        <option value="">{t('selection.choose')}</option>
        <option value={NO_SET}>{t('selection.noSet')}</option>
        {categories.map((c) => (
          <option key={c.id} value={String(c.id)}>
            {c.name}
          </option>
        ))}
      </select>
      <button type="button" className="btn btn-primary btn-small" onClick={move} disabled={!target || moving}>
        {t('selection.move')}
      </button>
      <button type="button" className="btn btn-small" onClick={onClear}>
        {t('selection.clear')}
      </button>
    </div>
  );
}
