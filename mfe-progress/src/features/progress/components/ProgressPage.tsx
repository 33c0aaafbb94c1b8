import { currentLanguage } from '@flashcard/shared-auth';
import { KeptNotice } from '@flashcard/shared-ui';
import { useProgressText } from '../../../i18n';
import { OptimizerPanel } from '../../optimizer/OptimizerPanel';
import { WorkloadPanel } from '../../workload/WorkloadPanel';
import { formatRate } from '../chart-data';
import { useProgressData } from '../hooks/use-progress-data';
import { ActivityHeatmap } from './ActivityHeatmap';
import { ForecastChart } from './ForecastChart';
import { RecentSessions } from './RecentSessions';
import { StatTile } from './StatTile';
import { WeeklyChart } from './WeeklyChart';
import '../progress.css';

/** A big number in the page's language, grouped from five digits on ('1250', '12,500'). */
function formatStat(value: number): string {
  return new Intl.NumberFormat(currentLanguage(), { useGrouping: 'min2' }).format(value);
}

export function ProgressPage() {
  const t = useProgressText();
  const { loading, data, keptAt } = useProgressData();

  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1>{t('page.title')}</h1>
          <p className="muted">{t('page.subtitle')}</p>
        </div>
      </header>
      <KeptNotice keptAt={keptAt} />

      <div className="stack">
        {loading ? (
          <p className="muted" role="status">
            {t('page.loading')}
          </p>
        ) : (
          <section aria-label={t('stats.label')} className="grid grid-4">
            <StatTile label={t('stats.cardsStudied')} value={formatStat(data.totalCardsStudied)} />
            <StatTile
              label={t('stats.successRate')}
              value={data.successRate === null ? '—' : formatRate(data.successRate)}
              note={data.successRate === null ? t('stats.noReviewsYet') : undefined}
            />
            <StatTile label={t('stats.studyStreak')} value={t('stats.streakDays', { count: data.currentStreak })} />
            <StatTile
              label={t('stats.xpPoints')}
              value={formatStat(data.experiencePoints)}
              note={data.experienceUnavailable ? t('stats.xpUnavailable') : undefined}
            />
          </section>
        )}

        {/* The charts load on their own: a slow or failed chart never holds back the rest. */}
        <div className="progress-columns">
          <WeeklyChart />
          <section className="card progress-panel" aria-labelledby="recent-activity-heading">
            <h2 id="recent-activity-heading">{t('recent.title')}</h2>
            {loading ? (
              <p className="muted">{t('recent.loading')}</p>
            ) : (
              <RecentSessions sessions={data.recentSessions} />
            )}
          </section>
        </div>

        <ForecastChart />
        <ActivityHeatmap />
        <OptimizerPanel />
        <WorkloadPanel />
      </div>
    </div>
  );
}
