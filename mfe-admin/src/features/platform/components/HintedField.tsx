import { useId, type InputHTMLAttributes } from 'react';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'aria-invalid' | 'aria-describedby'> {
  label: string;
  hint: string;
  /** The failed check's message, shown and announced under the hint; null while the value is fine. */
  error: string | null;
}

/** A console form's text field: its label, a hint it is described by, and its error once a check fails. */
export function HintedField({ label, hint, error, id: given, ...input }: Props) {
  const generated = useId();
  const id = given ?? generated;
  const hintId = useId();
  const errorId = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        {...input}
        aria-invalid={error !== null || undefined}
        aria-describedby={error !== null ? `${hintId} ${errorId}` : hintId}
      />
      <span id={hintId} className="muted platform-hint">
        {hint}
      </span>
      {error !== null && (
        <span id={errorId} className="field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
