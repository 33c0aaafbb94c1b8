import { useId, type FormEvent } from 'react';

interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  onClear: () => void;
}

export function SearchBox({ value, onChange, onSubmit, onClear }: SearchBoxProps) {
  const id = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }
  return (
    <form role="search" className="row cards-search" onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        Search cards
      </label>
      <input
        id={id}
        type="search"
        className="input"
        placeholder="Search questions, answers and tags"
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
        Search
      </button>
      {value && (
        <button type="button" className="btn" onClick={onClear} aria-label="Clear search">
          Clear
        </button>
      )}
    </form>
  );
}
