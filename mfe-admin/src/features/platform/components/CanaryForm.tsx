import { useId, useState, type FormEvent } from 'react';
import type { RemoteState } from '@flashcard/api-contract';
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
  const [percentError, setPercentError] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const error = canaryPercentError(percent);
    setPercentError(error);
    if (error || !version) return;
    onSetCanary(version, Number(percent.trim()), !!running);
  }

  return (
    <section className="platform-canary" aria-labelledby={headingId}>
      <h3 id={headingId} className="platform-subheading">
        Canary
      </h3>
      {candidates.length === 0 ? (
        <p className="muted" style={{ margin: 0 }}>
          Publish another release of {remote.name} to start a canary.
        </p>
      ) : (
        <form aria-label={`Canary of ${remote.name}`} onSubmit={onSubmit} noValidate>
          <div className="platform-canary-fields">
            <div className="field">
              <label htmlFor={versionId}>Canary version</label>
              <select id={versionId} value={version} onChange={(e) => setVersion(e.target.value)}>
                {candidates.map((candidate) => (
                  <option key={candidate} value={candidate}>
                    {candidate}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={percentId}>Share of users (%)</label>
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
                  setPercentError(null);
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
              aria-label={`${running ? 'Update canary' : 'Start canary'} of ${remote.name}`}
            >
              {running ? 'Update canary' : 'Start canary'}
            </button>
            {running && (
              <button
                type="button"
                className="btn btn-small btn-danger"
                disabled={busy}
                aria-label={`End canary of ${remote.name}`}
                onClick={onEndCanary}
              >
                End canary
              </button>
            )}
          </div>
        </form>
      )}
    </section>
  );
}
