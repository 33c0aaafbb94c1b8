import type { RemoteState } from '@flashcard/api-contract';
import { formatDate, formatDateTime, formatKB, formatSize } from '../format';
import { isRollback, releaseStatus, statusLabel, type ReleaseStatus } from '../registry';

interface Props {
  remote: RemoteState;
  /** Super admin: each release that is not active gets a Promote / Roll back button. */
  canManage: boolean;
  busy: boolean;
  onPromote: (version: string, rollback: boolean) => void;
}

function StatusBadge({ status }: { status: ReleaseStatus }) {
  if (status.kind === 'none') {
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">Not served</span>
      </>
    );
  }
  const tone = status.kind === 'active' ? 'platform-badge-active' : 'platform-badge-canary';
  return <span className={`badge ${tone}`}>{statusLabel(status)}</span>;
}

/** A remote's releases, newest first, with their sizes and which one browsers load. */
export function ReleasesTable({ remote, canManage, busy, onPromote }: Props) {
  if (remote.releases.length === 0) return <p className="muted">No releases published yet.</p>;

  return (
    <div className="platform-table-wrap">
      <table className="table platform-table">
        <caption>Releases of {remote.name}</caption>
        <thead>
          <tr>
            <th scope="col">Version</th>
            <th scope="col">Published</th>
            <th scope="col">By</th>
            <th scope="col">
              First load<span className="visually-hidden"> (gzip)</span>
            </th>
            <th scope="col" className="platform-col-total">
              Total
            </th>
            <th scope="col">Status</th>
            {canManage && (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {remote.releases.map((release) => {
            const status = releaseStatus(remote, release.version);
            const rollback = isRollback(remote, release.version);
            const verb = rollback ? 'Roll back' : 'Promote';
            return (
              <tr key={release.version}>
                <th scope="row" className="platform-mono">
                  {release.version}
                </th>
                <td>
                  <time dateTime={release.publishedAt} title={formatDateTime(release.publishedAt)}>
                    {formatDate(release.publishedAt)}
                  </time>
                </td>
                <td className="platform-wrap">{release.publishedBy}</td>
                <td>{formatKB(release.firstLoadGzip)}</td>
                <td className="platform-col-total">{formatSize(release.totalBytes)}</td>
                <td>
                  <StatusBadge status={status} />
                </td>
                {canManage && (
                  <td>
                    {status.kind !== 'active' && (
                      <button
                        type="button"
                        className="btn btn-small"
                        disabled={busy}
                        aria-label={rollback ? `Roll back ${remote.name} to ${release.version}` : `Promote ${remote.name} ${release.version}`}
                        onClick={() => onPromote(release.version, rollback)}
                      >
                        {verb}
                      </button>
                    )}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
