import { Link } from 'react-router-dom';
import { useStudyText } from '../../../i18n';

/** Study modes that are not built yet (spec: multiple-choice and timed read 'Coming soon'). */
export function ComingSoon({ mode }: { mode: 'multipleChoice' | 'timed' }) {
  const t = useStudyText();
  return (
    <div className="page">
      <header className="page-header">
        <h1>{t(`hub.options.${mode}.title`)}</h1>
      </header>
      <div className="card empty-state stack">
        <p style={{ margin: 0, fontSize: '1.2rem', fontWeight: 600 }}>{t('comingSoon.title')}</p>
        <p className="muted" style={{ margin: 0 }}>
          {t('comingSoon.text')}
        </p>
        <div>
          {/* '..' climbs to the parent route: /study in the shell, / when standalone. */}
          <Link className="btn" to="..">
            {t('backToStudy')}
          </Link>
        </div>
      </div>
    </div>
  );
}
