import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useAuthStore } from '@flashcard/shared-auth';
import { returnPath } from '../auth/RouteGuard';
import { useShellText } from '../i18n';
import { AuthCard, AuthForm, ErrorAlert, focusFirstInvalid, FormField } from './FormField';

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
    // Focus lands on the first wrong field; its error is read out through aria-describedby.
    if (focusFirstInvalid(errors, { email: emailRef, password: passwordRef })) return;

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
    <AuthCard title={t('login.title')} intro={t('login.intro')}>
      {serverError ? (
        <ErrorAlert message={serverError} />
      ) : (
        endedBecause === 'disabled' && <ErrorAlert message={t('login.accountDisabled')} />
      )}

      <AuthForm
        name="login"
        submitting={submitting}
        submit={t('login.submit')}
        submittingLabel={t('login.submitting')}
        onSubmit={onSubmit}
      >
        <FormField
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
          id="password"
          label={t('login.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          error={fieldErrors.password && t(fieldErrors.password)}
          inputRef={passwordRef}
          onChange={setPassword}
        />
      </AuthForm>

      <p>
        <Link to="/forgot-password">{t('login.forgotPassword')}</Link>
      </p>
      <p className="muted" style={{ marginBottom: 0 }}>
        {t('login.noAccount')} <Link to="/signup">{t('login.signUp')}</Link>
      </p>
    </AuthCard>
  );
}
