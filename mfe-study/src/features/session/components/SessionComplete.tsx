import { useId } from 'react';
import { Link } from 'react-router-dom';
import { useStudyText } from '../../../i18n';

export function SessionComplete({ title, text }: { title: string; text: string }) {
  const titleId = useId();
  const t = useStudyText();
  return (
    <div className="page">
      <section className="card empty-state stack study-complete" aria-labelledby={titleId}>
        <h1 id={titleId}>{title}</h1>
        <p>{text}</p>
        <div className="row study-complete-actions">
          {/* '..' climbs to the hub: /study in the shell, / when standalone. */}
          <Link className="btn" to="..">
            {t('backToStudy')}
          </Link>
          {/* Another remote's area, so an absolute path. */}
          <Link className="btn btn-primary" to="/progress">
            {t('viewProgress')}
          </Link>
        </div>
      </section>
    </div>
  );
}
