import { useId, useState } from 'react';
import type { Profile, Role } from '@flashcard/api-contract';
import { useAuthStore } from '@flashcard/shared-auth';
import { Avatar, avatarInitial } from '../../../components/Avatar';
import { useOwnProfile } from '../hooks/useOwnProfile';
import { ChangePasswordForm } from './ChangePasswordForm';
import { LoadStatus } from '../../../components/LoadStatus';

const ROLE_LABELS: Record<Role, string> = { user: 'User', admin: 'Admin', super_admin: 'Super Admin' };

export const PROFILE_LOAD_ERROR = 'Failed to load your learning stats';

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/** The learner's real numbers (GET /gamification/profile); fields an older API omits read 0. */
function learningStats(profile: Profile): Array<{ label: string; value: string }> {
  return [
    { label: 'Level', value: String(profile.level) },
    { label: 'Experience', value: `${profile.experience_points.toLocaleString('en-US')} XP` },
    { label: 'Current Streak', value: plural(profile.current_streak ?? 0, 'day') },
    { label: 'Longest Streak', value: plural(profile.longest_streak ?? 0, 'day') },
    { label: 'Cards', value: (profile.cards ?? 0).toLocaleString('en-US') },
    { label: 'Reviews', value: (profile.reviews ?? 0).toLocaleString('en-US') },
    { label: 'Achievements Unlocked', value: String(profile.achievements_unlocked) },
  ];
}

const memberSince = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long' });

function formatMemberSince(createdAt: string | undefined): string | null {
  if (!createdAt) return null;
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? null : memberSince.format(date);
}

export function ProfilePage() {
  // THE shared store: the shell and this remote read and write the same instance.
  const user = useAuthStore((s) => s.user);
  const [signingOut, setSigningOut] = useState(false);
  const statsId = useId();
  const { state, retry } = useOwnProfile();

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

  const since = formatMemberSince(user?.created_at);

  return (
    <div className="page">
      <header className="page-header">
        <h1>Profile</h1>
      </header>

      <div className="stack">
        <section className="card row" aria-label="Account" style={{ alignItems: 'center', gap: '1.25rem' }}>
          <Avatar initial={avatarInitial(user?.display_name, user?.email)} size={72} />
          <div className="stack" style={{ gap: '0.25rem', flex: 1, minWidth: 200 }}>
            <h2 style={{ margin: 0 }}>{user?.display_name?.trim() || 'No display name set'}</h2>
            <p data-testid="profile-email" className="muted" style={{ margin: 0, overflowWrap: 'anywhere' }}>
              {user?.email}
            </p>
            <div className="row" style={{ gap: '0.5rem' }}>
              {user && <span className="badge">{ROLE_LABELS[user.role] ?? user.role}</span>}
              {since && <span className="muted">{`Member since ${since}`}</span>}
            </div>
          </div>
          <button type="button" className="btn" onClick={signOut} disabled={signingOut} aria-busy={signingOut}>
            Sign out
          </button>
        </section>

        <section aria-labelledby={statsId}>
          <h2 id={statsId}>Learning Stats</h2>
          <LoadStatus state={state} loading="Loading your learning stats..." failed={PROFILE_LOAD_ERROR} retry={retry} />
          {state.status === 'ready' && (
            <>
              <div className="grid grid-4">
                {learningStats(state.data).map((stat) => (
                  <div key={stat.label} className="card" role="group" aria-label={stat.label}>
                    <div className="stat-label">{stat.label}</div>
                    <div className="stat-value">{stat.value}</div>
                  </div>
                ))}
              </div>
              <div
                className="progress"
                role="progressbar"
                aria-label={`Progress to level ${state.data.level + 1}`}
                aria-valuemin={0}
                aria-valuemax={state.data.level_progress.next}
                aria-valuenow={state.data.level_progress.current}
                aria-valuetext={`${state.data.level_progress.current} of ${state.data.level_progress.next} XP`}
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
