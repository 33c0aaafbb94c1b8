import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { getErrorMessage } from '@flashcard/shared-auth';
import { AccessDenied, Spinner } from '@flashcard/shared-ui';
import { useAdminText } from '../../../i18n';
import { useIsAdmin } from '../../admin/hooks/use-is-admin';
import { formatKB } from '../format';
import { useIsSuperAdmin } from '../hooks/use-is-super-admin';
import { usePlatformOverview } from '../hooks/use-platform-overview';
import { useRegistryChanges } from '../hooks/use-registry-changes';
import { AuditList } from './AuditList';
import { DeployTokens } from './DeployTokens';
import { PageNav } from './PageNav';
import { RemotePanel } from './RemotePanel';
import { ServicesPanel } from './ServicesPanel';
import '../platform.css';

/** /admin/platform: the registry of remote releases. Admins read it; super admins change it. */
export function PlatformConsole() {
  const isAdmin = useIsAdmin();
  // The shell hides the nav entry, but the URL can still be typed; the API enforces the rest.
  if (!isAdmin) return <AccessDenied />;
  return <Console />;
}

function Console() {
  const t = useAdminText();
  const canManage = useIsSuperAdmin();
  const { overview, loading, error, reload } = usePlatformOverview();
  const changes = useRegistryChanges(reload);
  const summaryId = useId();
  // The header's Refresh checks the services again too: it is the whole console's.
  const [refreshes, setRefreshes] = useState(0);
  const refresh = () => {
    setRefreshes((count) => count + 1);
    void reload();
  };

  return (
    <div className="page">
      <header className="page-header">
        <div>
          <Link to=".." className="platform-back">
            <span aria-hidden="true">← </span>
            {t('platform.backToDashboard')}
          </Link>
          <h1>{t('platform.title')}</h1>
          <p className="muted" style={{ margin: 0 }}>
            {t('platform.subtitle')}
          </p>
        </div>
        {overview && (
          <button type="button" className="btn btn-small" onClick={refresh} disabled={loading}>
            {loading ? t('platform.refreshing') : t('platform.refresh')}
          </button>
        )}
      </header>

      {!overview && loading && <Spinner label={t('platform.loading')} />}

      {!overview && !loading && error !== null && (
        <div className="card stack" role="alert" style={{ maxWidth: 520 }}>
          <p style={{ margin: 0 }}>{getErrorMessage(error, t('platform.loadFailed'))}</p>
          <div>
            <button type="button" className="btn btn-primary" onClick={() => void reload()}>
              {t('common.retry')}
            </button>
          </div>
        </div>
      )}

      {overview && (
        <div className="stack" aria-busy={loading || changes.busy}>
          {error !== null && !loading && (
            <div className="alert alert-error row" role="alert" style={{ margin: 0 }}>
              <span>{t('platform.refreshFailed')}</span>
              <button type="button" className="btn btn-small" onClick={() => void reload()}>
                {t('common.retry')}
              </button>
            </div>
          )}

          <PageNav remotes={overview.remotes.map((remote) => remote.name)} />

          {!canManage && (
            <p className="platform-note muted" role="note">
              {t('platform.readOnly')}
            </p>
          )}

          <section aria-labelledby={summaryId} className="grid grid-4">
            <h2 id={summaryId} className="visually-hidden">
              {t('platform.summary')}
            </h2>
            <div className="card" role="group" aria-label={t('platform.kernelVersion')}>
              <div className="stat-label">{t('platform.kernelVersion')}</div>
              <div className="stat-value platform-stat-value platform-mono">{overview.kernelVersion}</div>
            </div>
            <div className="card" role="group" aria-label={t('platform.sizeBudget')}>
              <div className="stat-label">{t('platform.sizeBudgetCaption')}</div>
              <div className="stat-value platform-stat-value">{formatKB(overview.budgetGzipBytes)}</div>
            </div>
          </section>

          {overview.remotes.length === 0 ? (
            <p className="card muted" style={{ margin: 0 }}>
              {t('platform.noRemotes')}
            </p>
          ) : (
            overview.remotes.map((remote) => (
              <RemotePanel key={remote.name} remote={remote} canManage={canManage} changes={changes} />
            ))
          )}

          <ServicesPanel
            canManage={canManage}
            remoteNames={overview.remotes.map((remote) => remote.name)}
            refreshes={refreshes}
          />

          <DeployTokens canManage={canManage} remoteNames={overview.remotes.map((remote) => remote.name)} />

          <AuditList events={overview.events} />
        </div>
      )}
    </div>
  );
}
