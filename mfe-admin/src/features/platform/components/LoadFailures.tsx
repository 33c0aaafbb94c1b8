import { useId } from 'react';
import { Trans } from 'react-i18next';
import type { RemoteState } from '@flashcard/api-contract';
import { useAdminText } from '../../../i18n';
import { formatDateTime } from '../format';

/** What browsers reported in the last 24 hours when this remote failed to load, per version. */
export function LoadFailures({ remote }: { remote: RemoteState }) {
  const t = useAdminText();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="platform-subheading">
        {t('platform.failures.title')}
      </h3>
      {remote.failures.length === 0 ? (
        <p className="muted" style={{ margin: 0 }}>
          {t('platform.failures.none')}
        </p>
      ) : (
        <ul className="platform-list" aria-labelledby={headingId}>
          {remote.failures.map((failure) => (
            <li key={failure.version}>
              <div className="row">
                <span className="badge platform-badge-danger">{t('platform.failures.count', { count: failure.count })}</span>
                <span className="platform-mono">{failure.version}</span>
              </div>
              <p className="platform-failure-message">{failure.lastMessage || t('platform.failures.noMessage')}</p>
              <p className="muted platform-meta">
                <Trans
                  t={t}
                  i18nKey="platform.failures.last"
                  values={{ date: formatDateTime(failure.lastAt) }}
                  components={{ time: <time dateTime={failure.lastAt} /> }}
                />
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
