import { useId } from 'react';
import type { AdminUser } from '@flashcard/api-contract';
import { useAdminText } from '../../../i18n';
import { formatDate, ROLE_KEYS } from '../format';
import { TableScroll } from './TableScroll';

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
  const t = useAdminText();
  return (
    <span className={disabled ? 'badge admin-badge-danger' : 'badge'}>
      {disabled ? t('accountStatus.disabled') : t('accountStatus.active')}
    </span>
  );
}

/** The newest accounts (the API sends 10). */
export function RecentUsersTable({ users }: { users: readonly AdminUser[] }) {
  const t = useAdminText();
  const headingId = useId();
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('recentUsers.title')}</h2>
      {users.length === 0 ? (
        <p className="muted">{t('recentUsers.empty')}</p>
      ) : (
        <TableScroll className="admin-table-wrap" labelledBy={headingId}>
          <table className="table admin-table" aria-labelledby={headingId}>
            <thead>
              <tr>
                <th scope="col">{t('columns.user')}</th>
                <th scope="col">{t('columns.role')}</th>
                <th scope="col">{t('columns.joined')}</th>
                <th scope="col">{t('columns.status')}</th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => (
                <tr key={user.id}>
                  <UserCell user={user} />
                  <td className="admin-nowrap">
                    <span className="badge">{t(ROLE_KEYS[user.role])}</span>
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
        </TableScroll>
      )}
    </section>
  );
}
