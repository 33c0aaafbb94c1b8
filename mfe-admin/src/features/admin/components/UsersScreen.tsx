// /admin/users: search accounts by e-mail or display name, page through them, change a role
// (super_admin only) and disable or enable an account, each after a confirmation.
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'react-hot-toast';
import { Link } from 'react-router-dom';
import { ADMIN_PAGE_SIZE, adminApi, type AdminUser, type Role } from '@flashcard/api-contract';
import { useAuthStore } from '@flashcard/shared-auth';
import { AccessDenied, Spinner, useLoad } from '@flashcard/shared-ui';
import { useAdminText, type AdminText } from '../../../i18n';
import { formatCount, formatDate, ROLE_KEYS, ROLES } from '../format';
import { useIsAdmin } from '../hooks/use-is-admin';
import { StatusBadge, UserCell } from './RecentUsersTable';
import '../admin.css';
import { TableScroll } from './TableScroll';

type Pending = { kind: 'role'; user: AdminUser; role: Role } | { kind: 'disable' | 'enable'; user: AdminUser };

const nameOf = (user: AdminUser) => user.display_name || user.email;

function question(t: AdminText, pending: Pending): string {
  const name = nameOf(pending.user);
  if (pending.kind === 'role') return t('users.confirm.role', { name, role: t(ROLE_KEYS[pending.role]) });
  return t(`users.confirm.${pending.kind}`, { name });
}

function done(t: AdminText, pending: Pending): string {
  const name = nameOf(pending.user);
  if (pending.kind === 'role') return t('users.done.role', { name, role: t(ROLE_KEYS[pending.role]) });
  return t(`users.done.${pending.kind}`, { name });
}

export function UsersScreen() {
  const isAdmin = useIsAdmin();
  if (!isAdmin) return <AccessDenied />;
  return <Users />;
}

function Users() {
  const t = useAdminText();
  const me = useAuthStore((s) => s.user);
  const isSuperAdmin = me?.role === 'super_admin';
  const headingId = useId();
  const searchId = useId();
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState('');
  const [offset, setOffset] = useState(0);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const { state, reload } = useLoad(() => adminApi.users(query, offset, ADMIN_PAGE_SIZE), [query, offset]);
  const { data } = state;
  const loading = state.status === 'loading';

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQuery(draft.trim());
    setOffset(0);
  };

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      const { user } = pending;
      if (pending.kind === 'role') await adminApi.setRole(user.id, pending.role);
      else if (pending.kind === 'disable') await adminApi.disable(user.id);
      else await adminApi.enable(user.id);
      toast.success(done(t, pending));
      setPending(null);
      reload();
    } catch {
      // The shared client has already shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  const total = data?.total ?? 0;
  const first = total === 0 ? 0 : offset + 1;
  const last = Math.min(offset + ADMIN_PAGE_SIZE, total);

  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1>{t('users.title')}</h1>
          <p className="muted">{t('users.subtitle')}</p>
        </div>
        <Link to=".." className="btn">
          {t('common.backToAdmin')}
        </Link>
      </header>

      <div className="stack">
        <form className="card admin-search" role="search" onSubmit={search}>
          <label htmlFor={searchId}>
            {t('users.searchLabel')}
            <input
              id={searchId}
              className="input"
              type="search"
              value={draft}
              maxLength={100}
              onChange={(event) => setDraft(event.target.value)}
            />
          </label>
          <button type="submit" className="btn btn-primary">
            {t('users.search')}
          </button>
        </form>

        {pending && (
          <div
            className="card admin-confirm stack"
            role="alertdialog"
            aria-label={t('users.confirm.label')}
            aria-describedby={`${headingId}-q`}
          >
            <p id={`${headingId}-q`} style={{ margin: 0 }}>
              {question(t, pending)}
            </p>
            <div className="row">
              <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void confirm()}>
                {t('users.confirm.confirm')}
              </button>
              <button type="button" className="btn" disabled={busy} onClick={() => setPending(null)}>
                {t('users.confirm.cancel')}
              </button>
            </div>
          </div>
        )}

        <section className="card" aria-labelledby={headingId}>
          <h2 id={headingId}>{query ? t('users.matching', { query }) : t('users.allUsers')}</h2>
          {state.status === 'failed' && !data && (
            <div className="row" role="alert">
              <span>{t('users.loadFailed')}</span>
              <button type="button" className="btn btn-small" onClick={reload}>
                {t('common.retry')}
              </button>
            </div>
          )}
          {loading && !data && <Spinner />}
          {data && data.users.length === 0 && <p className="muted">{t('users.empty')}</p>}
          {data && data.users.length > 0 && (
            <TableScroll className="admin-table-wrap" labelledBy={headingId}>
              <table className="table admin-table admin-table-stacked" aria-labelledby={headingId}>
                <thead>
                  <tr>
                    <th scope="col">{t('columns.user')}</th>
                    <th scope="col">{t('columns.role')}</th>
                    <th scope="col">{t('columns.joined')}</th>
                    <th scope="col">{t('columns.status')}</th>
                    <th scope="col">{t('columns.actions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.users.map((user) => {
                    const self = user.id === me?.id;
                    const protectedAccount = user.role === 'super_admin' && !isSuperAdmin;
                    return (
                      <tr key={user.id}>
                        <UserCell user={user} />
                        <td className="admin-nowrap" data-label={t('columns.role')}>
                          {isSuperAdmin && !self ? (
                            <select
                              className="input"
                              aria-label={t('users.roleOf', { email: user.email })}
                              value={user.role}
                              disabled={busy}
                              onChange={(event) => {
                                const role = event.target.value as Role;
                                if (role !== user.role) setPending({ kind: 'role', user, role });
                              }}
                            >
                              {ROLES.map((role) => (
                                <option key={role} value={role}>
                                  {t(ROLE_KEYS[role])}
                                </option>
                              ))}
                            </select>
                          ) : (
                            <span className="badge">{t(ROLE_KEYS[user.role])}</span>
                          )}
                        </td>
                        <td className="admin-nowrap" data-label={t('columns.joined')}>
                          <time dateTime={user.created_at}>{formatDate(user.created_at)}</time>
                        </td>
                        <td data-label={t('columns.status')}>
                          <StatusBadge disabled={user.disabled} />
                        </td>
                        <td className="admin-nowrap" data-label={t('columns.actions')}>
                          {!self && !protectedAccount && (
                            <button
                              type="button"
                              className="btn btn-small"
                              disabled={busy}
                              aria-label={
                                user.disabled
                                  ? t('users.enableUser', { email: user.email })
                                  : t('users.disableUser', { email: user.email })
                              }
                              onClick={() => setPending({ kind: user.disabled ? 'enable' : 'disable', user })}
                            >
                              {user.disabled ? t('users.enable') : t('users.disable')}
                            </button>
                          )}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </TableScroll>
          )}
          {data && total > 0 && (
            <nav
              className="row"
              aria-label={t('common.pages')}
              style={{ marginTop: '0.75rem', justifyContent: 'space-between' }}
            >
              <span className="muted">
                {t('users.range', { first: formatCount(first), last: formatCount(last), total: formatCount(total) })}
              </span>
              <span className="row">
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
              </span>
            </nav>
          )}
        </section>
      </div>
    </div>
  );
}
