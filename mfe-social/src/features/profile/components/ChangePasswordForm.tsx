import { useId, useState, type FormEvent } from 'react';
import { PASSWORD_RULE } from '@flashcard/api-contract';
import { useAuthStore } from '@flashcard/shared-auth';

export const PASSWORD_CHANGED = 'Password changed';

interface PasswordFieldProps {
  label: string;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onChange: (value: string) => void;
}

function PasswordField({ label, autoComplete, value, onChange }: PasswordFieldProps) {
  return (
    <label className="stack" style={{ gap: '0.25rem' }}>
      <span>{label}</span>
      <input type="password" className="input" autoComplete={autoComplete} required value={value} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}

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
    if (newPassword.length < PASSWORD_RULE.minLength) return setError(PASSWORD_RULE.tooShort);
    if (newPassword !== confirm) return setError(PASSWORD_RULE.mismatch);
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
        <PasswordField label="Current password" autoComplete="current-password" value={oldPassword} onChange={setOldPassword} />
        <PasswordField label="New password" autoComplete="new-password" value={newPassword} onChange={setNewPassword} />
        <PasswordField label="Confirm new password" autoComplete="new-password" value={confirm} onChange={setConfirm} />
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
