// /admin/audit: every role change, disable and enable, newest first, in pages.
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { ADMIN_PAGE_SIZE, adminApi } from '@flashcard/api-contract';
import { AccessDenied, Spinner, useLoad } from '@flashcard/shared-ui';
import { useAdminText } from '../../../i18n';
import { ACTION_KEYS, formatDateTime } from '../format';
import { useIsAdmin } from '../hooks/use-is-admin';
import '../admin.css';
import { TableScroll } from './TableScroll';

export function AuditScreen() {
  const isAdmin = useIsAdmin();
  if (!isAdmin) return <AccessDenied />;
  return <Audit />;
}

function Audit() {
  const t = useAdminText();
  const headingId = useId();
  const [offset, setOffset] = useState(0);
  const { state, reload } = useLoad(() => adminApi.audit(offset, ADMIN_PAGE_SIZE), [offset]);
  const { data } = state;
  const loading = state.status === 'loading';
  const total = data?.total ?? 0;
  const last = Math.min(offset + ADMIN_PAGE_SIZE, total);

  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1>{t('audit.title')}</h1>
          <p className="muted">{t('audit.subtitle')}</p>
        </div>
        <Link to=".." className="btn">
          {t('common.backToAdmin')}
        </Link>
      </header>
      <section className="card" aria-labelledby={headingId}>
        <h2 id={headingId}>{t('audit.actionsHeading')}</h2>
        {state.status === 'failed' && !data && (
          <div className="row" role="alert">
            <span>{t('audit.loadFailed')}</span>
            <button type="button" className="btn btn-small" onClick={reload}>
              {t('common.retry')}
            </button>
          </div>
        )}
        {loading && !data && <Spinner />}
        {data && data.events.length === 0 && <p className="muted">{t('audit.empty')}</p>}
        {data && data.events.length > 0 && (
          <TableScroll className="admin-table-wrap" labelledBy={headingId}>
            <table className="table admin-table" aria-labelledby={headingId}>
              <thead>
                <tr>
                  <th scope="col">{t('audit.columns.when')}</th>
                  <th scope="col">{t('audit.columns.what')}</th>
                  <th scope="col">{t('audit.columns.target')}</th>
                  <th scope="col">{t('audit.columns.by')}</th>
                </tr>
              </thead>
              <tbody>
                {data.events.map((event) => (
                  <tr key={event.id}>
                    <th scope="row" className="admin-nowrap">
                      <time dateTime={event.at}>{formatDateTime(event.at)}</time>
                    </th>
                    <td>
                      {t(ACTION_KEYS[event.action])}
                      {/* The server's detail (role values, 'user -> admin') is shown as sent. */}
                      {event.detail && <span className="muted"> ({event.detail.replace('->', '→')})</span>}
                    </td>
                    <td className="admin-user-cell">{event.targetEmail}</td>
                    <td className="admin-user-cell">{event.actorEmail}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
        {data && total > ADMIN_PAGE_SIZE && (
          <nav className="row" aria-label={t('common.pages')} style={{ marginTop: '0.75rem' }}>
            <button
              type="button"
              className="btn btn-small"
              disabled={offset === 0 || loading}
              onClick={() => setOffset(Math.max(0, offset - ADMIN_PAGE_SIZE))}
            >
              {t('common.previousPage')}
            </button>
            <button
              type="button"
              className="btn btn-small"
              disabled={last >= total || loading}
              onClick={() => setOffset(offset + ADMIN_PAGE_SIZE)}
            >
              {t('common.nextPage')}
            </button>
          </nav>
        )}
      </section>
    </div>
  );
}
