import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import { studyLanguage, useStudyText } from '../../../i18n';

interface QueueCardProps {
  title: string;
  /** null while loading or after a failed load. */
  count: number | null;
  countLabel: string;
  /** A second line under the count (the new cards waiting beyond today's allowance). */
  detail?: string;
  action: string;
  /** Why the button is disabled at 0, shown under it (e.g. 'No cards are due right now.'). */
  emptyReason: string;
  /** The counts could not be loaded. */
  failed?: boolean;
  /** Relative to the hub. */
  to: string;
}

/**
 * A count of cards waiting and the button that starts studying them. The button is disabled at 0
 * (nothing to start), with the reason written under it and tied to it (aria-describedby).
 */
export function QueueCard({
  title,
  count,
  countLabel,
  detail,
  action,
  emptyReason,
  failed = false,
  to,
}: QueueCardProps) {
  const headingId = useId();
  const reasonId = useId();
  const navigate = useNavigate();
  const t = useStudyText();
  const reason = failed ? t('hub.countFailed') : count === 0 ? emptyReason : null;

  return (
    <section className="card stack" aria-labelledby={headingId} style={{ gap: '0.5rem' }}>
      <h2 id={headingId}>{title}</h2>
      <div className="stat-value">{count === null ? '–' : new Intl.NumberFormat(studyLanguage()).format(count)}</div>
      <div className="stat-label">{countLabel}</div>
      {detail && (
        <p className="muted" style={{ margin: 0, fontSize: '0.875rem' }}>
          {detail}
        </p>
      )}
      <div>
        {/* A button, not a link: a link cannot be disabled. */}
        <button
          type="button"
          className="btn btn-primary"
          disabled={!count}
          aria-describedby={reason ? reasonId : undefined}
          onClick={() => navigate(to)}
        >
          {action}
        </button>
      </div>
      {reason && (
        <p id={reasonId} className="muted" style={{ margin: 0, fontSize: '0.875rem' }}>
          {reason}
        </p>
      )}
    </section>
  );
}
