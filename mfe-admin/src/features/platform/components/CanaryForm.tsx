import { useId, useState, type FormEvent } from 'react';
import type { RemoteState } from '@flashcard/api-contract';
import { useAdminText } from '../../../i18n';
import { canaryCandidates, canaryPercentError } from '../registry';

interface Props {
  remote: RemoteState;
  busy: boolean;
  onSetCanary: (version: string, percent: number, update: boolean) => void;
  onEndCanary: () => void;
}

const DEFAULT_PERCENT = 10;

/**
 * Sends a share of users (sticky per user) to a release other than the active one. Its fields
 * start from the running canary; the console remounts it (key) whenever the state changes.
 */
export function CanaryForm({ remote, busy, onSetCanary, onEndCanary }: Props) {
  const t = useAdminText();
  const headingId = useId();
  const versionId = useId();
  const percentId = useId();
  const percentErrorId = useId();
  const candidates = canaryCandidates(remote);
  const running = remote.canary;
  const [version, setVersion] = useState(() =>
    running && candidates.includes(running.version) ? running.version : (candidates[0] ?? ''),
  );
  const [percent, setPercent] = useState(String(running?.percent ?? DEFAULT_PERCENT));
  // Whether the share is invalid; its message is rendered in the current language.
  const [percentInvalid, setPercentInvalid] = useState(false);
  const percentError = percentInvalid ? t('platform.canary.percentError') : null;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const invalid = canaryPercentError(percent, t) !== null;
    setPercentInvalid(invalid);
    if (invalid || !version) return;
    onSetCanary(version, Number(percent.trim()), !!running);
  }

  return (
    <section className="platform-canary" aria-labelledby={headingId}>
      <h3 id={headingId} className="platform-subheading">
        {t('platform.canary.title')}
      </h3>
      {candidates.length === 0 ? (
        <p className="muted" style={{ margin: 0 }}>
          {t('platform.canary.noCandidates', { name: remote.name })}
        </p>
      ) : (
        <form aria-label={t('platform.canary.formLabel', { name: remote.name })} onSubmit={onSubmit} noValidate>
          <div className="platform-canary-fields">
            <div className="field">
              <label htmlFor={versionId}>{t('platform.canary.version')}</label>
              <select id={versionId} value={version} onChange={(e) => setVersion(e.target.value)}>
                {candidates.map((candidate) => (
                  <option key={candidate} value={candidate}>
                    {candidate}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={percentId}>{t('platform.canary.share')}</label>
              <input
                id={percentId}
                type="number"
                inputMode="numeric"
                min={1}
                max={100}
                step={1}
                required
                value={percent}
                aria-invalid={percentError ? true : undefined}
                aria-describedby={percentError ? percentErrorId : undefined}
                onChange={(e) => {
                  setPercent(e.target.value);
                  setPercentInvalid(false);
                }}
              />
              {percentError && (
                <span id={percentErrorId} className="field-error" role="alert">
                  {percentError}
                </span>
              )}
            </div>
          </div>
          <div className="row">
            <button
              type="submit"
              className="btn btn-primary btn-small"
              disabled={busy}
              aria-label={t(running ? 'platform.canary.updateLabel' : 'platform.canary.startLabel', { name: remote.name })}
            >
              {running ? t('platform.canary.update') : t('platform.canary.start')}
            </button>
            {running && (
              <button
                type="button"
                className="btn btn-small btn-danger"
                disabled={busy}
                aria-label={t('platform.canary.endLabel', { name: remote.name })}
                onClick={onEndCanary}
              >
                {t('platform.canary.end')}
              </button>
            )}
          </div>
        </form>
      )}
    </section>
  );
}
