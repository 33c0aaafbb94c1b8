import { useId } from 'react';
import { useNavigate } from 'react-router-dom';

interface QueueCardProps {
  title: string;
  /** null while loading or after a failed load. */
  count: number | null;
  countLabel: string;
  action: string;
  /** Relative to the hub. */
  to: string;
}

/** A count of cards waiting and the button that starts studying them (disabled at 0). */
export function QueueCard({ title, count, countLabel, action, to }: QueueCardProps) {
  const headingId = useId();
  const navigate = useNavigate();

  return (
    <section className="card stack" aria-labelledby={headingId} style={{ gap: '0.5rem' }}>
      <h2 id={headingId}>{title}</h2>
      <div className="stat-value">{count ?? '–'}</div>
      <div className="stat-label">{countLabel}</div>
      <div>
        {/* A button, not a link: a link cannot be disabled. */}
        <button type="button" className="btn btn-primary" disabled={!count} onClick={() => navigate(to)}>
          {action}
        </button>
      </div>
    </section>
  );
}
