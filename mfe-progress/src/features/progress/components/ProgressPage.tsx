import { plural } from '../chartData';
import { useProgressData } from '../hooks/useProgressData';
import { ActivityHeatmap } from './ActivityHeatmap';
import { ForecastChart } from './ForecastChart';
import { RecentSessions } from './RecentSessions';
import { StatTile } from './StatTile';
import { WeeklyChart } from './WeeklyChart';
import '../progress.css';

export function ProgressPage() {
  const { loading, data } = useProgressData();

  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1>Progress</h1>
          <p className="muted">Track your learning journey.</p>
        </div>
      </header>

      <div className="stack">
        {loading ? (
          <p className="muted" role="status">
            Loading progress...
          </p>
        ) : (
          <section aria-label="Statistics" className="grid grid-4">
            <StatTile label="Cards Studied" value={data.totalCardsStudied} />
            <StatTile
              label="Success Rate"
              value={data.successRate === null ? '—' : `${Math.round(data.successRate)}%`}
              note={data.successRate === null ? 'No reviews yet.' : undefined}
            />
            <StatTile label="Study Streak" value={plural(data.currentStreak, 'day')} />
            <StatTile
              label="XP Points"
              value={data.experiencePoints}
              note={data.experienceUnavailable ? 'XP could not be loaded.' : undefined}
            />
          </section>
        )}

        {/* The charts load on their own: a slow or failed chart never holds back the rest. */}
        <div className="progress-columns">
          <WeeklyChart />
          <section className="card progress-panel" aria-labelledby="recent-activity-heading">
            <h2 id="recent-activity-heading">Recent Activity</h2>
            {loading ? (
              <p className="muted">Loading your sessions...</p>
            ) : (
              <RecentSessions sessions={data.recentSessions} />
            )}
          </section>
        </div>

        <ForecastChart />
        <ActivityHeatmap />
      </div>
    </div>
  );
}
