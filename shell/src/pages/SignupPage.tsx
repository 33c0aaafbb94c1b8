import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useAuthStore } from '@flashcard/shared-auth';
import { FormField } from './FormField';
import { PASSWORD_RULE } from '@flashcard/api-contract';

export const MIN_PASSWORD_LENGTH = PASSWORD_RULE.minLength;

export const SIGNUP_TEXTS = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: PASSWORD_RULE.tooShort,
  confirmRequired: 'Please confirm your password',
  passwordMismatch: PASSWORD_RULE.mismatch,
} as const;

// Deliberately loose (something@something.tld): the server has the final word.
const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Field = 'email' | 'password' | 'confirmPassword';
type FieldErrors = Partial<Record<Field, string>>;

export function validateSignup(email: string, password: string, confirmPassword: string): FieldErrors {
  const errors: FieldErrors = {};
  if (!email.trim()) errors.email = SIGNUP_TEXTS.emailRequired;
  else if (!EMAIL_FORMAT.test(email.trim())) errors.email = SIGNUP_TEXTS.emailInvalid;
  if (!password) errors.password = SIGNUP_TEXTS.passwordRequired;
  else if (password.length < MIN_PASSWORD_LENGTH) errors.password = SIGNUP_TEXTS.passwordTooShort;
  if (!confirmPassword) errors.confirmPassword = SIGNUP_TEXTS.confirmRequired;
  else if (password && confirmPassword !== password) errors.confirmPassword = SIGNUP_TEXTS.passwordMismatch;
  return errors;
}

export function SignupPage() {
  const register = useAuthStore((s) => s.register);
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '', confirmPassword: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmPasswordRef = useRef<HTMLInputElement>(null);

  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const errors = validateSignup(values.email, values.password, values.confirmPassword);
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
        <h1>Create your account</h1>
        <p className="muted">Start building flashcards and studying with spaced repetition.</p>

        {serverError && (
          <div className="alert alert-error" role="alert">
            {serverError}
          </div>
        )}

        <form onSubmit={onSubmit} noValidate aria-busy={submitting}>
          <FormField
            form="signup"
            id="email"
            label="Email"
            type="email"
            autoComplete="email"
            value={values.email}
            error={fieldErrors.email}
            inputRef={emailRef}
            onChange={set('email')}
          />
          <FormField
            form="signup"
            id="password"
            label="Password"
            type="password"
            autoComplete="new-password"
            value={values.password}
            error={fieldErrors.password}
            inputRef={passwordRef}
            onChange={set('password')}
          />
          <FormField
            form="signup"
            id="confirmPassword"
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
            value={values.confirmPassword}
            error={fieldErrors.confirmPassword}
            inputRef={confirmPasswordRef}
            onChange={set('confirmPassword')}
          />
          <button type="submit" className="btn btn-primary btn-block" disabled={submitting}>
            {submitting ? 'Creating account...' : 'Create account'}
          </button>
        </form>

        <p className="muted" style={{ marginBottom: 0 }}>
          Already have an account? <Link to="/login">Sign in</Link>
        </p>
      </div>
    </main>
  );
}
