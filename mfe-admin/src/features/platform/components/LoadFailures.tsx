import { useId } from 'react';
import type { RemoteState } from '@flashcard/api-contract';
import { formatDateTime, pluralize } from '../format';

/** What browsers reported in the last 24 hours when this remote failed to load, per version. */
export function LoadFailures({ remote }: { remote: RemoteState }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="platform-subheading">
        Load failures (last 24 h)
      </h3>
      {remote.failures.length === 0 ? (
        <p className="muted" style={{ margin: 0 }}>
          None reported.
        </p>
      ) : (
        <ul className="platform-list" aria-labelledby={headingId}>
          {remote.failures.map((failure) => (
            <li key={failure.version}>
              <div className="row">
                <span className="badge platform-badge-danger">{pluralize(failure.count, 'failure')}</span>
                <span className="platform-mono">{failure.version}</span>
              </div>
              <p className="platform-failure-message">{failure.lastMessage || 'No message'}</p>
              <p className="muted platform-meta">
                Last: <time dateTime={failure.lastAt}>{formatDateTime(failure.lastAt)}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
