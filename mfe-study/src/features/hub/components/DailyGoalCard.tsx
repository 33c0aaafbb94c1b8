import { useId } from 'react';
import { studyLanguage, useStudyText } from '../../../i18n';
import type { StudyOverviewState } from '../hooks/use-study-overview';

export function DailyGoalCard({ state }: { state: StudyOverviewState }) {
  const headingId = useId();
  const t = useStudyText();
  const language = studyLanguage();

  return (
    <section className="card stack" aria-labelledby={headingId} style={{ gap: '0.5rem' }}>
      <h2 id={headingId}>{t('hub.goal.title')}</h2>
      {state.status === 'loading' && (
        <p className="muted" role="status">
          {t('hub.goal.loading')}
        </p>
      )}
      {state.status === 'failed' && <p className="muted">{t('hub.goal.failed')}</p>}
      {state.status === 'ready' && (
        <>
          <div className="stat-value">
            {t('hub.goal.studied', { studied: state.overview.goal.cardsStudied, goal: state.overview.goal.dailyGoal })}
          </div>
          <div className="stat-label">{t('hub.goal.studiedLabel')}</div>
          <div
            className="progress"
            role="progressbar"
            aria-label={t('hub.goal.progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={state.overview.goal.percent}
          >
            <span style={{ width: `${state.overview.goal.percent}%` }} />
          </div>
          <p style={{ margin: 0 }}>
            {t('hub.goal.percent', {
              percent: new Intl.NumberFormat(language, { style: 'percent' }).format(state.overview.goal.percent / 100),
            })}
          </p>
        </>
      )}
    </section>
  );
}
