import { useId, useState, type FormEvent } from 'react';
import { PASSWORD_RULE } from '@flashcard/api-contract';
import { ERROR_TEXTS, useAuthStore } from '@flashcard/shared-auth';
import { useSocialText } from '../../../i18n';

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
      <input
        type="password"
        className="input"
        autoComplete={autoComplete}
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

/** What the form says went wrong: one of its own messages (translated), or the server's reason. */
type FormError = { key: 'tooShort' | 'mismatch' | 'failed' } | { server: string };

/**
 * POST /auth/change-password through the shared store: a refusal shows the server's reason
 * (e.g. 'Current password is incorrect'), else 'Password change failed' (in the page's language).
 */
export function ChangePasswordForm() {
  const t = useSocialText();
  const headingId = useId();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<FormError | null>(null);
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setDone(false);
    if (newPassword.length < PASSWORD_RULE.minLength) return setError({ key: 'tooShort' });
    if (newPassword !== confirm) return setError({ key: 'mismatch' });
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
        // The store's own fallback is the spec's text: this screen says it in the page's language.
        setError(
          !result.error || result.error === ERROR_TEXTS.passwordChangeFailed
            ? { key: 'failed' }
            : { server: result.error },
        );
      }
    } finally {
      setSaving(false);
    }
  }

  const errorText = !error
    ? null
    : 'server' in error
      ? error.server
      : error.key === 'tooShort'
        ? t('password.tooShort', { min: PASSWORD_RULE.minLength })
        : error.key === 'mismatch'
          ? t('password.mismatch')
          : t('password.failed');

  return (
    <section className="card stack" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('password.heading')}</h2>
      <form className="stack" onSubmit={submit} noValidate>
        <PasswordField
          label={t('password.current')}
          autoComplete="current-password"
          value={oldPassword}
          onChange={setOldPassword}
        />
        <PasswordField
          label={t('password.new')}
          autoComplete="new-password"
          value={newPassword}
          onChange={setNewPassword}
        />
        <PasswordField
          label={t('password.confirm')}
          autoComplete="new-password"
          value={confirm}
          onChange={setConfirm}
        />
        {errorText && (
          <p className="alert alert-error" role="alert" style={{ margin: 0 }}>
            {errorText}
          </p>
        )}
        {done && (
          <p role="status" style={{ margin: 0 }}>
            {t('password.changed')}
          </p>
        )}
        <div>
          <button type="submit" className="btn btn-primary" disabled={saving || !oldPassword} aria-busy={saving}>
            {saving ? t('password.submitting') : t('password.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
