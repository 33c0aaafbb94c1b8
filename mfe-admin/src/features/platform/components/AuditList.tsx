import { useId } from 'react';
import type { RegistryEvent } from '@flashcard/api-contract';
import { formatDateTime } from '../format';
import { eventActionLabel, newestFirst } from '../registry';

function Transition({ from, to }: { from: string | null; to: string | null }) {
  if (!from && !to) return null;
  if (!from) return <span className="platform-mono">{to}</span>;
  return (
    <span>
      <span className="platform-mono">{from}</span> <span aria-hidden="true">→</span>
      <span className="visually-hidden"> to </span> <span className="platform-mono">{to ?? 'none'}</span>
    </span>
  );
}

/** The registry's audit trail: who changed which remote, when, newest first. */
export function AuditList({ events }: { events: readonly RegistryEvent[] }) {
  const headingId = useId();
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>Audit log</h2>
      {events.length === 0 ? (
        <p className="muted" style={{ margin: 0 }}>
          No registry changes yet.
        </p>
      ) : (
        <ol className="platform-list" aria-labelledby={headingId}>
          {newestFirst(events).map((event) => (
            <li key={event.id}>
              <div className="row">
                <strong>{event.remote}</strong>
                <span className="badge">{eventActionLabel(event)}</span>
                <Transition from={event.fromVersion} to={event.toVersion} />
                {event.action === 'canary' && event.percent !== null && event.percent > 0 && (
                  <span>{event.percent}% of users</span>
                )}
              </div>
              <p className="muted platform-meta">
                <time dateTime={event.at}>{formatDateTime(event.at)}</time> by {event.actor}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
