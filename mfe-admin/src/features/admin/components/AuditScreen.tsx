// /admin/audit: every role change, disable and enable, newest first, in pages.
import { useCallback, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { ADMIN_PAGE_SIZE, adminApi } from '@flashcard/api-contract';
import { AccessDenied, Spinner } from '@flashcard/shared-ui';
import { ACTION_LABELS, formatDateTime } from '../format';
import { useIsAdmin } from '../hooks/useIsAdmin';
import { useLoad } from '../hooks/useLoad';
import '../admin.css';

export function AuditScreen() {
  const isAdmin = useIsAdmin();
  if (!isAdmin) return <AccessDenied />;
  return <Audit />;
}

function Audit() {
  const headingId = useId();
  const [offset, setOffset] = useState(0);
  const load = useCallback(() => adminApi.audit(offset, ADMIN_PAGE_SIZE), [offset]);
  const { data, loading, error, reload } = useLoad(load);
  const total = data?.total ?? 0;
  const last = Math.min(offset + ADMIN_PAGE_SIZE, total);

  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1>Audit log</h1>
          <p className="muted">Role changes and disabled or enabled accounts.</p>
        </div>
        <Link to=".." className="btn">
          Back to Admin
        </Link>
      </header>
      <section className="card" aria-labelledby={headingId}>
        <h2 id={headingId}>Admin actions</h2>
        {error !== null && !data && (
          <div className="row" role="alert">
            <span>The audit log could not be loaded.</span>
            <button type="button" className="btn btn-small" onClick={reload}>
              Retry
            </button>
          </div>
        )}
        {loading && !data && <Spinner />}
        {data && data.events.length === 0 && <p className="muted">No admin actions yet.</p>}
        {data && data.events.length > 0 && (
          <div className="admin-table-wrap">
            <table className="table admin-table" aria-labelledby={headingId}>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">What</th>
                  <th scope="col">Target</th>
                  <th scope="col">By</th>
                </tr>
              </thead>
              <tbody>
                {data.events.map((event) => (
                  <tr key={event.id}>
                    <th scope="row" className="admin-nowrap">
                      <time dateTime={event.at}>{formatDateTime(event.at)}</time>
                    </th>
                    <td>
                      {ACTION_LABELS[event.action]}
                      {event.detail && <span className="muted"> ({event.detail.replace('->', '→')})</span>}
                    </td>
                    <td className="admin-user-cell">{event.targetEmail}</td>
                    <td className="admin-user-cell">{event.actorEmail}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {data && total > ADMIN_PAGE_SIZE && (
          <nav className="row" aria-label="Pages" style={{ marginTop: '0.75rem' }}>
            <button type="button" className="btn btn-small" disabled={offset === 0 || loading} onClick={() => setOffset(Math.max(0, offset - ADMIN_PAGE_SIZE))}>
              Previous page
            </button>
            <button type="button" className="btn btn-small" disabled={last >= total || loading} onClick={() => setOffset(offset + ADMIN_PAGE_SIZE)}>
              Next page
            </button>
          </nav>
        )}
      </section>
    </div>
  );
}
