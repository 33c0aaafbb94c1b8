import { useId, useState } from 'react';
import type { Category } from '@flashcard/api-contract';
import { useCardsText } from '../../../i18n';
import { DIFFICULTY_LEVELS, difficultyKey } from '../difficulty';
import { hasActiveFilters, NO_FILTERS, type FilterValues } from '../filters';

interface FiltersPanelProps {
  values: FilterValues;
  onChange: (values: FilterValues) => void;
  colleges: string[];
  classes: string[];
  categories: Category[];
}

/** How many filters are set (shown on the collapsed panel's button, so none is forgotten). */
function countActive(values: FilterValues): number {
  return [
    values.college,
    values.className,
    values.category,
    values.difficultyMin,
    values.difficultyMax,
    values.hideKnown,
  ].filter(Boolean).length;
}

/** A chosen value stays choosable even when the options (re)load without it. */
function withCurrent(options: string[], current: string): string[] {
  return current && !options.includes(current) ? [current, ...options] : options;
}

/** Phones (spec'd at <= 640px wide) start with the panel collapsed behind its heading button. */
export const COMPACT_QUERY = '(max-width: 640px)';

function startsCollapsed(): boolean {
  // jsdom (and very old browsers) have no matchMedia: treated as a wide screen.
  return (
    typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(COMPACT_QUERY).matches
  );
}

export function FiltersPanel({ values, onChange, colleges, classes, categories }: FiltersPanelProps) {
  const t = useCardsText();
  const id = useId();
  // Read once at mount: a phone gets the list first and opens the filters on demand; a wide
  // screen shows them open, as a sidebar, with no toggle.
  const [collapsible] = useState(startsCollapsed);
  const [open, setOpen] = useState(!collapsible);
  const activeCount = countActive(values);
  const set = <K extends keyof FilterValues>(key: K, value: FilterValues[K]) => onChange({ ...values, [key]: value });

  // Keep min <= max: moving one past the other drags the other along.
  function setMin(value: string) {
    const max =
      values.difficultyMax && value && Number(value) > Number(values.difficultyMax) ? value : values.difficultyMax;
    onChange({ ...values, difficultyMin: value, difficultyMax: max });
  }
  function setMax(value: string) {
    const min =
      values.difficultyMin && value && Number(value) < Number(values.difficultyMin) ? value : values.difficultyMin;
    onChange({ ...values, difficultyMax: value, difficultyMin: min });
  }

  return (
    <section className={`card cards-filters${open ? '' : ' is-collapsed'}`} aria-labelledby={`${id}-title`}>
      {collapsible ? (
        <h2 id={`${id}-title`} className="cards-filters-heading">
          <button
            type="button"
            className="cards-filters-toggle"
            aria-expanded={open}
            aria-controls={`${id}-body`}
            onClick={() => setOpen((o) => !o)}
          >
            <span>{t('filters.title')}</span>
            {activeCount > 0 && (
              <span className="badge cards-filters-active">{t('filters.active', { count: activeCount })}</span>
            )}
            <span className="cards-filters-chevron" aria-hidden="true">
              {open ? '▴' : '▾'}
            </span>
          </button>
        </h2>
      ) : (
        <h2 id={`${id}-title`}>{t('filters.title')}</h2>
      )}
      <div id={`${id}-body`} className="cards-filters-body" hidden={!open}>
        <div className="cards-filters-grid">
          <div className="field">
            <label htmlFor={`${id}-college`}>{t('filters.college')}</label>
            <select id={`${id}-college`} value={values.college} onChange={(e) => set('college', e.target.value)}>
              <option value="">{t('filters.allColleges')}</option>
              {withCurrent(colleges, values.college).map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-class`}>{t('filters.className')}</label>
            <select id={`${id}-class`} value={values.className} onChange={(e) => set('className', e.target.value)}>
              <option value="">{t('filters.allClasses')}</option>
              {withCurrent(classes, values.className).map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-set`}>{t('filters.set')}</label>
            <select id={`${id}-set`} value={values.category} onChange={(e) => set('category', e.target.value)}>
              <option value="">{t('filters.allSets')}</option>
              {categories.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-min`}>{t('filters.minDifficulty')}</label>
            <select id={`${id}-min`} value={values.difficultyMin} onChange={(e) => setMin(e.target.value)}>
              <option value="">{t('filters.any')}</option>
              {DIFFICULTY_LEVELS.map((level) => (
                <option key={level} value={String(level)}>
                  {t('difficulty.option', { level, label: t(`difficulty.${difficultyKey(level)}`) })}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-max`}>{t('filters.maxDifficulty')}</label>
            <select id={`${id}-max`} value={values.difficultyMax} onChange={(e) => setMax(e.target.value)}>
              <option value="">{t('filters.any')}</option>
              {DIFFICULTY_LEVELS.map((level) => (
                <option key={level} value={String(level)}>
                  {t('difficulty.option', { level, label: t(`difficulty.${difficultyKey(level)}`) })}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="spread">
          <label className="checkbox" htmlFor={`${id}-known`}>
            <input
              id={`${id}-known`}
              type="checkbox"
              checked={values.hideKnown}
              onChange={(e) => set('hideKnown', e.target.checked)}
            />
            {t('filters.hideKnown')}
          </label>
          <button
            type="button"
            className="btn btn-small"
            onClick={() => onChange(NO_FILTERS)}
            disabled={!hasActiveFilters(values)}
          >
            {t('filters.clear')}
          </button>
        </div>
      </div>
    </section>
  );
}
