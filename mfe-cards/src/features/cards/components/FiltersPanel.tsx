import { useId } from 'react';
import type { Category } from '@flashcard/api-contract';
import { DIFFICULTY_LABELS, DIFFICULTY_LEVELS } from '../difficulty';
import { hasActiveFilters, NO_FILTERS, type FilterValues } from '../filters';

interface FiltersPanelProps {
  values: FilterValues;
  onChange: (values: FilterValues) => void;
  colleges: string[];
  classes: string[];
  categories: Category[];
}

/** A chosen value stays choosable even when the options (re)load without it. */
function withCurrent(options: string[], current: string): string[] {
  return current && !options.includes(current) ? [current, ...options] : options;
}

export function FiltersPanel({ values, onChange, colleges, classes, categories }: FiltersPanelProps) {
  const id = useId();
  const set = <K extends keyof FilterValues>(key: K, value: FilterValues[K]) => onChange({ ...values, [key]: value });

  // Keep min <= max: moving one past the other drags the other along.
  function setMin(value: string) {
    const max = values.difficultyMax && value && Number(value) > Number(values.difficultyMax) ? value : values.difficultyMax;
    onChange({ ...values, difficultyMin: value, difficultyMax: max });
  }
  function setMax(value: string) {
    const min = values.difficultyMin && value && Number(value) < Number(values.difficultyMin) ? value : values.difficultyMin;
    onChange({ ...values, difficultyMax: value, difficultyMin: min });
  }

  return (
    <section className="card cards-filters" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Filters</h2>
      <div className="cards-filters-grid">
        <div className="field">
          <label htmlFor={`${id}-college`}>College</label>
          <select id={`${id}-college`} value={values.college} onChange={(e) => set('college', e.target.value)}>
            <option value="">All colleges</option>
            {withCurrent(colleges, values.college).map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-class`}>Class</label>
          <select id={`${id}-class`} value={values.className} onChange={(e) => set('className', e.target.value)}>
            <option value="">All classes</option>
            {withCurrent(classes, values.className).map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-set`}>Set</label>
          <select id={`${id}-set`} value={values.category} onChange={(e) => set('category', e.target.value)}>
            <option value="">All sets</option>
            {categories.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-min`}>Min difficulty</label>
          <select id={`${id}-min`} value={values.difficultyMin} onChange={(e) => setMin(e.target.value)}>
            <option value="">Any</option>
            {DIFFICULTY_LEVELS.map((level) => (
              <option key={level} value={String(level)}>{`${level} ${DIFFICULTY_LABELS[level]}`}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-max`}>Max difficulty</label>
          <select id={`${id}-max`} value={values.difficultyMax} onChange={(e) => setMax(e.target.value)}>
            <option value="">Any</option>
            {DIFFICULTY_LEVELS.map((level) => (
              <option key={level} value={String(level)}>{`${level} ${DIFFICULTY_LABELS[level]}`}</option>
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
          Hide known cards
        </label>
        <button
          type="button"
          className="btn btn-small"
          onClick={() => onChange(NO_FILTERS)}
          disabled={!hasActiveFilters(values)}
        >
          Clear filters
        </button>
      </div>
    </section>
  );
}
