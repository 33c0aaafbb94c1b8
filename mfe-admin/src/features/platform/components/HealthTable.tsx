import { useId, type ReactNode } from 'react';
import { Trans } from 'react-i18next';
import { emptyHealth, type RemoteState, type VersionHealth } from '@flashcard/api-contract';
import { useAdminText } from '../../../i18n';
import { formatCls, formatCount, formatDateTime, formatMs, formatRate } from '../format';
import { haltReasonText, healthOf, otherFailingVersions } from '../registry';
import { TableScroll } from '../../admin/components/TableScroll';
import { labelledBy } from './PageNav';

/** A dash for the eye, words for a screen reader. */
function NoValue() {
  const t = useAdminText();
  return (
    <>
      <span aria-hidden="true" className="muted">
        —
      </span>
      <span className="visually-hidden">{t('platform.health.noValue')}</span>
    </>
  );
}

const orNone = (value: number | null, format: (value: number) => string) =>
  value === null ? <NoValue /> : format(value);

function Halted({ halted }: { halted: NonNullable<RemoteState['halted']> }) {
  const t = useAdminText();
  return (
    <div className="platform-halt">
      <p className="platform-halt-title">
        <strong>{t('platform.health.halted')}</strong> <span className="platform-mono">{halted.version}</span>
      </p>
      <p className="platform-halt-message">{haltReasonText(halted.version, halted.figures, halted.message, t)}</p>
      <p className="muted platform-meta">
        <Trans
          t={t}
          i18nKey="platform.health.haltedAt"
          values={{ date: formatDateTime(halted.at) }}
          components={{ time: <time dateTime={halted.at} /> }}
        />
      </p>
    </div>
  );
}

/**
 * How the active and the canary version fare in real browsers (last 24 hours), side by side, so
 * a canary is judged against what everyone else gets; plus the last automatic halt, if any.
 */
export function HealthTable({ remote, remoteHeadingId }: { remote: RemoteState; remoteHeadingId?: string }) {
  const t = useAdminText();
  const headingId = useId();
  const captionId = useId();
  const { name, activeVersion, canary, halted } = remote;
  const columns: Array<{ key: 'active' | 'canary'; version: string; health: VersionHealth }> = [];
  if (activeVersion)
    columns.push({
      key: 'active',
      version: activeVersion,
      health: healthOf(remote, activeVersion) ?? emptyHealth(activeVersion),
    });
  if (canary)
    columns.push({
      key: 'canary',
      version: canary.version,
      health: healthOf(remote, canary.version) ?? emptyHealth(canary.version),
    });
  const others = otherFailingVersions(remote);

  const rows: Array<{ label: string; cell: (health: VersionHealth) => ReactNode }> = [
    { label: t('platform.health.servedUsers'), cell: (h) => formatCount(h.servedUsers) },
    {
      label: t('platform.health.failureRate'),
      cell: (h) =>
        h.failureRate === null ? (
          <NoValue />
        ) : (
          <>
            <span className={h.failedUsers > 0 ? 'platform-bad' : undefined}>{formatRate(h.failureRate)}</span>
            <span className="muted platform-cell-note">
              {t('platform.health.failedOfServed', {
                failed: formatCount(h.failedUsers),
                served: formatCount(h.servedUsers),
              })}
            </span>
          </>
        ),
    },
    { label: t('platform.health.loadFailures'), cell: (h) => formatCount(h.loadFailures) },
    { label: t('platform.health.renderErrors'), cell: (h) => formatCount(h.renderErrors) },
    { label: t('platform.health.lcp'), cell: (h) => orNone(h.lcpP75, formatMs) },
    { label: t('platform.health.inp'), cell: (h) => orNone(h.inpP75, formatMs) },
    { label: t('platform.health.cls'), cell: (h) => orNone(h.clsP75, formatCls) },
    {
      label: t('platform.health.lastError'),
      cell: (h) =>
        h.lastAt === null && h.lastMessage === null ? (
          <NoValue />
        ) : (
          <>
            <span className="platform-failure-message">{h.lastMessage || t('platform.health.noMessage')}</span>
            {h.lastAt && (
              <span className="muted platform-cell-note">
                <Trans
                  t={t}
                  i18nKey="platform.health.lastErrorAt"
                  values={{ date: formatDateTime(h.lastAt) }}
                  components={{ time: <time dateTime={h.lastAt} /> }}
                />
              </span>
            )}
          </>
        ),
    },
  ];

  return (
    <section aria-labelledby={labelledBy(headingId, remoteHeadingId)} className="stack platform-health-section">
      <h3 id={headingId} className="platform-subheading">
        {t('platform.health.title')}
      </h3>
      {halted && <Halted halted={halted} />}
      {columns.length === 0 ? (
        <p className="muted" style={{ margin: 0 }}>
          {t('platform.health.noActive')}
        </p>
      ) : (
        <TableScroll className="platform-table-wrap" labelledBy={captionId}>
          <table className="table platform-table platform-health">
            <caption id={captionId} className="visually-hidden">
              {t('platform.health.caption', { name })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('platform.health.measure')}</th>
                {columns.map((column) => (
                  <th scope="col" key={column.key}>
                    {t(column.key === 'active' ? 'platform.health.active' : 'platform.health.canary')}
                    <span className="platform-mono platform-column-version">{column.version}</span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.label}>
                  <th scope="row" className="platform-health-measure">
                    {row.label}
                  </th>
                  {columns.map((column) => (
                    <td key={column.key}>{row.cell(column.health)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {others.length > 0 && (
        <div>
          <h4 className="platform-subheading platform-subheading-small">{t('platform.health.others')}</h4>
          <ul className="platform-list" aria-label={t('platform.health.others')}>
            {others.map((health) => (
              <li key={health.version}>
                <span className="platform-mono">{health.version}</span>{' '}
                <span>
                  {t('platform.health.otherVersion', {
                    failed: formatCount(health.failedUsers),
                    served: formatCount(health.servedUsers),
                    loadFailures: formatCount(health.loadFailures),
                    renderErrors: formatCount(health.renderErrors),
                  })}
                </span>
                {health.lastMessage && <p className="platform-failure-message">{health.lastMessage}</p>}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
