import { useId, useRef } from 'react';
import { useAdminText } from '../../../i18n';
import { useCopy } from '../hooks/use-copy';

interface Props {
  /** The field's visible label, also what the Copy button names. */
  label: string;
  value: string;
}

/** A read-only text (a token, a link) with a Copy button; selectable when the clipboard refuses. */
export function CopyField({ label, value }: Props) {
  const t = useAdminText();
  const inputId = useId();
  const statusId = useId();
  const input = useRef<HTMLInputElement>(null);
  const { state, copy } = useCopy();

  async function onCopy() {
    if (!(await copy(value))) {
      input.current?.focus();
      input.current?.select();
    }
  }

  return (
    <div className="field platform-copy-field">
      <label htmlFor={inputId}>{label}</label>
      <div className="platform-copy-row">
        <input
          ref={input}
          id={inputId}
          className="input platform-mono"
          type="text"
          readOnly
          value={value}
          spellCheck={false}
          aria-describedby={statusId}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button
          type="button"
          className="btn btn-small"
          aria-label={t('platform.copy.copyLabel', { what: label })}
          onClick={() => void onCopy()}
        >
          {state === 'copied' ? t('platform.copy.copied') : t('platform.copy.copy')}
        </button>
      </div>
      {/* Polite: says "Copied" (or why not) without moving focus. */}
      <span id={statusId} role="status" className={state === 'failed' ? 'field-error' : 'visually-hidden'}>
        {state === 'copied' ? t('platform.copy.copied') : state === 'failed' ? t('platform.copy.failed') : ''}
      </span>
    </div>
  );
}
