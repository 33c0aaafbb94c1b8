import { useId } from 'react';
import type { StudyOverviewState } from '../hooks/useStudyOverview';

export function DailyGoalCard({ state }: { state: StudyOverviewState }) {
  const headingId = useId();

  return (
    <section className="card stack" aria-labelledby={headingId} style={{ gap: '0.5rem' }}>
      <h2 id={headingId}>Daily Goal</h2>
      {state.status === 'loading' && (
        <p className="muted" role="status">
          Loading your daily goal...
        </p>
      )}
      {state.status === 'failed' && <p className="muted">Your daily goal could not be loaded.</p>}
      {state.status === 'ready' && (
        <>
          <div className="stat-value">{`${state.overview.goal.cardsStudied}/${state.overview.goal.dailyGoal}`}</div>
          <div className="stat-label">cards studied today</div>
          <div
            className="progress"
            role="progressbar"
            aria-label="Daily goal progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={state.overview.goal.percent}
          >
            <span style={{ width: `${state.overview.goal.percent}%` }} />
          </div>
          <p style={{ margin: 0 }}>{`${state.overview.goal.percent}% complete`}</p>
        </>
      )}
    </section>
  );
}
