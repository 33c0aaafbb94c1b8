import { useId } from 'react';
import { Link } from 'react-router-dom';
import { getErrorMessage } from '@flashcard/shared-auth';
import { AccessDenied, Spinner } from '@flashcard/shared-ui';
import { useIsAdmin } from '../../admin/hooks/useIsAdmin';
import { formatKB } from '../format';
import { useIsSuperAdmin } from '../hooks/useIsSuperAdmin';
import { usePlatformOverview } from '../hooks/usePlatformOverview';
import { useRegistryChanges } from '../hooks/useRegistryChanges';
import { AuditList } from './AuditList';
import { RemotePanel } from './RemotePanel';
import '../platform.css';

const LOAD_FAILED = 'Could not load the platform registry.';

/** /admin/platform: the registry of remote releases. Admins read it; super admins change it. */
export function PlatformConsole() {
  const isAdmin = useIsAdmin();
  // The shell hides the nav entry, but the URL can still be typed; the API enforces the rest.
  if (!isAdmin) return <AccessDenied />;
  return <Console />;
}

function Console() {
  const canManage = useIsSuperAdmin();
  const { overview, loading, error, reload } = usePlatformOverview();
  const changes = useRegistryChanges(reload);
  const summaryId = useId();

  return (
    <div className="page">
      <header className="page-header">
        <div>
          <Link to=".." className="platform-back">
            <span aria-hidden="true">← </span>Admin dashboard
          </Link>
          <h1>Platform console</h1>
          <p className="muted" style={{ margin: 0 }}>
            Releases of every remote area, what browsers load and what failed.
          </p>
        </div>
        {overview && (
          <button type="button" className="btn btn-small" onClick={() => void reload()} disabled={loading}>
            {loading ? 'Refreshing...' : 'Refresh'}
          </button>
        )}
      </header>

      {!overview && loading && <Spinner label="Loading the platform registry..." />}

      {!overview && !loading && error !== null && (
        <div className="card stack" role="alert" style={{ maxWidth: 520 }}>
          <p style={{ margin: 0 }}>{getErrorMessage(error, LOAD_FAILED)}</p>
          <div>
            <button type="button" className="btn btn-primary" onClick={() => void reload()}>
              Retry
            </button>
          </div>
        </div>
      )}

      {overview && (
        <div className="stack" aria-busy={loading || changes.busy}>
          {error !== null && !loading && (
            <div className="alert alert-error row" role="alert" style={{ margin: 0 }}>
              <span>Could not refresh; showing the last loaded registry.</span>
              <button type="button" className="btn btn-small" onClick={() => void reload()}>
                Retry
              </button>
            </div>
          )}

          {!canManage && (
            <p className="platform-note muted" role="note">
              Read only: only super admins can change the registry.
            </p>
          )}

          <section aria-labelledby={summaryId} className="grid grid-4">
            <h2 id={summaryId} className="visually-hidden">
              Platform
            </h2>
            <div className="card" role="group" aria-label="Kernel version">
              <div className="stat-label">Kernel version</div>
              <div className="stat-value platform-stat-value platform-mono">{overview.kernelVersion}</div>
            </div>
            <div className="card" role="group" aria-label="Size budget">
              <div className="stat-label">Size budget (first load, gzip)</div>
              <div className="stat-value platform-stat-value">{formatKB(overview.budgetGzipBytes)}</div>
            </div>
          </section>

          {overview.remotes.length === 0 ? (
            <p className="card muted" style={{ margin: 0 }}>
              No remote has published a release yet.
            </p>
          ) : (
            overview.remotes.map((remote) => (
              <RemotePanel key={remote.name} remote={remote} canManage={canManage} changes={changes} />
            ))
          )}

          <AuditList events={overview.events} />
        </div>
      )}
    </div>
  );
}
