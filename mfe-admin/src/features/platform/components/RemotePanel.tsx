import { useId } from 'react';
import { Trans } from 'react-i18next';
import type { RemoteState } from '@flashcard/api-contract';
import { useAdminText } from '../../../i18n';
import type { RegistryChanges } from '../hooks/useRegistryChanges';
import { CanaryForm } from './CanaryForm';
import { LoadFailures } from './LoadFailures';
import { ReleasesTable } from './ReleasesTable';

interface Props {
  remote: RemoteState;
  canManage: boolean;
  changes: RegistryChanges;
}

/** One remote area: what browsers load, what failed, its releases and (super admin) its canary. */
export function RemotePanel({ remote, canManage, changes }: Props) {
  const t = useAdminText();
  const headingId = useId();
  const { name, activeVersion, canary } = remote;

  return (
    <section className="card stack" aria-labelledby={headingId}>
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
      </dl>

      <LoadFailures remote={remote} />

      <ReleasesTable
        remote={remote}
        canManage={canManage}
        busy={changes.busy}
        onPromote={(version, rollback) => void changes.promote(name, version, rollback)}
      />

      {canManage && (
        <CanaryForm
          // A fresh form (fields from the running canary) whenever the remote's state changes.
          key={`${activeVersion}|${canary?.version}|${canary?.percent}`}
          remote={remote}
          busy={changes.busy}
          onSetCanary={(version, percent, update) => void changes.setCanary(name, version, percent, update)}
          onEndCanary={() => void changes.endCanary(name)}
        />
      )}
    </section>
  );
}
