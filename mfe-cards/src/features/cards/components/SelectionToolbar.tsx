import { useId, useState } from 'react';
import type { Category } from '@flashcard/api-contract';

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
    <div className="card row cards-selection" role="region" aria-label="Selected cards">
      <strong aria-live="polite">{`${count} selected`}</strong>
      <label htmlFor={id} className="visually-hidden">
        Destination set
      </label>
      <select id={id} className="input" value={target} onChange={(e) => setTarget(e.target.value)}>
        <option value="">Choose a set...</option>
        <option value={NO_SET}>No set</option>
        {categories.map((c) => (
          <option key={c.id} value={String(c.id)}>
            {c.name}
          </option>
        ))}
      </select>
      <button type="button" className="btn btn-primary btn-small" onClick={move} disabled={!target || moving}>
        Move to set
      </button>
      <button type="button" className="btn btn-small" onClick={onClear}>
        Clear selection
      </button>
    </div>
  );
}
