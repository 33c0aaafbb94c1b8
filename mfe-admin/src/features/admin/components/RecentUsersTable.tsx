import { useId } from 'react';
import { RECENT_USERS, ROLE_LABELS } from '../sampleData';

// Fixed locale and UTC: sample dates must not shift by the viewer's time zone.
const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

export function RecentUsersTable() {
  const headingId = useId();
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>Recent Users</h2>
      <div style={{ overflowX: 'auto' }}>
        <table className="table" aria-labelledby={headingId}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Joined</th>
            </tr>
          </thead>
          <tbody>
            {RECENT_USERS.map((user) => (
              <tr key={user.id}>
                <th scope="row">{user.name}</th>
                <td>{user.email}</td>
                <td>
                  <span className="badge">{ROLE_LABELS[user.role]}</span>
                </td>
                <td>
                  <time dateTime={user.joined}>{dateFormat.format(new Date(`${user.joined}T00:00:00Z`))}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
