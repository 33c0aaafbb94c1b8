import { useId, useState, type FormEvent } from 'react';
import type { CreateDeployTokenBody } from '@flashcard/api-contract';
import { useAdminText } from '../../../i18n';
import { HintedField } from './HintedField';
import { RemoteChecks } from './RemoteChecks';
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
    remotesLegend: useId(),
    remotesError: useId(),
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
          <HintedField
            label={t('platform.tokens.create.label')}
            hint={t('platform.tokens.create.labelHint')}
            error={problems.label ? t('platform.tokens.create.labelError') : null}
            type="text"
            autoComplete="off"
            maxLength={LABEL_MAX}
            value={label}
            onChange={(e) => {
              setLabel(e.target.value);
              clear('label');
            }}
          />
          <HintedField
            label={t('platform.tokens.create.expiry')}
            hint={t('platform.tokens.create.expiryHint')}
            error={problems.expiry ? t('platform.tokens.expiryError', { max: MAX_TOKEN_DAYS }) : null}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_TOKEN_DAYS}
            step={1}
            value={expiry}
            onChange={(e) => {
              setExpiry(e.target.value);
              clear('expiry');
            }}
          />
        </div>
        <fieldset className="platform-cohort" aria-describedby={remotesError ? ids.remotesError : undefined}>
          <legend>{t('platform.tokens.create.remotes')}</legend>
          {remoteNames.length > 0 && (
            <RemoteChecks
              remoteNames={remoteNames}
              chosen={chosen}
              onChange={(next) => {
                setChosen(next);
                clear('remotes');
              }}
            />
          )}
          <HintedField
            label={t('platform.tokens.create.otherRemotes')}
            hint={t('platform.tokens.create.otherRemotesHint')}
            error={problems.badName !== null ? t('platform.tokens.remoteNameError', { name: problems.badName }) : null}
            type="text"
            autoComplete="off"
            spellCheck={false}
            value={other}
            onChange={(e) => {
              setOther(e.target.value);
              setProblems((current) => ({ ...current, badName: null, remotes: null }));
            }}
          />
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
