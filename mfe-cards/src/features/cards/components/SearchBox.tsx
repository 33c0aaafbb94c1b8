import { useId, type FormEvent } from 'react';
import { useCardsText } from '../../../i18n';
import { SORT_CHOICES, type SortChoice } from '../sort';

interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  onClear: () => void;
  /** The API could not read the query: its reason (with the position), shown under the box. */
  error?: string | null;
  sort?: SortChoice;
  onSortChange?: (sort: SortChoice) => void;
}

/** Examples of the search syntax (code, never translated) and the key of what each finds. */
const SYNTAX = [
  ['dog cat', 'words'],
  ['"a phrase"', 'phrase'],
  ['dog or cat', 'orTerm'],
  ['-cat', 'notTerm'],
  ['(dog or cat) -mouse', 'group'],
  ['tag:verb', 'tag'],
  ['set:"My set"', 'set'],
  ['is:new is:learn is:review is:due is:suspended is:buried is:leech', 'isState'],
  ['prop:ivl>=10', 'ivl'],
  ['prop:due<3', 'due'],
  ['prop:lapses>2', 'lapses'],
  ['prop:r<0.9', 'r'],
] as const;

export function SearchBox({ value, onChange, onSubmit, onClear, error = null, sort, onSortChange }: SearchBoxProps) {
  const t = useCardsText();
  const id = useId();
  const errorId = `${id}-error`;
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }
  return (
    <div className="stack cards-search-area">
      <form role="search" aria-label={t('browser.searchRegion')} className="row cards-search" onSubmit={submit}>
        <label htmlFor={id} className="visually-hidden">
          {t('search.label')}
        </label>
        <input
          id={id}
          type="search"
          className="input"
          placeholder={t('search.placeholder')}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && value) {
              e.preventDefault();
              onClear();
            }
          }}
        />
        <button type="submit" className="btn">
          {t('search.submit')}
        </button>
        {value && (
          <button type="button" className="btn" onClick={onClear} aria-label={t('search.clearLabel')}>
            {t('search.clear')}
          </button>
        )}
      </form>
      {error && (
        <p id={errorId} className="cards-search-error" role="alert">
          {t('browser.queryError', { reason: error })}
        </p>
      )}
      <div className="row cards-search-tools">
        {sort && onSortChange && (
          <span className="row cards-sort">
            <label htmlFor={`${id}-sort`}>{t('browser.sortLabel')}</label>
            <select
              id={`${id}-sort`}
              className="input"
              value={sort}
              onChange={(e) => onSortChange(e.target.value as SortChoice)}
            >
              {SORT_CHOICES.map((choice) => (
                <option key={choice} value={choice}>
                  {t(`browser.sort.${choice}`)}
                </option>
              ))}
            </select>
          </span>
        )}
        <details className="cards-syntax">
          <summary>{t('browser.syntaxToggle')}</summary>
          <p className="muted">{t('browser.syntaxIntro')}</p>
          <dl>
            {SYNTAX.map(([example, key]) => (
              <div key={key}>
                <dt>
                  <code>{example}</code>
                </dt>
                <dd>{t(`browser.syntax.${key}`)}</dd>
              </div>
            ))}
          </dl>
        </details>
      </div>
    </div>
  );
}
