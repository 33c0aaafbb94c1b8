import { useId, type FormEvent } from 'react';
import { useCardsText } from '../../../i18n';

interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  onClear: () => void;
}

export function SearchBox({ value, onChange, onSubmit, onClear }: SearchBoxProps) {
  const t = useCardsText();
  const id = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }
  return (
    <form role="search" className="row cards-search" onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        {t('search.label')}
      </label>
      <input
        id={id}
        type="search"
        className="input"
        placeholder={t('search.placeholder')}
        value={value}
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
  );
}
