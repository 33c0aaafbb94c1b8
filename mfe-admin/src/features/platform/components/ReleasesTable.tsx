import { useId } from 'react';
import { Trans } from 'react-i18next';
import type { RemoteState } from '@flashcard/api-contract';
import { useAdminText } from '../../../i18n';
import { formatDate, formatDateTime, formatKB, formatSize } from '../format';
import { isRollback, releaseStatus, statusLabel, type ReleaseStatus } from '../registry';
import { TableScroll } from '../../admin/components/TableScroll';

interface Props {
  remote: RemoteState;
  /** Super admin: each release that is not active gets a Promote / Roll back button. */
  canManage: boolean;
  busy: boolean;
  onPromote: (version: string, rollback: boolean) => void;
  /** The version whose preview link is being made, if any. */
  previewing: string | null;
  /** Super admin: each waiting release (neither active nor canary) gets a Preview link button. */
  onPreview: (version: string) => void;
}

function StatusBadge({ status }: { status: ReleaseStatus }) {
  const t = useAdminText();
  if (status.kind === 'none') {
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">{t('platform.releases.notServed')}</span>
      </>
    );
  }
  const tone = status.kind === 'active' ? 'platform-badge-active' : 'platform-badge-canary';
  return <span className={`badge ${tone}`}>{statusLabel(status, t)}</span>;
}

/** `1.2.0+3fa9c2d1` may break after its `+` (and nowhere else) when a phone has no room. */
function BreakableVersion({ version }: { version: string }) {
  const plus = version.indexOf('+');
  if (plus === -1) return <>{version}</>;
  return (
    <>
      {version.slice(0, plus + 1)}
      <wbr />
      {version.slice(plus + 1)}
    </>
  );
}

/** A remote's releases, newest first, with their sizes and which one browsers load. */
export function ReleasesTable({ remote, canManage, busy, onPromote, previewing, onPreview }: Props) {
  const t = useAdminText();
  const captionId = useId();
  if (remote.releases.length === 0) return <p className="muted">{t('platform.releases.empty')}</p>;

  return (
    <TableScroll className="platform-table-wrap" labelledBy={captionId}>
      <table className="table platform-table">
        <caption id={captionId}>{t('platform.releases.caption', { name: remote.name })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('platform.releases.version')}</th>
            <th scope="col" className="platform-col-wide">
              {t('platform.releases.published')}
            </th>
            <th scope="col" className="platform-col-wide">
              {t('platform.releases.by')}
            </th>
            <th scope="col" className="platform-col-wide">
              <Trans
                t={t}
                i18nKey="platform.releases.firstLoad"
                components={{ hidden: <span className="visually-hidden" /> }}
              />
            </th>
            <th scope="col" className="platform-col-total">
              {t('platform.releases.total')}
            </th>
            <th scope="col">{t('platform.releases.status')}</th>
            {canManage && (
              <th scope="col">
                <span className="visually-hidden">{t('platform.releases.actions')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {remote.releases.map((release) => {
            const status = releaseStatus(remote, release.version);
            const rollback = isRollback(remote, release.version);
            return (
              <tr key={release.version}>
                <th scope="row">
                  <span className="platform-mono">
                    <BreakableVersion version={release.version} />
                  </span>
                  {/* A phone has no room for these three columns: they come under the version instead (CSS shows one or the other). */}
                  <span className="platform-row-meta muted">
                    <Trans
                      t={t}
                      i18nKey="platform.releases.rowMeta"
                      values={{
                        date: formatDate(release.publishedAt),
                        by: release.publishedBy,
                        size: formatKB(release.firstLoadGzip),
                      }}
                      components={{ time: <time dateTime={release.publishedAt} /> }}
                    />
                  </span>
                </th>
                <td className="platform-col-wide">
                  <time dateTime={release.publishedAt} title={formatDateTime(release.publishedAt)}>
                    {formatDate(release.publishedAt)}
                  </time>
                </td>
                <td className="platform-wrap platform-col-wide">{release.publishedBy}</td>
                <td className="platform-col-wide">{formatKB(release.firstLoadGzip)}</td>
                <td className="platform-col-total">{formatSize(release.totalBytes)}</td>
                <td>
                  <StatusBadge status={status} />
                </td>
                {canManage && (
                  <td>
                    <div className="platform-actions">
                      {status.kind !== 'active' && (
                        <button
                          type="button"
                          className="btn btn-small"
                          disabled={busy}
                          aria-label={t(
                            rollback ? 'platform.releases.rollBackLabel' : 'platform.releases.promoteLabel',
                            { name: remote.name, version: release.version },
                          )}
                          onClick={() => onPromote(release.version, rollback)}
                        >
                          {rollback ? t('platform.releases.rollBack') : t('platform.releases.promote')}
                        </button>
                      )}
                      {status.kind === 'none' && (
                        <button
                          type="button"
                          className="btn btn-small"
                          disabled={previewing !== null}
                          aria-label={t('platform.releases.previewLabel', {
                            name: remote.name,
                            version: release.version,
                          })}
                          onClick={() => onPreview(release.version)}
                        >
                          {t('platform.releases.preview')}
                        </button>
                      )}
                    </div>
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
