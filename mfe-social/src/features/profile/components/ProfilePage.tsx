import { useId, useState } from 'react';
import type { Role } from '@flashcard/api-contract';
import { useAuthStore } from '@flashcard/shared-auth';
import { Avatar, avatarInitial } from '../../../components/Avatar';

const ROLE_LABELS: Record<Role, string> = { user: 'User', admin: 'Admin', super_admin: 'Super Admin' };

// Hard-coded sample content (spec: the profile screen is static apart from who is signed in).
const SAMPLE_STATS = [
  { label: 'Level', value: '7' },
  { label: 'Cards Mastered', value: '156' },
  { label: 'Longest Streak', value: '14 days' },
  { label: 'Study Hours', value: '38' },
];
const SAMPLE_BIO = 'Preparing for exams one card at a time. Favourite subjects: biology and Spanish.';

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
  const aboutId = useId();

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
            <p data-testid="profile-email" className="muted" style={{ margin: 0 }}>
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

        <section className="card" aria-labelledby={aboutId}>
          <h2 id={aboutId}>About</h2>
          <p className="muted" style={{ margin: 0 }}>
            {SAMPLE_BIO}
          </p>
        </section>

        <section aria-labelledby={statsId}>
          <h2 id={statsId}>Learning Stats</h2>
          <div className="grid grid-4">
            {SAMPLE_STATS.map((stat) => (
              <div key={stat.label} className="card" role="group" aria-label={stat.label}>
                <div className="stat-label">{stat.label}</div>
                <div className="stat-value">{stat.value}</div>
              </div>
            ))}
          </div>
        </section>
      </div>
    </div>
  );
}
