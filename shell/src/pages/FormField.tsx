// One labelled input with its inline error, shared by the sign-in and sign-up forms. The error is
// tied to the input (aria-describedby) so a screen reader reads it when focus lands there.
import type { RefObject } from 'react';

interface FormFieldProps {
  /** Prefix of the element ids, so two forms never share one. */
  form: string;
  id: string;
  label: string;
  type: 'email' | 'password';
  autoComplete: string;
  value: string;
  error?: string;
  inputRef: RefObject<HTMLInputElement | null>;
  onChange: (value: string) => void;
}

export function FormField({ form, id, label, type, autoComplete, value, error, inputRef, onChange }: FormFieldProps) {
  const inputId = `${form}-${id}`;
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      <input
        ref={inputRef}
        id={inputId}
        name={id}
        type={type}
        autoComplete={autoComplete}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
      />
      {error && (
        <div id={`${inputId}-error`} className="field-error">
          {error}
        </div>
      )}
    </div>
  );
}
