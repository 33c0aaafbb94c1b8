import { useId, useState } from 'react';
import type { Category } from '@flashcard/api-contract';
import { useCardsText } from '../../../i18n';
import type { BarAction } from '../hooks/use-bulk-actions';

/** Select value for "take the cards out of their set". */
const NO_SET = 'none';

interface SelectionToolbarProps {
  count: number;
  categories: Category[];
  /** `null` moves the cards out of any set. Resolves once moved. */
  onMove: (setId: number | null) => Promise<void>;
  onClear: () => void;
  /** The bulk actions (tag, untag, suspend, unsuspend, delete, reset); resolves true when done. */
  onAction?: (action: BarAction, tags?: string[]) => Promise<boolean>;
  /** The action on its way (its buttons wait). */
  running?: BarAction | null;
}

/** Tags as typed in the bar: separated by spaces or commas. */
const splitTags = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/** The bulk action bar over the ticked cards: tags, suspension, delete, reset, move. */
export function SelectionToolbar({
  count,
  categories,
  onMove,
  onClear,
  onAction,
  running = null,
}: SelectionToolbarProps) {
  const t = useCardsText();
  const id = useId();
  const [target, setTarget] = useState('');
  const [moving, setMoving] = useState(false);
  const [tags, setTags] = useState('');
  const busy = moving || running !== null;

  async function move() {
    setMoving(true);
    try {
      await onMove(target === NO_SET ? null : Number(target));
      setTarget('');
    } finally {
      setMoving(false);
    }
  }

  async function tag(action: 'tag' | 'untag') {
    if (onAction && (await onAction(action, splitTags(tags)))) setTags('');
  }

  return (
    <div className="card stack cards-selection" role="region" aria-label={t('selection.label')}>
      <div className="spread">
        <strong aria-live="polite">{t('selection.count', { count })}</strong>
        <button type="button" className="btn btn-small" onClick={onClear}>
          {t('selection.clear')}
        </button>
      </div>
      {onAction && (
        <div className="stack cards-bulk" role="group" aria-label={t('browser.actionsLabel')}>
          <div className="row cards-bulk-row">
            <label htmlFor={`${id}-tags`} className="visually-hidden">
              {t('browser.tags')}
            </label>
            <input
              id={`${id}-tags`}
              className="input cards-bulk-tags"
              value={tags}
              placeholder={t('browser.tags')}
              aria-describedby={`${id}-tags-hint`}
              onChange={(e) => setTags(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && splitTags(tags).length) {
                  e.preventDefault();
                  void tag('tag');
                }
              }}
            />
            <span id={`${id}-tags-hint`} className="visually-hidden">
              {t('browser.tagsHint')}
            </span>
            <button
              type="button"
              className="btn btn-small"
              onClick={() => void tag('tag')}
              disabled={busy || !splitTags(tags).length}
            >
              {t('browser.addTags')}
            </button>
            <button
              type="button"
              className="btn btn-small"
              onClick={() => void tag('untag')}
              disabled={busy || !splitTags(tags).length}
            >
              {t('browser.removeTags')}
            </button>
          </div>
          <div className="row cards-bulk-row">
            {(['suspend', 'unsuspend', 'reset'] as const).map((action) => (
              <button
                key={action}
                type="button"
                className="btn btn-small"
                onClick={() => void onAction(action)}
                disabled={busy}
              >
                {t(`browser.${action}`)}
              </button>
            ))}
            <button
              type="button"
              className="btn btn-small btn-danger"
              onClick={() => void onAction('delete')}
              disabled={busy}
            >
              {t('browser.delete')}
            </button>
          </div>
        </div>
      )}
      <div className="row cards-bulk-row">
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
        <button type="button" className="btn btn-primary btn-small" onClick={move} disabled={!target || busy}>
          {t('selection.move')}
        </button>
      </div>
    </div>
  );
}
