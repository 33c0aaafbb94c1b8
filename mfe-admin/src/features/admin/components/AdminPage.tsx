import { useId } from 'react';
import { toast } from 'react-hot-toast';
import { Link } from 'react-router-dom';
import { useIsAdmin } from '../hooks/useIsAdmin';
import { ADMIN_STATS, QUICK_ACTIONS } from '../sampleData';
import { AccessDenied } from '@flashcard/shared-ui';
import { RecentUsersTable } from './RecentUsersTable';

export function AdminPage() {
  const isAdmin = useIsAdmin();
  const actionsId = useId();
  const toolsId = useId();

  // The shell hides the nav entry, but the URL can still be typed; the API enforces the rest.
  if (!isAdmin) return <AccessDenied />;

  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1>Admin Dashboard</h1>
          <p className="muted">An overview of the platform (sample data).</p>
        </div>
        {/* Relative: /admin/platform in the shell. */}
        <Link to="platform" className="btn btn-primary">
          Platform console
        </Link>
      </header>

      <div className="stack">
        <section aria-label="Platform statistics" className="grid grid-4">
          {ADMIN_STATS.map((stat) => (
            <div key={stat.label} className="card" role="group" aria-label={stat.label}>
              <div className="stat-label">{stat.label}</div>
              <div className="stat-value">{stat.value}</div>
            </div>
          ))}
        </section>

        <div className="grid grid-3">
          <section className="card stack" aria-labelledby={actionsId} style={{ gap: '0.75rem' }}>
            <h2 id={actionsId}>Quick Actions</h2>
            <div className="row">
              {QUICK_ACTIONS.map((action) => (
                <button
                  key={action}
                  type="button"
                  className="btn btn-small"
                  // Sample screen: say so instead of a button that silently does nothing.
                  onClick={() => toast(`${action} is not available yet`)}
                >
                  {action}
                </button>
              ))}
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

        <RecentUsersTable />
      </div>
    </div>
  );
}
