import type { InputHTMLAttributes } from 'react';

type NameInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onKeyDown'> & {
  /** Escape: the typing is given up. */
  onCancel: () => void;
};

/**
 * A name typed in place inside a dialog (a set's, a preset's), focused as it appears. Escape
 * cancels the typing only: it does not reach the dialog, which would close.
 */
export function NameInput({ onCancel, ...input }: NameInputProps) {
  return (
    <input
      className="input"
      autoFocus
      {...input}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        onCancel();
      }}
    />
  );
}
