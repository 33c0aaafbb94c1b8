import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useAuthStore } from '@flashcard/shared-auth';
import { returnPath } from '../auth/RouteGuard';
import { useShellText } from '../i18n';
import { FormField } from './FormField';

/** Kept as keys, so a message already shown follows a change of language. */
interface FieldErrors {
  email?: 'login.emailRequired';
  password?: 'login.passwordRequired';
}

export function LoginPage() {
  const t = useShellText();
  const login = useAuthStore((s) => s.login);
  // Why the last session ended, when the server said (the account was disabled).
  const endedBecause = useAuthStore((s) => s.endedBecause);
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const errors: FieldErrors = {};
    if (!email.trim()) errors.email = 'login.emailRequired';
    if (!password) errors.password = 'login.passwordRequired';
    setFieldErrors(errors);
    setServerError(null);
    if (errors.email || errors.password) {
      // Focus lands on the first wrong field; its error is read out through aria-describedby.
      (errors.email ? emailRef : passwordRef).current?.focus();
      return;
    }

    setSubmitting(true);
    const result = await login(email.trim(), password);
    if (result.success) {
      // Back to the page the guard sent us from (e.g. /progress), else /dashboard.
      navigate(returnPath(location.state), { replace: true });
      return;
    }
    setServerError(result.error);
    setSubmitting(false);
  }

  return (
    <main className="center-screen">
      <div className="card" style={{ width: '100%', maxWidth: 400 }}>
        <h1>{t('login.title')}</h1>
        <p className="muted">{t('login.intro')}</p>

        {serverError ? (
          <div className="alert alert-error" role="alert">
            {serverError}
          </div>
        ) : (
          endedBecause === 'disabled' && (
            <div className="alert alert-error" role="alert">
              {t('login.accountDisabled')}
            </div>
          )
        )}

        <form onSubmit={onSubmit} noValidate aria-busy={submitting}>
          <FormField
            form="login"
            id="email"
            label={t('login.email')}
            type="email"
            autoComplete="email"
            value={email}
            error={fieldErrors.email && t(fieldErrors.email)}
            inputRef={emailRef}
            onChange={setEmail}
          />
          <FormField
            form="login"
            id="password"
            label={t('login.password')}
            type="password"
            autoComplete="current-password"
            value={password}
            error={fieldErrors.password && t(fieldErrors.password)}
            inputRef={passwordRef}
            onChange={setPassword}
          />

          <button type="submit" className="btn btn-primary btn-block" disabled={submitting}>
            {submitting ? t('login.submitting') : t('login.submit')}
          </button>
        </form>

        <p>
          <Link to="/forgot-password">{t('login.forgotPassword')}</Link>
        </p>
        <p className="muted" style={{ marginBottom: 0 }}>
          {t('login.noAccount')} <Link to="/signup">{t('login.signUp')}</Link>
        </p>
      </div>
    </main>
  );
}
