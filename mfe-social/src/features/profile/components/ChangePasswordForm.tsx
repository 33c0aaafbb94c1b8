import { useId, useState, type FormEvent } from 'react';
import { useAuthStore } from '@flashcard/shared-auth';

// The spec's texts (section 7 and 8): the sign-up rules, and the fallback of a failed change.
export const PASSWORD_TOO_SHORT = 'Password must be at least 6 characters long';
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const PASSWORD_CHANGED = 'Password changed';
const MIN_PASSWORD_LENGTH = 6;

/**
 * POST /auth/change-password through the shared store: a refusal shows the server's reason
 * (e.g. 'Current password is incorrect'), else 'Password change failed'.
 */
export function ChangePasswordForm() {
  const headingId = useId();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setDone(false);
    if (newPassword.length < MIN_PASSWORD_LENGTH) return setError(PASSWORD_TOO_SHORT);
    if (newPassword !== confirm) return setError(PASSWORDS_DO_NOT_MATCH);
    setError(null);
    setSaving(true);
    try {
      const result = await useAuthStore.getState().changePassword(oldPassword, newPassword);
      if (result.success) {
        setOldPassword('');
        setNewPassword('');
        setConfirm('');
        setDone(true);
      } else {
        setError(result.error);
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="card stack" aria-labelledby={headingId}>
      <h2 id={headingId}>Change Password</h2>
      <form className="stack" onSubmit={submit} noValidate>
        <label className="stack" style={{ gap: '0.25rem' }}>
          <span>Current password</span>
          <input
            type="password"
            className="input"
            autoComplete="current-password"
            required
            value={oldPassword}
            onChange={(e) => setOldPassword(e.target.value)}
          />
        </label>
        <label className="stack" style={{ gap: '0.25rem' }}>
          <span>New password</span>
          <input
            type="password"
            className="input"
            autoComplete="new-password"
            required
            value={newPassword}
            onChange={(e) => setNewPassword(e.target.value)}
          />
        </label>
        <label className="stack" style={{ gap: '0.25rem' }}>
          <span>Confirm new password</span>
          <input
            type="password"
            className="input"
            autoComplete="new-password"
            required
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
        </label>
        {error && (
          <p className="alert alert-error" role="alert" style={{ margin: 0 }}>
            {error}
          </p>
        )}
        {done && (
          <p role="status" style={{ margin: 0 }}>
            {PASSWORD_CHANGED}
          </p>
        )}
        <div>
          <button type="submit" className="btn btn-primary" disabled={saving || !oldPassword} aria-busy={saving}>
            {saving ? 'Changing...' : 'Change Password'}
          </button>
        </div>
      </form>
    </section>
  );
}
