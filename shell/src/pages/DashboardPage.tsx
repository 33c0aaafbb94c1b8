import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { dashboardApi, learningApi, type DashboardData, type StudySession } from '@flashcard/api-contract';
import { currentLanguage, useAuthStore } from '@flashcard/shared-auth';
import { DailyBonusCard } from './DailyBonusCard';
import { shellText, useShellLocale, type ShellText } from '../i18n';
import en from '../i18n/en';

/** The English texts the spec quotes (the screen shows them in the page's language). */
export const EMPTY_ACTIVITY_TEXT = en.dashboard.emptyActivity;
/** A first-time learner (no card, no review) is told what to do first. */
export const FIRST_STEP_TEXT = en.dashboard.firstStep;
const RECENT_LIMIT = 3;
const DEFAULT_DAILY_GOAL = 15;

const TILES = [
  { to: '/cards', title: 'dashboard.tiles.cardsTitle', text: 'dashboard.tiles.cardsText' },
  { to: '/study', title: 'dashboard.tiles.studyTitle', text: 'dashboard.tiles.studyText' },
  { to: '/progress', title: 'dashboard.tiles.progressTitle', text: 'dashboard.tiles.progressText' },
] as const;

/** A whole percentage in the language's style ('67%', '67 %'). */
function formatPercent(value: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(
    Math.round(value) / 100,
  );
}

/** THE success rate (correct reviews / all reviews, as on the progress screen); '—' before any review. */
export function formatSuccessRate(rate: number | null | undefined, language: string = currentLanguage()): string {
  return typeof rate === 'number' ? formatPercent(rate, language) : '—';
}

/** 'Just now' under an hour, then 'Nh ago', then 'Nd ago' (as on the progress screen), translated. */
export function relativeTime(iso: string, now: number = Date.now(), t: ShellText = shellText): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return '';
  const hours = Math.floor(Math.max(0, now - then) / 3_600_000);
  if (hours < 1) return t('dashboard.justNow');
  if (hours < 24) return t('dashboard.hoursAgo', { count: hours });
  return t('dashboard.daysAgo', { count: Math.floor(hours / 24) });
}

export function sessionTitle(session: StudySession, t: ShellText = shellText): string {
  if (session.session_type === 'practice') return t('dashboard.practiceSession');
  if (session.session_type === 'review') return t('dashboard.reviewSession');
  return t('dashboard.studiedCards', { count: session.cards_studied });
}

type LoadState = { status: 'loading' } | { status: 'ready'; data: DashboardData } | { status: 'failed' };

