import { useId } from 'react';
import { Link } from 'react-router-dom';
import { adminApi, type AdminTotals } from '@flashcard/api-contract';
import { AccessDenied, Spinner, useLoad } from '@flashcard/shared-ui';
import { useAdminText } from '../../../i18n';
import { formatCount } from '../format';
import { useIsAdmin } from '../hooks/use-is-admin';
import { RecentUsersTable } from './RecentUsersTable';
import '../admin.css';

const STATS: ReadonlyArray<keyof AdminTotals> = ['users', 'activeToday', 'cards', 'reviews', 'sessions'];

const loadOverview = () => adminApi.overview();

export function AdminPage() {
  const isAdmin = useIsAdmin();
  // The shell hides the nav entry, but the URL can still be typed; the API enforces the rest.
  if (!isAdmin) return <AccessDenied />;
  return <AdminOverview />;
}

function AdminOverview() {
  const t = useAdminText();
  const actionsId = useId();
  const { state, reload } = useLoad(loadOverview);
  const { data } = state;

  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1>{t('dashboard.title')}</h1>
          <p className="muted">{t('dashboard.subtitle')}</p>
        </div>
        {/* Relative: /admin/platform in the shell. */}
        <Link to="platform" className="btn btn-primary">
          {t('dashboard.platformConsole')}
        </Link>
      </header>

      <div className="stack">
        {state.status === 'failed' && !data && (
          <div className="card row" role="alert">
            <span>{t('dashboard.loadFailed')}</span>
            <button type="button" className="btn btn-small" onClick={reload}>
              {t('common.retry')}
            </button>
          </div>
        )}
        {state.status === 'loading' && !data && <Spinner />}
        {data && (
          <section aria-label={t('dashboard.statistics')} className="grid grid-4">
            {STATS.map((stat) => (
              <div key={stat} className="card" role="group" aria-label={t(`dashboard.stats.${stat}`)}>
                <div className="stat-label">{t(`dashboard.stats.${stat}`)}</div>
                <div className="stat-value">{formatCount(data.totals[stat])}</div>
              </div>
            ))}
          </section>
        )}

        <section className="card stack" aria-labelledby={actionsId} style={{ gap: '0.75rem' }}>
          <h2 id={actionsId}>{t('dashboard.quickActions')}</h2>
          {/* Relative links: /admin/users, /admin/audit, /admin/platform in the shell. */}
          <div className="row">
            <Link to="users" className="btn btn-small">
              {t('dashboard.manageUsers')}
            </Link>
            <Link to="audit" className="btn btn-small">
              {t('dashboard.auditLog')}
            </Link>
            <Link to="platform" className="btn btn-small">
              {t('dashboard.platformReleases')}
            </Link>
          </div>
        </section>

        {data && <RecentUsersTable users={data.recentUsers} />}
      </div>
    </div>
  );
}
