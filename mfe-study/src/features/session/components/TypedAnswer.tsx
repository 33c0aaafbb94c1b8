import { useId, useMemo } from 'react';
import { useStudyText } from '../../../i18n';
import { compareTyped, type Mark } from '../type-answer';

interface TypeAnswerFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** Enter shows the answer, as Show Answer does. */
  onSubmit: () => void;
  disabled: boolean;
}

/**
 * Where a typed card's answer is typed, under its question. The session's keys (digits, Space,
 * R, E) act nowhere in a text field (use-study-keyboard.ts), so typing them is typing.
 */
export function TypeAnswerField({ value, onChange, onSubmit, disabled }: TypeAnswerFieldProps) {
  const t = useStudyText();
  const id = useId();
  return (
    <div className="field study-type-answer">
      <label htmlFor={id}>{t('session.typeAnswer.label')}</label>
      <input
        id={id}
        type="text"
        value={value}
        disabled={disabled}
        autoComplete="off"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
          event.preventDefault();
          onSubmit();
        }}
      />
      <span id={`${id}-hint`} className="muted study-type-hint">
        {t('session.typeAnswer.hint')}
      </span>
    </div>
  );
}

/**
 * Anki's comparison: the typed line (correct, wrong and missing characters), an arrow, then the
 * answer line; only the typed line, marked correct, when it was exact; only the answer when
 * nothing was typed. Wrong is struck through and missing underlined (dashes on the typed line),
 * and a screen reader hears which is which: not colour alone.
 */
export function TypedAnswerDiff({ typed, expected }: { typed: string; expected: string }) {
  const t = useStudyText();
  const comparison = useMemo(() => compareTyped(typed, expected), [typed, expected]);
  if (!typed.trim()) {
    return (
      <p className="study-typed">
        <span className="visually-hidden">{t('session.typeAnswer.expected')}: </span>
        <code className="study-typed-line">{expected.trim()}</code>
      </p>
    );
  }
  return (
    <div className="study-typed">
      <p className="study-typed-row">
        <span className="visually-hidden">{t('session.typeAnswer.typed')}: </span>
        <code className="study-typed-line study-typed-mine">
          {comparison.typed.map((mark, index) => (
            <MarkRun key={index} mark={mark} dashes />
          ))}
        </code>
        {comparison.correct && (
          <span className="study-typed-verdict">
            <span aria-hidden="true">✓</span> {t('session.typeAnswer.correct')}
          </span>
        )}
      </p>
      {!comparison.correct && (
        <>
          <p className="study-typed-arrow" aria-hidden="true">
            ↓
          </p>
          <p className="study-typed-row">
            <span className="visually-hidden">{t('session.typeAnswer.expected')}: </span>
            <code className="study-typed-line study-typed-right">
              {comparison.expected.map((mark, index) => (
                <MarkRun key={index} mark={mark} />
              ))}
            </code>
          </p>
        </>
      )}
    </div>
  );
}

function MarkRun({ mark, dashes = false }: { mark: Mark; dashes?: boolean }) {
  const t = useStudyText();
  if (mark.kind === 'good') return <span className="type-good">{mark.text}</span>;
  if (mark.kind === 'bad') {
    return (
      <del className="type-bad">
        <span className="visually-hidden">{t('session.typeAnswer.wrong')} </span>
        {mark.text}
      </del>
    );
  }
  // On the typed line a missing character shows as a dash; a screen reader hears which ones.
  return (
    <ins className="type-missing">
      <span className="visually-hidden">
        {t('session.typeAnswer.missing')} {dashes ? mark.text : ''}
      </span>
      {dashes ? <span aria-hidden="true">{'-'.repeat([...mark.text].length)}</span> : mark.text}
    </ins>
  );
}
