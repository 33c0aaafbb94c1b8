import { useId } from 'react';
import { Trans } from 'react-i18next';
import type { RegistryEvent } from '@flashcard/api-contract';
import { useAdminText } from '../../../i18n';
import { formatDateTime } from '../format';
import { eventActionLabel, haltReasonText, newestFirst } from '../registry';
import { sectionId } from './PageNav';

const TRANSITION_PARTS = {
  mono: <span className="platform-mono" />,
  arrow: <span aria-hidden="true" />,
  hidden: <span className="visually-hidden" />,
};

function Transition({ from, to }: { from: string | null; to: string | null }) {
  const t = useAdminText();
  if (!from && !to) return null;
  if (!from) return <span className="platform-mono">{to}</span>;
  return (
    <span>
      {to ? (
        <Trans t={t} i18nKey="platform.audit.transition" values={{ from, to }} components={TRANSITION_PARTS} />
      ) : (
        <Trans t={t} i18nKey="platform.audit.transitionToNone" values={{ from }} components={TRANSITION_PARTS} />
      )}
    </span>
  );
}

/** The registry's audit trail: who changed which remote, when, newest first. */
export function AuditList({ events }: { events: readonly RegistryEvent[] }) {
  const t = useAdminText();
  const headingId = useId();
  return (
    <section id={sectionId('audit')} tabIndex={-1} className="card platform-jump-target" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('platform.audit.title')}</h2>
      {events.length === 0 ? (
        <p className="muted" style={{ margin: 0 }}>
          {t('platform.audit.empty')}
        </p>
      ) : (
        <ol className="platform-list" aria-labelledby={headingId}>
          {newestFirst(events).map((event) => (
            <li key={event.id}>
              <div className="row">
                <strong>{event.remote}</strong>
                <span className={event.action === 'halt' ? 'badge platform-badge-danger' : 'badge'}>
                  {eventActionLabel(event, t)}
                </span>
                <Transition from={event.fromVersion} to={event.toVersion} />
                {event.action === 'canary' && event.percent !== null && event.percent > 0 && (
                  <span>{t('platform.audit.percentOfUsers', { percent: event.percent })}</span>
                )}
              </div>
              {/* A canary's cohort (the API's own words), a halt's figures (worded here when sent). */}
              {event.detail && (
                <p className="platform-event-detail">
                  {event.action === 'halt' && event.fromVersion
                    ? haltReasonText(event.fromVersion, event.figures, event.detail, t)
                    : event.detail}
                </p>
              )}
              <p className="muted platform-meta">
                <Trans
                  t={t}
                  i18nKey="platform.audit.meta"
                  values={{ date: formatDateTime(event.at), actor: event.actor }}
                  components={{ time: <time dateTime={event.at} /> }}
                />
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
