import { useId } from 'react';
import type { RemoteState } from '@flashcard/api-contract';
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
  const headingId = useId();
  const { name, activeVersion, canary } = remote;

  return (
    <section className="card stack" aria-labelledby={headingId}>
      <h2 id={headingId} className="platform-remote-title platform-mono">
        {name}
      </h2>
      <dl className="platform-facts">
        <div>
          <dt>Active version</dt>
          <dd className="platform-mono">{activeVersion ?? 'None'}</dd>
        </div>
        <div>
          <dt>Canary</dt>
          <dd>
            {canary ? (
              <>
                <span className="platform-mono">{canary.version}</span> to {canary.percent}% of users
              </>
            ) : (
              'None'
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
