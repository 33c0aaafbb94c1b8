import { useId, useState, type FormEvent } from 'react';
import type { RemoteState } from '@flashcard/api-contract';
import type { Role } from '@flashcard/shared-auth';
import { useAdminText } from '../../../i18n';
import { ROLE_KEYS, ROLES } from '../../admin/format';
import type { CanaryChange } from '../hooks/use-registry-changes';
import { labelledBy } from './PageNav';
import { canaryCandidates, canaryPercentError, isEmptyCanary, MAX_COHORT_USERS, parseUserIds } from '../registry';

interface Props {
  remote: RemoteState;
  busy: boolean;
  onSetCanary: (change: CanaryChange, update: boolean) => void;
  onEndCanary: () => void;
  /** The remote's heading, which names this section with its own. */
  remoteHeadingId?: string;
}

const DEFAULT_PERCENT = 10;

/** Which check failed; the message is rendered in the current language. */
type Invalid = { percent: boolean; userIds: 'format' | 'tooMany' | null; cohort: boolean };
const VALID: Invalid = { percent: false, userIds: null, cohort: false };

/**
 * Sends a share of users (sticky per user), plus a cohort (roles, accounts) that always gets it,
 * to a release other than the active one. Its fields start from the running canary; the console
 * remounts it (key) whenever the state changes.
 */
export function CanaryForm({ remote, busy, onSetCanary, onEndCanary, remoteHeadingId }: Props) {
  const t = useAdminText();
  const headingId = useId();
  const versionId = useId();
  const percentId = useId();
  const percentErrorId = useId();
  const cohortHintId = useId();
  const userIdsId = useId();
  const userIdsErrorId = useId();
  const cohortErrorId = useId();
  const candidates = canaryCandidates(remote);
  const running = remote.canary;
  const [version, setVersion] = useState(() =>
    running && candidates.includes(running.version) ? running.version : (candidates[0] ?? ''),
  );
  const [percent, setPercent] = useState(String(running?.percent ?? DEFAULT_PERCENT));
  const [roles, setRoles] = useState<Role[]>(() => [...(running?.roles ?? [])]);
  const [userIds, setUserIds] = useState(() => (running?.userIds ?? []).join(', '));
  const [invalid, setInvalid] = useState<Invalid>(VALID);
  const percentError = invalid.percent ? t('platform.canary.percentError') : null;
  const userIdsError =
    invalid.userIds === 'format'
      ? t('platform.canary.userIdsError')
      : invalid.userIds === 'tooMany'
        ? t('platform.canary.userIdsTooMany', { max: MAX_COHORT_USERS })
        : null;
  const emptyCohortError = invalid.cohort ? t('platform.canary.emptyCohort') : null;

  function toggleRole(role: Role, checked: boolean) {
    setRoles((current) =>
      checked ? ROLES.filter((r) => r === role || current.includes(r)) : current.filter((r) => r !== role),
    );
    setInvalid((current) => ({ ...current, cohort: false }));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const percentBad = canaryPercentError(percent, t) !== null;
    const ids = parseUserIds(userIds);
    const share = Number(percent.trim());
    const cohortBad = !percentBad && 'ids' in ids && isEmptyCanary(share, roles, ids.ids);
    setInvalid({ percent: percentBad, userIds: 'problem' in ids ? ids.problem : null, cohort: cohortBad });
    if (percentBad || 'problem' in ids || cohortBad || !version) return;
    onSetCanary({ version, percent: share, roles, userIds: ids.ids }, !!running);
  }

  return (
    <section className="platform-canary" aria-labelledby={labelledBy(headingId, remoteHeadingId)}>
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
                min={0}
                max={100}
                step={1}
                required
                value={percent}
                aria-invalid={percentError || emptyCohortError ? true : undefined}
                aria-describedby={
                  [percentError && percentErrorId, emptyCohortError && cohortErrorId].filter(Boolean).join(' ') ||
                  undefined
                }
                onChange={(e) => {
                  setPercent(e.target.value);
                  setInvalid((current) => ({ ...current, percent: false, cohort: false }));
                }}
              />
              {percentError && (
                <span id={percentErrorId} className="field-error" role="alert">
                  {percentError}
                </span>
              )}
            </div>
          </div>
          <fieldset className="platform-cohort" aria-describedby={cohortHintId}>
            <legend>{t('platform.canary.cohort')}</legend>
            <p id={cohortHintId} className="muted platform-meta">
              {t('platform.canary.cohortHint')}
            </p>
            <div className="platform-cohort-roles">
              {ROLES.map((role) => (
                <label key={role} className="checkbox">
                  <input
                    type="checkbox"
                    checked={roles.includes(role)}
                    onChange={(e) => toggleRole(role, e.target.checked)}
                  />
                  {t(ROLE_KEYS[role])}
                </label>
              ))}
            </div>
            <div className="field">
              <label htmlFor={userIdsId}>{t('platform.canary.userIds')}</label>
              <input
                id={userIdsId}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                value={userIds}
                aria-invalid={userIdsError ? true : undefined}
                aria-describedby={userIdsError ? userIdsErrorId : undefined}
                onChange={(e) => {
                  setUserIds(e.target.value);
                  setInvalid((current) => ({ ...current, userIds: null, cohort: false }));
                }}
              />
              {userIdsError && (
                <span id={userIdsErrorId} className="field-error" role="alert">
                  {userIdsError}
                </span>
              )}
            </div>
          </fieldset>
          {emptyCohortError && (
            <p id={cohortErrorId} className="field-error platform-form-error" role="alert">
              {emptyCohortError}
            </p>
          )}
          <div className="row">
            <button
              type="submit"
              className="btn btn-primary btn-small"
              disabled={busy}
              aria-label={t(running ? 'platform.canary.updateLabel' : 'platform.canary.startLabel', {
                name: remote.name,
              })}
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
