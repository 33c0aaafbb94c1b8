import { useStudyText } from '../../../i18n';

interface SessionProgressProps {
  /** The position text, e.g. 'Card 2 of 5'. */
  label: string;
  done: number;
  total: number;
}

export function SessionProgress({ label, done, total }: SessionProgressProps) {
  const t = useStudyText();
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <div className="study-progress">
      <div className="spread">
        {/* Announced as each card comes up, for learners who cannot see it change. */}
        <span className="study-position" aria-live="polite">
          {label}
        </span>
        <span className="muted">{t('session.done', { count: done })}</span>
      </div>
      <div
        className="progress"
        role="progressbar"
        aria-label={t('session.progress')}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={t('session.rated', { done, count: total })}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
