import { useId, useState, type FormEvent } from 'react';
import type { CreateDeployTokenBody } from '@flashcard/api-contract';
import { useAdminText } from '../../../i18n';
import { MAX_TOKEN_DAYS, MAX_TOKEN_REMOTES, parseExpiryDays, parseRemoteNames } from '../registry';

interface Props {
  /** The registry's remotes, offered as checkboxes. */
  remoteNames: readonly string[];
  busy: boolean;
  /** Resolves true when the token was made (the form then empties). */
  onCreate: (body: CreateDeployTokenBody) => Promise<boolean>;
}

/** Which check failed; messages are rendered in the current language. */
interface Problems {
  label: boolean;
  remotes: 'none' | 'tooMany' | null;
  badName: string | null;
  expiry: boolean;
}
const NONE: Problems = { label: false, remotes: null, badName: null, expiry: false };

const LABEL_MAX = 100;

/** A new deploy token: a label, the remotes it may change (at least one) and an optional lifetime. */
export function CreateTokenForm({ remoteNames, busy, onCreate }: Props) {
  const t = useAdminText();
  const ids = {
    heading: useId(),
    label: useId(),
    labelHint: useId(),
    labelError: useId(),
    remotesLegend: useId(),
    remotesError: useId(),
    other: useId(),
    otherHint: useId(),
    otherError: useId(),
    expiry: useId(),
    expiryHint: useId(),
    expiryError: useId(),
  };
  const [label, setLabel] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [other, setOther] = useState('');
  const [expiry, setExpiry] = useState('');
  const [problems, setProblems] = useState<Problems>(NONE);

  const clear = (field: keyof Problems) => setProblems((current) => ({ ...current, [field]: NONE[field] }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const typed = parseRemoteNames(other);
    const remotes = [...new Set([...chosen, ...typed.names])];
    const days = parseExpiryDays(expiry);
    const found: Problems = {
      label: label.trim() === '',
      remotes:
        typed.bad !== null
          ? null
          : remotes.length === 0
            ? 'none'
            : remotes.length > MAX_TOKEN_REMOTES
              ? 'tooMany'
              : null,
      badName: typed.bad,
      expiry: days === null,
    };
    setProblems(found);
    if (found.label || found.remotes || found.badName || found.expiry) return;
    const body: CreateDeployTokenBody = { label: label.trim(), remotes, ...(days ? { expiresInDays: days } : {}) };
    if (await onCreate(body)) {
      setLabel('');
      setChosen([]);
      setOther('');
      setExpiry('');
    }
  }

  const remotesError =
    problems.remotes === 'none'
      ? t('platform.tokens.create.remotesError')
      : problems.remotes === 'tooMany'
        ? t('platform.tokens.create.tooManyRemotes', { max: MAX_TOKEN_REMOTES })
        : null;

  return (
    <section aria-labelledby={ids.heading} className="platform-token-create">
      <h3 id={ids.heading} className="platform-subheading">
        {t('platform.tokens.create.title')}
      </h3>
      <form aria-label={t('platform.tokens.create.formLabel')} onSubmit={(e) => void onSubmit(e)} noValidate>
        <div className="platform-token-fields">
          <div className="field">
            <label htmlFor={ids.label}>{t('platform.tokens.create.label')}</label>
            <input
              id={ids.label}
              type="text"
              autoComplete="off"
              maxLength={LABEL_MAX}
              value={label}
              aria-invalid={problems.label || undefined}
              aria-describedby={problems.label ? `${ids.labelHint} ${ids.labelError}` : ids.labelHint}
              onChange={(e) => {
                setLabel(e.target.value);
                clear('label');
              }}
            />
            <span id={ids.labelHint} className="muted platform-hint">
              {t('platform.tokens.create.labelHint')}
            </span>
            {problems.label && (
              <span id={ids.labelError} className="field-error" role="alert">
                {t('platform.tokens.create.labelError')}
              </span>
            )}
          </div>
          <div className="field">
            <label htmlFor={ids.expiry}>{t('platform.tokens.create.expiry')}</label>
            <input
              id={ids.expiry}
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_TOKEN_DAYS}
              step={1}
              value={expiry}
              aria-invalid={problems.expiry || undefined}
              aria-describedby={problems.expiry ? `${ids.expiryHint} ${ids.expiryError}` : ids.expiryHint}
              onChange={(e) => {
                setExpiry(e.target.value);
                clear('expiry');
              }}
            />
            <span id={ids.expiryHint} className="muted platform-hint">
              {t('platform.tokens.create.expiryHint')}
            </span>
            {problems.expiry && (
              <span id={ids.expiryError} className="field-error" role="alert">
                {t('platform.tokens.expiryError', { max: MAX_TOKEN_DAYS })}
              </span>
            )}
          </div>
        </div>
        <fieldset className="platform-cohort" aria-describedby={remotesError ? ids.remotesError : undefined}>
          <legend>{t('platform.tokens.create.remotes')}</legend>
          {remoteNames.length > 0 && (
            <div className="platform-cohort-roles">
              {remoteNames.map((name) => (
                <label key={name} className="checkbox platform-mono">
                  <input
                    type="checkbox"
                    checked={chosen.includes(name)}
                    onChange={(e) => {
                      setChosen((current) =>
                        e.target.checked ? [...current, name] : current.filter((other) => other !== name),
                      );
                      clear('remotes');
                    }}
                  />
                  {name}
                </label>
              ))}
            </div>
          )}
          <div className="field">
            <label htmlFor={ids.other}>{t('platform.tokens.create.otherRemotes')}</label>
            <input
              id={ids.other}
              type="text"
              autoComplete="off"
              spellCheck={false}
              value={other}
              aria-invalid={problems.badName !== null || undefined}
              aria-describedby={problems.badName !== null ? `${ids.otherHint} ${ids.otherError}` : ids.otherHint}
              onChange={(e) => {
                setOther(e.target.value);
                setProblems((current) => ({ ...current, badName: null, remotes: null }));
              }}
            />
            <span id={ids.otherHint} className="muted platform-hint">
              {t('platform.tokens.create.otherRemotesHint')}
            </span>
            {problems.badName !== null && (
              <span id={ids.otherError} className="field-error" role="alert">
                {t('platform.tokens.remoteNameError', { name: problems.badName })}
              </span>
            )}
          </div>
          {remotesError && (
            <p id={ids.remotesError} className="field-error platform-form-error" role="alert">
              {remotesError}
            </p>
          )}
        </fieldset>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t('platform.tokens.create.creating') : t('platform.tokens.create.submit')}
        </button>
      </form>
    </section>
  );
}
