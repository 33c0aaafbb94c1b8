import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useStudyText } from '../../../i18n';
import '../practice.css';

/** The frame of every practice mode: its title (and a line under it), the way back, the mode. */
export function PracticePage({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const t = useStudyText();
  return (
    <div className="page practice">
      <header className="page-header">
        <div>
          <h1>{title}</h1>
          {subtitle && (
            <p className="muted" style={{ margin: 0 }}>
              {subtitle}
            </p>
          )}
        </div>
        {/* '..' climbs to the parent route: /study in the shell, / when standalone. */}
        <Link className="btn btn-small" to="..">
          {t('backToStudy')}
        </Link>
      </header>
      {children}
    </div>
  );
}
