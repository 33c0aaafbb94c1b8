import { useId } from 'react';
import { Link } from 'react-router-dom';
import { adminApi, type AdminTotals } from '@flashcard/api-contract';
import { AccessDenied, Spinner } from '@flashcard/shared-ui';
import { formatCount } from '../format';
import { useIsAdmin } from '../hooks/useIsAdmin';
import { useLoad } from '../hooks/useLoad';
import { RecentUsersTable } from './RecentUsersTable';
import '../admin.css';

const STATS: ReadonlyArray<{ key: keyof AdminTotals; label: string }> = [
  { key: 'users', label: 'Total Users' },
  { key: 'activeToday', label: 'Active Today' },
  { key: 'cards', label: 'Total Cards' },
  { key: 'reviews', label: 'Total Reviews' },
  { key: 'sessions', label: 'Study Sessions' },
];

const loadOverview = () => adminApi.overview();

export function AdminPage() {
  const isAdmin = useIsAdmin();
  // The shell hides the nav entry, but the URL can still be typed; the API enforces the rest.
  if (!isAdmin) return <AccessDenied />;
  return <AdminOverview />;
}

function AdminOverview() {
  const actionsId = useId();
  const toolsId = useId();
  const { data, loading, error, reload } = useLoad(loadOverview);

  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1>Admin Dashboard</h1>
          <p className="muted">An overview of the platform.</p>
        </div>
        {/* Relative: /admin/platform in the shell. */}
        <Link to="platform" className="btn btn-primary">
          Platform console
        </Link>
      </header>

      <div className="stack">
        {error !== null && !data && (
          <div className="card row" role="alert">
            <span>The overview could not be loaded.</span>
            <button type="button" className="btn btn-small" onClick={reload}>
              Retry
            </button>
          </div>
        )}
        {loading && !data && <Spinner />}
        {data && (
          <section aria-label="Platform statistics" className="grid grid-4">
            {STATS.map((stat) => (
              <div key={stat.key} className="card" role="group" aria-label={stat.label}>
                <div className="stat-label">{stat.label}</div>
                <div className="stat-value">{formatCount(data.totals[stat.key])}</div>
              </div>
            ))}
          </section>
        )}

        <div className="grid grid-3">
          <section className="card stack" aria-labelledby={actionsId} style={{ gap: '0.75rem' }}>
            <h2 id={actionsId}>Quick Actions</h2>
            {/* Relative links: /admin/users, /admin/audit, /admin/platform in the shell. */}
            <div className="row">
              <Link to="users" className="btn btn-small">
                Manage Users
              </Link>
              <Link to="audit" className="btn btn-small">
                Audit Log
              </Link>
              <Link to="platform" className="btn btn-small">
                Platform Releases
              </Link>
            </div>
          </section>

          <section className="card stack" aria-labelledby={toolsId} style={{ gap: '0.75rem' }}>
            <h2 id={toolsId}>Admin Tools</h2>
            {/* Server-rendered pages: plain links so the browser leaves the SPA. */}
            <ul className="stack" style={{ margin: 0, paddingLeft: '1.2rem', gap: '0.4rem' }}>
              <li>
                <a href="/legacy-admin">Legacy Admin Panel</a>
              </li>
              <li>
                <a href="/super-admin">Super Admin Panel</a>
              </li>
            </ul>
          </section>
        </div>

        {data && <RecentUsersTable users={data.recentUsers} />}
      </div>
    </div>
  );
}
