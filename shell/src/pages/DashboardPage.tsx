import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { dashboardApi, learningApi, type DashboardData, type StudySession } from '@flashcard/api-contract';
import { useAuthStore } from '@flashcard/shared-auth';

export const EMPTY_ACTIVITY_TEXT = 'No recent activity yet. Start studying to see your progress here.';
/** A first-time learner (no card, no review) is told what to do first. */
export const FIRST_STEP_TEXT = 'Start by creating your first cards.';
const RECENT_LIMIT = 3;
const DEFAULT_DAILY_GOAL = 15;

const TILES = [
  { to: '/cards', title: 'My Cards', text: 'Create, edit and organise your flashcards.' },
  { to: '/study', title: 'Study Session', text: 'Review due cards and learn new ones.' },
  { to: '/progress', title: 'Progress', text: 'See your statistics, accuracy and streak.' },
] as const;

/** THE success rate (correct reviews / all reviews, as on the progress screen); '—' before any review. */
export function formatSuccessRate(rate: number | null | undefined): string {
  return typeof rate === 'number' ? `${Math.round(rate)}%` : '—';
}

/** 'Just now' under an hour, then 'Nh ago', then 'Nd ago' (as on the progress screen). */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return '';
  const hours = Math.floor(Math.max(0, now - then) / 3_600_000);
  if (hours < 1) return 'Just now';
  if (hours < 24) return `${hours}h ago`;
  return `${Math.floor(hours / 24)}d ago`;
}

export function sessionTitle(session: StudySession): string {
  if (session.session_type === 'practice') return 'Completed practice session';
  if (session.session_type === 'review') return 'Completed review session';
  return `Studied ${session.cards_studied} cards`;
}

function plural(n: number, word: string) {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

type LoadState = { status: 'loading' } | { status: 'ready'; data: DashboardData } | { status: 'failed' };

function RecentActivity({ state }: { state: LoadState }) {
  if (state.status === 'loading') {
    return (
      <p className="muted" role="status">
        Loading recent activity...
      </p>
    );
  }
  // A failed load already raised a toast (shared-auth's client); here it reads like "nothing yet".
  // Only sessions that ended after studying a card are "completed" (the API lists only these).
  const sessions =
    state.status === 'ready'
      ? (state.data.recentSessions ?? []).filter((s) => Boolean(s.ended_at) && (s.cards_studied ?? 0) > 0).slice(0, RECENT_LIMIT)
      : [];
  if (sessions.length === 0) return <p className="muted">{EMPTY_ACTIVITY_TEXT}</p>;
  return (
    <ul className="dashboard-activity">
      {sessions.map((session) => {
        const when = session.created_at || session.started_at;
        return (
          <li key={session.id} className="spread">
            <div>
              <div style={{ fontWeight: 600 }}>{sessionTitle(session)}</div>
              <div className="muted">
                {plural(session.cards_studied ?? 0, 'card')} &middot; {Math.round(session.accuracy ?? 0)}% accuracy
              </div>
            </div>
            {when && (
              <time className="muted" dateTime={when}>
                {relativeTime(when)}
              </time>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export function DashboardPage() {
  const user = useAuthStore((s) => s.user);
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  /** Cards due now (the study hub's count); null until known or when it could not be read. */
  const [dueNow, setDueNow] = useState<number | null>(null);

  useEffect(() => {
    let active = true;
    dashboardApi
      .getDashboard()
      .then((data) => active && setState({ status: 'ready', data }))
      .catch(() => active && setState({ status: 'failed' }));
    learningApi
      .reviewQueue(0)
      .then((queue) => active && setDueNow(queue.dueCount))
      .catch(() => active && setDueNow(null));
    return () => {
      active = false;
    };
  }, []);

  const name = user?.display_name?.trim() || user?.email || '';
  const data = state.status === 'ready' ? state.data : null;
  const studied = data?.dailyGoal?.cardsStudied ?? 0;
  const goal = data?.dailyGoal?.dailyGoal || DEFAULT_DAILY_GOAL;
  const percent = Math.min(100, Math.round((studied / goal) * 100));
  const streak = data?.userStats?.currentStreak ?? 0;
  // New: nothing to come back to yet (no card, no review). Unknown while loading (and from an
  // API that does not send the counts).
  const firstVisit = data !== null && data.userStats?.totalCards === 0 && data.userStats?.totalReviews === 0;
  const heading = firstVisit || data === null ? (name ? `Welcome, ${name}!` : 'Welcome!') : name ? `Welcome back, ${name}!` : 'Welcome back!';

  return (
    <div className="page">
      <div className="page-header">
        <div>
          <h1>{heading}</h1>
          {firstVisit ? (
            <p style={{ margin: 0 }}>
              {FIRST_STEP_TEXT}{' '}
              <Link to="/cards">Go to My Cards</Link>
            </p>
          ) : (
            data !== null && (
              <p className="muted" style={{ margin: 0 }}>
                Here is where you left off.
              </p>
            )
          )}
        </div>
      </div>

      <section aria-labelledby="dashboard-shortcuts" className="stack" style={{ marginBottom: '1.5rem' }}>
        <h2 id="dashboard-shortcuts" className="visually-hidden">
          Shortcuts
        </h2>
        <div className="grid grid-3">
          {TILES.map((tile) => (
            <Link key={tile.to} to={tile.to} className="card" style={{ color: 'inherit', textDecoration: 'none' }}>
              <h3 style={{ fontSize: '1.1rem' }}>{tile.title}</h3>
              <p className="muted" style={{ margin: 0 }}>
                {tile.text}
              </p>
            </Link>
          ))}
        </div>
      </section>

      <div className="grid grid-3" style={{ marginBottom: '1.5rem' }}>
        <section className="card" aria-labelledby="dashboard-goal">
          <h2 id="dashboard-goal" className="stat-label" style={{ fontSize: '0.9rem' }}>
            Daily Goal
          </h2>
          <div className="stat-value">
            {studied}/{goal}
          </div>
          <div
            className="progress"
            role="progressbar"
            aria-label="Daily goal progress"
            aria-valuemin={0}
            aria-valuemax={goal}
            aria-valuenow={Math.min(studied, goal)}
            aria-valuetext={`${studied} of ${goal} cards`}
          >
            <span style={{ width: `${percent}%` }} />
          </div>
        </section>
        <section className="card" aria-labelledby="dashboard-streak">
          <h2 id="dashboard-streak" className="stat-label" style={{ fontSize: '0.9rem' }}>
            Study Streak
          </h2>
          <div className="stat-value">{plural(streak, 'day')}</div>
        </section>
        <section className="card" aria-labelledby="dashboard-success">
          <h2 id="dashboard-success" className="stat-label" style={{ fontSize: '0.9rem' }}>
            Success Rate
          </h2>
          <div className="stat-value">{formatSuccessRate(data?.userStats?.successRate)}</div>
        </section>
        {dueNow !== null && (
          <section className="card" aria-labelledby="dashboard-due">
            <h2 id="dashboard-due" className="stat-label" style={{ fontSize: '0.9rem' }}>
              Due Now
            </h2>
            <div className="stat-value">{plural(dueNow, 'card')}</div>
            {dueNow > 0 ? (
              <Link to="/study" className="btn btn-primary">
                Study now
              </Link>
            ) : (
              <p className="muted" style={{ margin: 0 }}>
                Nothing due right now.
              </p>
            )}
          </section>
        )}
      </div>

      <section className="card" aria-labelledby="dashboard-activity">
        <h2 id="dashboard-activity">Recent Activity</h2>
        <RecentActivity state={state} />
      </section>
    </div>
  );
}
