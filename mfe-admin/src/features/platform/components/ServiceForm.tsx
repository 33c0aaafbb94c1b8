import { useId, useState, type FormEvent } from 'react';
import type { RegisterServiceBody } from '@flashcard/api-contract';
import { useAdminText } from '../../../i18n';
import { HintedField } from './HintedField';
import { RemoteChecks } from './RemoteChecks';
import { checkServiceName, checkServiceUrl, NO_PROBLEMS, type ServiceFormProblems } from '../services';

interface Props {
  /** The registry's remotes, offered as checkboxes. */
  remoteNames: readonly string[];
  busy: boolean;
  /** Resolves true when the API registered it (the form then empties). */
  onRegister: (body: RegisterServiceBody) => Promise<boolean>;
}

const NAME_MAX = 40;
const URL_MAX = 2000;

const NAME_ERRORS = {
  missing: 'platform.services.form.nameMissing',
  format: 'platform.services.form.nameFormat',
} as const;
const URL_ERRORS = {
  missing: 'platform.services.form.urlMissing',
  format: 'platform.services.form.urlFormat',
  scheme: 'platform.services.form.urlScheme',
  credentials: 'platform.services.form.urlCredentials',
  query: 'platform.services.form.urlQuery',
} as const;

/** A new service: its name (the path segment), the address calls go to, and its team's remotes. */
export function ServiceForm({ remoteNames, busy, onRegister }: Props) {
  const t = useAdminText();
  const ids = {
    heading: useId(),
    name: useId(),
    url: useId(),
    remotesHint: useId(),
  };
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [remotes, setRemotes] = useState<string[]>([]);
  const [problems, setProblems] = useState<ServiceFormProblems>(NO_PROBLEMS);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found: ServiceFormProblems = { name: checkServiceName(name.trim()), url: checkServiceUrl(url) };
    setProblems(found);
    if (found.name || found.url) {
      document.getElementById(found.name ? ids.name : ids.url)?.focus();
      return;
    }
    // In the registry's order, whatever order they were ticked in.
    const chosen = remoteNames.filter((remote) => remotes.includes(remote));
    if (await onRegister({ name: name.trim(), url: url.trim(), remotes: chosen })) {
      setName('');
      setUrl('');
      setRemotes([]);
    }
  }

  return (
    <section aria-labelledby={ids.heading} className="platform-token-create">
      <h3 id={ids.heading} className="platform-subheading">
        {t('platform.services.form.title')}
      </h3>
      <form aria-label={t('platform.services.form.title')} onSubmit={(e) => void onSubmit(e)} noValidate>
        <div className="platform-token-fields">
          <HintedField
            id={ids.name}
            label={t('platform.services.form.name')}
            hint={t('platform.services.form.nameHint')}
            error={problems.name ? t(NAME_ERRORS[problems.name]) : null}
            type="text"
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="none"
            maxLength={NAME_MAX}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setProblems((current) => ({ ...current, name: null }));
            }}
          />
          <HintedField
            id={ids.url}
            label={t('platform.services.form.url')}
            hint={t('platform.services.form.urlHint')}
            error={problems.url ? t(URL_ERRORS[problems.url]) : null}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            maxLength={URL_MAX}
            value={url}
            onChange={(e) => {
              setUrl(e.target.value);
              setProblems((current) => ({ ...current, url: null }));
            }}
          />
        </div>
        <fieldset className="platform-cohort" aria-describedby={ids.remotesHint}>
          <legend>{t('platform.services.form.remotes')}</legend>
          <p id={ids.remotesHint} className="muted platform-meta">
            {t('platform.services.form.remotesHint')}
          </p>
          {remoteNames.length === 0 ? (
            <p className="muted platform-meta">{t('platform.services.form.noRemotes')}</p>
          ) : (
            <RemoteChecks remoteNames={remoteNames} chosen={remotes} onChange={setRemotes} />
          )}
        </fieldset>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t('platform.services.form.registering') : t('platform.services.form.submit')}
        </button>
      </form>
    </section>
  );
}