function RecentActivity({ state }: { state: LoadState }) {
  const { t, language } = useShellLocale();
  if (state.status === 'loading') {
    return (
      <p className="muted" role="status">
        {t('dashboard.loadingActivity')}
      </p>
    );
  }
  // A failed load already raised a toast (shared-auth's client); here it reads like "nothing yet".
  // The API lists only finished sessions that studied a card.
  const sessions = state.status === 'ready' ? state.data.recentSessions.slice(0, RECENT_LIMIT) : [];
  if (sessions.length === 0) return <p className="muted">{t('dashboard.emptyActivity')}</p>;
  return (
    <ul className="dashboard-activity">
      {sessions.map((session) => {
        const when = session.created_at || session.started_at;
        return (
          <li key={session.id} className="spread">
            <div>
              <div style={{ fontWeight: 600 }}>{sessionTitle(session, t)}</div>
              <div className="muted">
                {t('dashboard.sessionSummary', {
                  count: session.cards_studied,
                  accuracy: formatPercent(session.accuracy, language),
                })}
              </div>
            </div>
            {when && (
              <time className="muted" dateTime={when}>
                {relativeTime(when, undefined, t)}
              </time>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export function DashboardPage() {
  const { t, language } = useShellLocale();
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
  const studied = data?.dailyGoal.cardsStudied ?? 0;
  const goal = data?.dailyGoal.dailyGoal || DEFAULT_DAILY_GOAL;
  const percent = Math.min(100, Math.round((studied / goal) * 100));
  const streak = data?.userStats.currentStreak ?? 0;
  // New: nothing to come back to yet (no card, no review). Unknown while loading.
  const firstVisit = data !== null && data.userStats.totalCards === 0 && data.userStats.totalReviews === 0;
  const heading =
    firstVisit || data === null
      ? name
        ? t('dashboard.welcomeName', { name })
        : t('dashboard.welcome')
      : name
        ? t('dashboard.welcomeBackName', { name })
        : t('dashboard.welcomeBack');
  const number = (n: number) => n.toLocaleString(language);

  return (
    <div className="page">
      <div className="page-header">
        <div>
          <h1>{heading}</h1>
          {firstVisit ? (
            <p style={{ margin: 0 }}>
              {t('dashboard.firstStep')} <Link to="/cards">{t('dashboard.goToCards')}</Link>
            </p>
          ) : (
            data !== null && (
              <p className="muted" style={{ margin: 0 }}>
                {t('dashboard.leftOff')}
              </p>
            )
          )}
        </div>
      </div>

      <section aria-labelledby="dashboard-shortcuts" className="stack" style={{ marginBottom: '1.5rem' }}>
        <h2 id="dashboard-shortcuts" className="visually-hidden">
          {t('dashboard.shortcuts')}
        </h2>
        <div className="grid grid-3">
          {TILES.map((tile) => (
            <Link key={tile.to} to={tile.to} className="card" style={{ color: 'inherit', textDecoration: 'none' }}>
              <h3 style={{ fontSize: '1.1rem' }}>{t(tile.title)}</h3>
              <p className="muted" style={{ margin: 0 }}>
                {t(tile.text)}
              </p>
            </Link>
          ))}
        </div>
      </section>

      <div className="grid grid-3" style={{ marginBottom: '1.5rem' }}>
        <section className="card" aria-labelledby="dashboard-goal">
          <h2 id="dashboard-goal" className="stat-label" style={{ fontSize: '0.9rem' }}>
            {t('dashboard.dailyGoal')}
          </h2>
          <div className="stat-value">
            {t('dashboard.dailyGoalValue', { studied: number(studied), goal: number(goal) })}
          </div>
          <div
            className="progress"
            role="progressbar"
            aria-label={t('dashboard.dailyGoalProgress')}
            aria-valuemin={0}
            aria-valuemax={goal}
            aria-valuenow={Math.min(studied, goal)}
            aria-valuetext={t('dashboard.dailyGoalValueText', { count: goal, studied: number(studied) })}
          >
            <span style={{ width: `${percent}%` }} />
          </div>
        </section>
        <section className="card" aria-labelledby="dashboard-streak">
          <h2 id="dashboard-streak" className="stat-label" style={{ fontSize: '0.9rem' }}>
            {t('dashboard.streak')}
          </h2>
          <div className="stat-value">{t('dashboard.streakValue', { count: streak })}</div>
        </section>
        <section className="card" aria-labelledby="dashboard-success">
          <h2 id="dashboard-success" className="stat-label" style={{ fontSize: '0.9rem' }}>
            {t('dashboard.successRate')}
          </h2>
          <div className="stat-value">{formatSuccessRate(data?.userStats?.successRate, language)}</div>
        </section>
        {dueNow !== null && (
          <section className="card" aria-labelledby="dashboard-due">
            <h2 id="dashboard-due" className="stat-label" style={{ fontSize: '0.9rem' }}>
              {t('dashboard.dueNow')}
            </h2>
            <div className="stat-value">{t('dashboard.cards', { count: dueNow })}</div>
            {dueNow > 0 ? (
              <Link to="/study" className="btn btn-primary">
                {t('dashboard.studyNow')}
              </Link>
            ) : (
              <p className="muted" style={{ margin: 0 }}>
                {t('dashboard.nothingDue')}
              </p>
            )}
          </section>
        )}
        <DailyBonusCard />
      </div>

      <section className="card" aria-labelledby="dashboard-activity">
        <h2 id="dashboard-activity">{t('dashboard.recentActivity')}</h2>
        <RecentActivity state={state} />
      </section>
    </div>
  );
}
