import { useId } from 'react';
import { Trans } from 'react-i18next';
import type { RemoteState } from '@flashcard/api-contract';
import { useAdminText } from '../../../i18n';
import { ROLE_KEYS } from '../../admin/format';
import { sectionId } from './PageNav';
import type { RegistryChanges } from '../hooks/use-registry-changes';
import { usePreviewLinks } from '../hooks/use-preview-links';
import { CanaryForm } from './CanaryForm';
import { HealthTable } from './HealthTable';
import { PreviewLinks } from './PreviewLinks';
import { ReleasesTable } from './ReleasesTable';

interface Props {
  remote: RemoteState;
  canManage: boolean;
  changes: RegistryChanges;
}

/** One remote area: what browsers load, how each served version fares, its releases and (super admin) its canary and preview links. */
export function RemotePanel({ remote, canManage, changes }: Props) {
  const t = useAdminText();
  const headingId = useId();
  const { name, activeVersion, canary } = remote;
  const previews = usePreviewLinks(name);
  const cohort: string[] = [];
  if (canary?.roles.length)
    cohort.push(t('platform.remote.cohortRoles', { roles: canary.roles.map((role) => t(ROLE_KEYS[role])).join(', ') }));
  if (canary?.userIds.length) cohort.push(t('platform.remote.cohortUsers', { ids: canary.userIds.join(', ') }));

  return (
    <section
      id={sectionId('remote', name)}
      tabIndex={-1}
      className="card stack platform-jump-target"
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className="platform-remote-title platform-mono">
        {name}
      </h2>
      <dl className="platform-facts">
        <div>
          <dt>{t('platform.remote.activeVersion')}</dt>
          <dd className="platform-mono">{activeVersion ?? t('platform.remote.none')}</dd>
        </div>
        <div>
          <dt>{t('platform.remote.canary')}</dt>
          <dd>
            {canary ? (
              <Trans
                t={t}
                i18nKey="platform.remote.canaryShare"
                values={{ version: canary.version, percent: canary.percent }}
                components={{ mono: <span className="platform-mono" /> }}
              />
            ) : (
              t('platform.remote.none')
            )}
          </dd>
        </div>
        {canary && (
          <div>
            <dt>{t('platform.remote.cohort')}</dt>
            <dd>
              {cohort.length === 0
                ? t('platform.remote.none')
                : cohort.map((part) => (
                    <span key={part} className="platform-cohort-part">
                      {part}
                    </span>
                  ))}
            </dd>
          </div>
        )}
      </dl>

      <HealthTable remote={remote} remoteHeadingId={headingId} />

      <ReleasesTable
        remote={remote}
        canManage={canManage}
        busy={changes.busy}
        onPromote={(version, rollback) => void changes.promote(name, version, rollback)}
        previewing={previews.creating}
        onPreview={(version) => void previews.create(version)}
      />

      {canManage && <PreviewLinks name={name} links={previews.links} remoteHeadingId={headingId} />}

      {canManage && (
        <CanaryForm
          // A fresh form (fields from the running canary) whenever the remote's state changes.
          key={`${activeVersion}|${canary?.version}|${canary?.percent}|${canary?.roles.join()}|${canary?.userIds.join()}`}
          remote={remote}
          remoteHeadingId={headingId}
          busy={changes.busy}
          onSetCanary={(change, update) => void changes.setCanary(name, change, update)}
          onEndCanary={() => void changes.endCanary(name)}
        />
      )}
    </section>
  );
}
