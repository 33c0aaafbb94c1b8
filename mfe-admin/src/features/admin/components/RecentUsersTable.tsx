import { useId } from 'react';
import type { AdminUser } from '@flashcard/api-contract';
import { formatDate, ROLE_LABELS } from '../format';

/** Name (or e-mail) with the e-mail beneath: one concise column that fits a phone. */
export function UserCell({ user }: { user: AdminUser }) {
  return (
    <th scope="row" className="admin-user-cell">
      {user.display_name || user.email}
      {user.display_name && <span className="muted">{user.email}</span>}
    </th>
  );
}

export function StatusBadge({ disabled }: { disabled: boolean }) {
  return <span className={disabled ? 'badge admin-badge-danger' : 'badge'}>{disabled ? 'Disabled' : 'Active'}</span>;
}

/** The newest accounts (the API sends 10). */
export function RecentUsersTable({ users }: { users: readonly AdminUser[] }) {
  const headingId = useId();
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>Recent Users</h2>
      {users.length === 0 ? (
        <p className="muted">No users yet.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="table admin-table" aria-labelledby={headingId}>
            <thead>
              <tr>
                <th scope="col">User</th>
                <th scope="col">Role</th>
                <th scope="col">Joined</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => (
                <tr key={user.id}>
                  <UserCell user={user} />
                  <td className="admin-nowrap">
                    <span className="badge">{ROLE_LABELS[user.role]}</span>
                  </td>
                  <td className="admin-nowrap">
                    <time dateTime={user.created_at}>{formatDate(user.created_at)}</time>
                  </td>
                  <td>
                    <StatusBadge disabled={user.disabled} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
