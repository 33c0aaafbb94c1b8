// /admin/users: search accounts by e-mail or display name, page through them, change a role
// (super_admin only) and disable or enable an account, each after a confirmation.
import { useCallback, useId, useState, type FormEvent } from 'react';
import { toast } from 'react-hot-toast';
import { Link } from 'react-router-dom';
import { ADMIN_PAGE_SIZE, adminApi, type AdminUser, type Role } from '@flashcard/api-contract';
import { useAuthStore } from '@flashcard/shared-auth';
import { AccessDenied, Spinner } from '@flashcard/shared-ui';
import { formatDate, ROLE_LABELS, ROLES } from '../format';
import { useIsAdmin } from '../hooks/useIsAdmin';
import { useLoad } from '../hooks/useLoad';
import { StatusBadge, UserCell } from './RecentUsersTable';
import '../admin.css';

type Pending = { kind: 'role'; user: AdminUser; role: Role } | { kind: 'disable' | 'enable'; user: AdminUser };

const nameOf = (user: AdminUser) => user.display_name || user.email;

function question(pending: Pending): string {
  if (pending.kind === 'role') return `Change the role of ${nameOf(pending.user)} to ${ROLE_LABELS[pending.role]}?`;
  if (pending.kind === 'disable') return `Disable ${nameOf(pending.user)}? They are signed out and cannot sign in until enabled.`;
  return `Enable ${nameOf(pending.user)}? They can sign in again.`;
}

export function UsersScreen() {
  const isAdmin = useIsAdmin();
  if (!isAdmin) return <AccessDenied />;
  return <Users />;
}

function Users() {
  const me = useAuthStore((s) => s.user);
  const isSuperAdmin = me?.role === 'super_admin';
  const headingId = useId();
  const searchId = useId();
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState('');
  const [offset, setOffset] = useState(0);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const load = useCallback(() => adminApi.users(query, offset, ADMIN_PAGE_SIZE), [query, offset]);
  const { data, loading, error, reload } = useLoad(load);

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
      toast.success(
        pending.kind === 'role'
          ? `${nameOf(user)} is now ${ROLE_LABELS[pending.role]}`
          : `${nameOf(user)} is ${pending.kind === 'disable' ? 'disabled' : 'enabled'}`,
      );
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
          <h1>Users</h1>
          <p className="muted">Search accounts, change roles, disable or enable sign-in.</p>
        </div>
        <Link to=".." className="btn">
          Back to Admin
        </Link>
      </header>

      <div className="stack">
        <form className="card admin-search" role="search" onSubmit={search}>
          <label htmlFor={searchId}>
            Search by e-mail or name
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
            Search
          </button>
        </form>

        {pending && (
          <div className="card admin-confirm stack" role="alertdialog" aria-label="Confirm" aria-describedby={`${headingId}-q`}>
            <p id={`${headingId}-q`} style={{ margin: 0 }}>
              {question(pending)}
            </p>
            <div className="row">
              <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void confirm()}>
                Confirm
              </button>
              <button type="button" className="btn" disabled={busy} onClick={() => setPending(null)}>
                Cancel
              </button>
            </div>
          </div>
        )}

        <section className="card" aria-labelledby={headingId}>
          <h2 id={headingId}>{query ? `Users matching "${query}"` : 'All users'}</h2>
          {error !== null && !data && (
            <div className="row" role="alert">
              <span>The users could not be loaded.</span>
              <button type="button" className="btn btn-small" onClick={reload}>
                Retry
              </button>
            </div>
          )}
          {loading && !data && <Spinner />}
          {data && data.users.length === 0 && <p className="muted">No users found.</p>}
          {data && data.users.length > 0 && (
            <div className="admin-table-wrap">
              <table className="table admin-table" aria-labelledby={headingId}>
                <thead>
                  <tr>
                    <th scope="col">User</th>
                    <th scope="col">Role</th>
                    <th scope="col">Joined</th>
                    <th scope="col">Status</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {data.users.map((user) => {
                    const self = user.id === me?.id;
                    const protectedAccount = user.role === 'super_admin' && !isSuperAdmin;
                    return (
                      <tr key={user.id}>
                        <UserCell user={user} />
                        <td className="admin-nowrap">
                          {isSuperAdmin && !self ? (
                            <select
                              className="input"
                              aria-label={`Role of ${user.email}`}
                              value={user.role}
                              disabled={busy}
                              onChange={(event) => {
                                const role = event.target.value as Role;
                                if (role !== user.role) setPending({ kind: 'role', user, role });
                              }}
                            >
                              {ROLES.map((role) => (
                                <option key={role} value={role}>
                                  {ROLE_LABELS[role]}
                                </option>
                              ))}
                            </select>
                          ) : (
                            <span className="badge">{ROLE_LABELS[user.role]}</span>
                          )}
                        </td>
                        <td className="admin-nowrap">
                          <time dateTime={user.created_at}>{formatDate(user.created_at)}</time>
                        </td>
                        <td>
                          <StatusBadge disabled={user.disabled} />
                        </td>
                        <td className="admin-nowrap">
                          {!self && !protectedAccount && (
                            <button
                              type="button"
                              className="btn btn-small"
                              disabled={busy}
                              aria-label={`${user.disabled ? 'Enable' : 'Disable'} ${user.email}`}
                              onClick={() => setPending({ kind: user.disabled ? 'enable' : 'disable', user })}
                            >
                              {user.disabled ? 'Enable' : 'Disable'}
                            </button>
                          )}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
          {data && total > 0 && (
            <nav className="row" aria-label="Pages" style={{ marginTop: '0.75rem', justifyContent: 'space-between' }}>
              <span className="muted">
                {first}–{last} of {total}
              </span>
              <span className="row">
                <button
                  type="button"
                  className="btn btn-small"
                  disabled={offset === 0 || loading}
                  onClick={() => setOffset(Math.max(0, offset - ADMIN_PAGE_SIZE))}
                >
                  Previous page
                </button>
                <button
                  type="button"
                  className="btn btn-small"
                  disabled={last >= total || loading}
                  onClick={() => setOffset(offset + ADMIN_PAGE_SIZE)}
                >
                  Next page
                </button>
              </span>
            </nav>
          )}
        </section>
      </div>
    </div>
  );
}
