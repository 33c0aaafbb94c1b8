import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Profile, Role } from '@flashcard/api-contract';
import { useAuthStore } from '@flashcard/shared-auth';
import { Avatar, avatarInitial } from '../../../components/Avatar';
import { useOwnProfile } from '../hooks/use-own-profile';
import { ChangePasswordForm } from './ChangePasswordForm';
import { LoadStatus } from '../../../components/LoadStatus';
import { useSocialLocale } from '../../../i18n';

type SocialT = ReturnType<typeof useSocialLocale>['t'];

const ROLE_KEYS = {
  user: 'profile.roles.user',
  admin: 'profile.roles.admin',
  super_admin: 'profile.roles.superAdmin',
} as const satisfies Record<Role, string>;

const isRole = (role: string): role is Role => role in ROLE_KEYS;

/** The learner's real numbers (GET /gamification/profile); fields an older API omits read 0. */
function learningStats(profile: Profile, t: SocialT, language: string): Array<{ label: string; value: string }> {
  const number = (n: number) => n.toLocaleString(language);
  return [
    { label: t('profile.stats.level'), value: number(profile.level) },
    { label: t('profile.stats.experience'), value: t('profile.xp', { value: number(profile.experience_points) }) },
    { label: t('profile.stats.currentStreak'), value: t('common.days', { count: profile.current_streak ?? 0 }) },
    { label: t('profile.stats.longestStreak'), value: t('common.days', { count: profile.longest_streak ?? 0 }) },
    { label: t('profile.stats.cards'), value: number(profile.cards ?? 0) },
    { label: t('profile.stats.reviews'), value: number(profile.reviews ?? 0) },
    { label: t('profile.stats.achievementsUnlocked'), value: number(profile.achievements_unlocked) },
    // The token balance (daily bonuses and achievements pay them; the dashboard lists their history).
    { label: t('profile.stats.tokens'), value: number(profile.tokens) },
  ];
}

function formatMemberSince(createdAt: string | undefined, language: string): string | null {
  if (!createdAt) return null;
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime())
    ? null
    : new Intl.DateTimeFormat(language, { year: 'numeric', month: 'long' }).format(date);
}

export function ProfilePage() {
  const { t, language } = useSocialLocale();
  // THE shared store: the shell and this remote read and write the same instance.
  const user = useAuthStore((s) => s.user);
  const [signingOut, setSigningOut] = useState(false);
  const statsId = useId();
  const { state, reload } = useOwnProfile();

  async function signOut() {
    setSigningOut(true);
    try {
      // Only the store changes here: the shell reacts to it (its guard sends the browser to
      // /login), which proves the shell and this remote share ONE store.
      await useAuthStore.getState().logout();
    } finally {
      setSigningOut(false);
    }
  }

  const since = formatMemberSince(user?.created_at, language);

  return (
    <div className="page">
      <header className="page-header">
        <h1>{t('profile.title')}</h1>
        {/* The name is edited with the account's other settings (the shell's Settings page). */}
        <Link to="/settings" className="btn">
          {t('profile.editName')}
        </Link>
      </header>

      <div className="stack">
        <section
          className="card row"
          aria-label={t('profile.account')}
          style={{ alignItems: 'center', gap: '1.25rem' }}
        >
          <Avatar initial={avatarInitial(user?.display_name, user?.email)} size={72} />
          <div className="stack" style={{ gap: '0.25rem', flex: 1, minWidth: 200 }}>
            <h2 style={{ margin: 0 }}>{user?.display_name?.trim() || t('profile.noDisplayName')}</h2>
            <p data-testid="profile-email" className="muted" style={{ margin: 0, overflowWrap: 'anywhere' }}>
              {user?.email}
            </p>
            <div className="row" style={{ gap: '0.5rem' }}>
              {user && <span className="badge">{isRole(user.role) ? t(ROLE_KEYS[user.role]) : user.role}</span>}
              {since && <span className="muted">{t('profile.memberSince', { date: since })}</span>}
            </div>
          </div>
          <button type="button" className="btn" onClick={signOut} disabled={signingOut} aria-busy={signingOut}>
            {t('profile.signOut')}
          </button>
        </section>

        <section aria-labelledby={statsId}>
          <h2 id={statsId}>{t('profile.statsHeading')}</h2>
          <LoadStatus
            state={state}
            loading={t('profile.statsLoading')}
            failed={t('profile.statsFailed')}
            onRetry={reload}
          />
          {state.status === 'ready' && (
            <>
              <div className="grid grid-4">
                {learningStats(state.data, t, language).map((stat) => (
                  <div key={stat.label} className="card" role="group" aria-label={stat.label}>
                    <div className="stat-label">{stat.label}</div>
                    <div className="stat-value">{stat.value}</div>
                  </div>
                ))}
              </div>
              <div
                className="progress"
                role="progressbar"
                aria-label={t('profile.progressLabel', { level: (state.data.level + 1).toLocaleString(language) })}
                aria-valuemin={0}
                aria-valuemax={state.data.level_progress.next}
                aria-valuenow={state.data.level_progress.current}
                aria-valuetext={t('profile.progressValue', {
                  current: state.data.level_progress.current.toLocaleString(language),
                  next: state.data.level_progress.next.toLocaleString(language),
                })}
                style={{ marginTop: '1rem' }}
              >
                <span
                  style={{
                    width: `${state.data.level_progress.next > 0 ? Math.round((100 * state.data.level_progress.current) / state.data.level_progress.next) : 0}%`,
                  }}
                />
              </div>
            </>
          )}
        </section>

        <ChangePasswordForm />
      </div>
    </div>
  );
}
