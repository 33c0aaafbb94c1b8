import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useAuthStore } from '@flashcard/shared-auth';
import { FormField } from './FormField';
import { PASSWORD_RULE } from '@flashcard/api-contract';
import { useShellText, type ShellText } from '../i18n';

export const MIN_PASSWORD_LENGTH = PASSWORD_RULE.minLength;

// Deliberately loose (something@something.tld): the server has the final word.
const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Field = 'email' | 'password' | 'confirmPassword';
type ErrorKey =
  | 'signup.emailRequired'
  | 'signup.emailInvalid'
  | 'signup.passwordRequired'
  | 'signup.passwordTooShort'
  | 'signup.confirmRequired'
  | 'signup.passwordMismatch';
/** Kept as keys, so a message already shown follows a change of language. */
type FieldErrorKeys = Partial<Record<Field, ErrorKey>>;

function signupErrors(email: string, password: string, confirmPassword: string): FieldErrorKeys {
  const errors: FieldErrorKeys = {};
  if (!email.trim()) errors.email = 'signup.emailRequired';
  else if (!EMAIL_FORMAT.test(email.trim())) errors.email = 'signup.emailInvalid';
  if (!password) errors.password = 'signup.passwordRequired';
  else if (password.length < MIN_PASSWORD_LENGTH) errors.password = 'signup.passwordTooShort';
  if (!confirmPassword) errors.confirmPassword = 'signup.confirmRequired';
  else if (password && confirmPassword !== password) errors.confirmPassword = 'signup.passwordMismatch';
  return errors;
}

function errorText(key: ErrorKey | undefined, t: ShellText): string | undefined {
  return key && t(key, { min: MIN_PASSWORD_LENGTH });
}

export function SignupPage() {
  const t = useShellText();
  const register = useAuthStore((s) => s.register);
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '', confirmPassword: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrorKeys>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmPasswordRef = useRef<HTMLInputElement>(null);

  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const errors = signupErrors(values.email, values.password, values.confirmPassword);
    setFieldErrors(errors);
    setServerError(null);
    const firstInvalid = (['email', 'password', 'confirmPassword'] as const).find((field) => errors[field]);
    if (firstInvalid) {
      const refs: Record<Field, RefObject<HTMLInputElement | null>> = {
        email: emailRef,
        password: passwordRef,
        confirmPassword: confirmPasswordRef,
      };
      refs[firstInvalid].current?.focus();
      return;
    }

    setSubmitting(true);
    const result = await register({
      email: values.email.trim(),
      password: values.password,
      confirmPassword: values.confirmPassword,
    });
    if (result.success) {
      navigate('/dashboard', { replace: true });
      return;
    }
    setServerError(result.error);
    setSubmitting(false);
  }

  return (
    <main className="center-screen">
      <div className="card" style={{ width: '100%', maxWidth: 400 }}>
        <h1>{t('signup.title')}</h1>
        <p className="muted">{t('signup.intro')}</p>

        {serverError && (
          <div className="alert alert-error" role="alert">
            {serverError}
          </div>
        )}

        <form onSubmit={onSubmit} noValidate aria-busy={submitting}>
          <FormField
            form="signup"
            id="email"
            label={t('signup.email')}
            type="email"
            autoComplete="email"
            value={values.email}
            error={errorText(fieldErrors.email, t)}
            inputRef={emailRef}
            onChange={set('email')}
          />
          <FormField
            form="signup"
            id="password"
            label={t('signup.password')}
            type="password"
            autoComplete="new-password"
            value={values.password}
            error={errorText(fieldErrors.password, t)}
            inputRef={passwordRef}
            onChange={set('password')}
          />
          <FormField
            form="signup"
            id="confirmPassword"
            label={t('signup.confirmPassword')}
            type="password"
            autoComplete="new-password"
            value={values.confirmPassword}
            error={errorText(fieldErrors.confirmPassword, t)}
            inputRef={confirmPasswordRef}
            onChange={set('confirmPassword')}
          />
          <button type="submit" className="btn btn-primary btn-block" disabled={submitting}>
            {submitting ? t('signup.submitting') : t('signup.submit')}
          </button>
        </form>

        <p className="muted" style={{ marginBottom: 0 }}>
          {t('signup.haveAccount')} <Link to="/login">{t('signup.signIn')}</Link>
        </p>
      </div>
    </main>
  );
}
