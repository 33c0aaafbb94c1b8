import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useAuthStore } from '@flashcard/shared-auth';
import {
  AuthCard,
  AuthForm,
  ErrorAlert,
  focusFirstInvalid,
  FormField,
  newPasswordErrors,
  NewPasswordFields,
} from './FormField';
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
  return { ...errors, ...newPasswordErrors('signup', password, confirmPassword) };
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
    const refs = { email: emailRef, password: passwordRef, confirmPassword: confirmPasswordRef };
    if (focusFirstInvalid(errors, refs)) return;

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
    <AuthCard title={t('signup.title')} intro={t('signup.intro')}>
      {serverError && <ErrorAlert message={serverError} />}

      <AuthForm
        name="signup"
        submitting={submitting}
        submit={t('signup.submit')}
        submittingLabel={t('signup.submitting')}
        onSubmit={onSubmit}
      >
        <FormField
          id="email"
          label={t('signup.email')}
          type="email"
          autoComplete="email"
          value={values.email}
          error={errorText(fieldErrors.email, t)}
          inputRef={emailRef}
          onChange={set('email')}
        />
        <NewPasswordFields
          labels={{ password: t('signup.password'), confirmPassword: t('signup.confirmPassword') }}
          values={values}
          errors={{
            password: errorText(fieldErrors.password, t),
            confirmPassword: errorText(fieldErrors.confirmPassword, t),
          }}
          refs={{ password: passwordRef, confirmPassword: confirmPasswordRef }}
          onChange={set}
        />
      </AuthForm>

      <p className="muted" style={{ marginBottom: 0 }}>
        {t('signup.haveAccount')} <Link to="/login">{t('signup.signIn')}</Link>
      </p>
    </AuthCard>
  );
}
