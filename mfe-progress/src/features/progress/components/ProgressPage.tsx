import { Spinner } from '@flashcard/shared-ui';
import { useProgressData } from '../hooks/useProgressData';
import { RecentSessions } from './RecentSessions';
import { StatTile } from './StatTile';

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

      {loading ? (
        <Spinner label="Loading progress..." />
      ) : (
        <div className="stack">
          <section aria-label="Statistics" className="grid grid-4">
            <StatTile label="Cards Studied" value={data.totalCardsStudied} />
            <StatTile label="Success Rate" value={`${data.averageAccuracy}%`} />
            <StatTile label="Study Streak" value={`${data.currentStreak} days`} />
            <StatTile label="XP Points" value={data.experiencePoints} />
          </section>

          <section className="card" aria-labelledby="weekly-progress-heading">
            <h2 id="weekly-progress-heading">Weekly Progress</h2>
            <p className="muted">A weekly chart of your study activity is coming soon.</p>
          </section>

          <section className="card" aria-labelledby="recent-activity-heading">
            <h2 id="recent-activity-heading">Recent Activity</h2>
            <RecentSessions sessions={data.recentSessions} />
          </section>
        </div>
      )}
    </div>
  );
}
