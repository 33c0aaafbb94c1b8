import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useAuthStore } from '@flashcard/shared-auth';
import { returnPath } from '../auth/RouteGuard';
import { FormField } from './FormField';

export const LOGIN_TEXTS = {
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
} as const;

interface FieldErrors {
  email?: string;
  password?: string;
}

export function LoginPage() {
  const login = useAuthStore((s) => s.login);
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
    if (!email.trim()) errors.email = LOGIN_TEXTS.emailRequired;
    if (!password) errors.password = LOGIN_TEXTS.passwordRequired;
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
        <h1>Sign in</h1>
        <p className="muted">Welcome back. Sign in to continue studying.</p>

        {serverError && (
          <div className="alert alert-error" role="alert">
            {serverError}
          </div>
        )}

        <form onSubmit={onSubmit} noValidate aria-busy={submitting}>
          <FormField
            form="login"
            id="email"
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            error={fieldErrors.email}
            inputRef={emailRef}
            onChange={setEmail}
          />
          <FormField
            form="login"
            id="password"
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            error={fieldErrors.password}
            inputRef={passwordRef}
            onChange={setPassword}
          />

          <button type="submit" className="btn btn-primary btn-block" disabled={submitting}>
            {submitting ? 'Signing in...' : 'Sign in'}
          </button>
        </form>

        <p className="muted" style={{ marginBottom: 0 }}>
          Don&apos;t have an account? <Link to="/signup">Sign up</Link>
        </p>
      </div>
    </main>
  );
}
