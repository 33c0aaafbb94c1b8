import { Link } from 'react-router-dom';
import { useStudyText } from '../../../i18n';

/** The end of a practice: what went right, with the way back. */
export function PracticeSummary({ title, lines }: { title: string; lines: string[] }) {
  const t = useStudyText();
  return (
    <div className="card empty-state stack practice-summary" role="status">
      <h2 style={{ margin: 0 }}>{title}</h2>
      {lines.map((line) => (
        <p key={line} style={{ margin: 0 }}>
          {line}
        </p>
      ))}
      <p className="muted" style={{ margin: 0 }}>
        {t('practice.notScheduled')}
      </p>
      <div className="row" style={{ justifyContent: 'center' }}>
        <Link className="btn btn-primary" to="..">
          {t('backToStudy')}
        </Link>
      </div>
    </div>
  );
}
