import { Link } from 'react-router-dom';
import {
  dashboardApi,
  DEFAULT_STUDY_SETTINGS,
  learningApi,
  RECENT_ACTIVITY_LIMIT,
  type DashboardData,
  type StudySession,
} from '@flashcard/api-contract';
import { currentLanguage, useAuthStore } from '@flashcard/shared-auth';
import { KeptNotice, relativeTime, useLoad, type LoadState } from '@flashcard/shared-ui';
import { usePlatformStore } from '../federation/platform';
import { areaPath } from '../layout/navigation';
import { DailyBonusCard } from './DailyBonusCard';
import { shellText, useShellLocale, type ShellText } from '../i18n';
import en from '../i18n/en';

/** The English texts the spec quotes (the screen shows them in the page's language). */
export const EMPTY_ACTIVITY_TEXT = en.dashboard.emptyActivity;
/** A first-time learner (no card, no review) is told what to do first. */
export const FIRST_STEP_TEXT = en.dashboard.firstStep;

/**
 * The areas the dashboard points to, by registry key only: where each opens comes from the
 * manifest (no remote route is compiled into the shell), and an area it does not serve gets no link.
 */
const CARDS = 'mfe_cards';
const STUDY = 'mfe_study';
const TILES = [
  { remote: CARDS, title: 'dashboard.tiles.cardsTitle', text: 'dashboard.tiles.cardsText' },
  { remote: STUDY, title: 'dashboard.tiles.studyTitle', text: 'dashboard.tiles.studyText' },
  { remote: 'mfe_progress', title: 'dashboard.tiles.progressTitle', text: 'dashboard.tiles.progressText' },
] as const;

const loadDashboard = () => dashboardApi.getDashboard();
const loadDueCount = () => learningApi.reviewQueue(0).then((queue) => queue.dueCount);

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

export function sessionTitle(session: StudySession, t: ShellText = shellText): string {
  if (session.session_type === 'practice') return t('dashboard.practiceSession');
  if (session.session_type === 'review') return t('dashboard.reviewSession');
  return t('dashboard.studiedCards', { count: session.cards_studied });
}

function RecentActivity({ state }: { state: LoadState<DashboardData> }) {
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
  const sessions = state.status === 'ready' ? state.data.recentSessions.slice(0, RECENT_ACTIVITY_LIMIT.default) : [];
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
                {relativeTime(when, { language })}
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
  const manifest = usePlatformStore((s) => s.manifest);
  const pathOf = (remote: string) => areaPath(manifest, remote, user?.role);
  const tiles = TILES.flatMap((tile) => {
    const to = pathOf(tile.remote);
    return to ? [{ ...tile, to }] : [];
  });
  const cardsPath = pathOf(CARDS);
  const studyPath = pathOf(STUDY);
  // Kept for a visit offline: the page then shows them with the time they were loaded.
  const { state } = useLoad(loadDashboard, [], { keep: 'dashboard' });
  const { state: queue } = useLoad(loadDueCount, [], { keep: 'dashboard-due' });
  /** Cards due now (the study hub's count); null until known or when it could not be read. */
  const dueNow = queue.status === 'ready' ? queue.data : null;

  const name = user?.display_name?.trim() || user?.email || '';
  const data = state.status === 'ready' ? state.data : null;
  /** The figures could not be read (and none were kept): a dash, never a made-up zero. */
  const unknown = state.status === 'failed';
  const studied = data?.dailyGoal.cardsStudied ?? 0;
  const goal = data?.dailyGoal.dailyGoal || DEFAULT_STUDY_SETTINGS.dailyGoal;
  const percent = Math.min(100, Math.round((studied / goal) * 100));
  const streak = data?.userStats.currentStreak ?? 0;
  /** Days inside the streak a streak freeze kept (they bridge it without counting). */
  const frozenDays = data?.userStats.frozenDays ?? 0;
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
              {t('dashboard.firstStep')}
              {cardsPath && (
                <>
                  {' '}
                  <Link to={cardsPath}>{t('dashboard.goToCards')}</Link>
                </>
              )}
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

      <KeptNotice keptAt={state.status === 'ready' ? state.keptAt : undefined} />

      {tiles.length > 0 && (
        <section aria-labelledby="dashboard-shortcuts" className="stack" style={{ marginBottom: '1.5rem' }}>
          <h2 id="dashboard-shortcuts" className="visually-hidden">
            {t('dashboard.shortcuts')}
          </h2>
          <div className="grid grid-3">
            {tiles.map((tile) => (
              <Link
                key={tile.remote}
                to={tile.to}
                className="card"
                style={{ color: 'inherit', textDecoration: 'none' }}
              >
                <h3 style={{ fontSize: '1.1rem' }}>{t(tile.title)}</h3>
                <p className="muted" style={{ margin: 0 }}>
                  {t(tile.text)}
                </p>
              </Link>
            ))}
          </div>
        </section>
      )}

      <div className="grid grid-3" style={{ marginBottom: '1.5rem' }}>
        <section className="card" aria-labelledby="dashboard-goal">
          <h2 id="dashboard-goal" className="stat-label" style={{ fontSize: '0.9rem' }}>
            {t('dashboard.dailyGoal')}
          </h2>
          <div className="stat-value">
            {unknown ? '—' : t('dashboard.dailyGoalValue', { studied: number(studied), goal: number(goal) })}
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
          <div className="stat-value">{unknown ? '—' : t('dashboard.streakValue', { count: streak })}</div>
          {!unknown && frozenDays > 0 && (
            <p className="muted" style={{ margin: 0 }}>
              {t('dashboard.streakFrozen', { count: frozenDays })}
            </p>
          )}
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
              studyPath && (
                <Link to={studyPath} className="btn btn-primary">
                  {t('dashboard.studyNow')}
                </Link>
              )
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
