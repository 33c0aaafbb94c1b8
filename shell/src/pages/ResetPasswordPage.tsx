// The e-mailed link's page: /reset-password?token=... A new password twice (sign-up's checks
// first, the server's rules after), then the link is spent and every session of the account ends;
// the learner signs in with the new password. A link the server refuses (unknown, expired, used)
// shows the server's reason and the way to a new one.
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { getErrorMessage } from '@flashcard/shared-auth';
import { PASSWORD_RULE, recoveryApi } from '@flashcard/api-contract';
import { useShellText } from '../i18n';
import { NOTICE_STYLE } from './ForgotPasswordPage';
import { FormField } from './FormField';

type Field = 'password' | 'confirmPassword';
type ErrorKey =
  | 'resetPassword.passwordRequired'
  | 'resetPassword.passwordTooShort'
  | 'resetPassword.confirmRequired'
  | 'resetPassword.passwordMismatch';

function resetErrors(password: string, confirmPassword: string): Partial<Record<Field, ErrorKey>> {
  const errors: Partial<Record<Field, ErrorKey>> = {};
  if (!password) errors.password = 'resetPassword.passwordRequired';
  else if (password.length < PASSWORD_RULE.minLength) errors.password = 'resetPassword.passwordTooShort';
  if (!confirmPassword) errors.confirmPassword = 'resetPassword.confirmRequired';
  else if (password && confirmPassword !== password) errors.confirmPassword = 'resetPassword.passwordMismatch';
  return errors;
}

export function ResetPasswordPage() {
  const t = useShellText();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [values, setValues] = useState<Record<Field, string>>({ password: '', confirmPassword: '' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, ErrorKey>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmPasswordRef = useRef<HTMLInputElement>(null);
  const messageRef = useRef<HTMLDivElement>(null);
  // Focus moves to what the answer says, so a screen reader reads it and Tab goes on from there.
  useEffect(() => messageRef.current?.focus(), [done, serverError]);

  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const errors = resetErrors(values.password, values.confirmPassword);
    setFieldErrors(errors);
    setServerError(null);
    const firstInvalid = (['password', 'confirmPassword'] as const).find((field) => errors[field]);
    if (firstInvalid) {
      const refs: Record<Field, RefObject<HTMLInputElement | null>> = {
        password: passwordRef,
        confirmPassword: confirmPasswordRef,
      };
      refs[firstInvalid].current?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await recoveryApi.resetPassword({ token, ...values });
      setDone(true);
    } catch (err) {
      setServerError(getErrorMessage(err) ?? null);
    } finally {
      setSubmitting(false);
    }
  }

  const errorText = (field: Field) => {
    const key = fieldErrors[field];
    return key && t(key, { min: PASSWORD_RULE.minLength });
  };

  return (
    <main className="center-screen">
      <div className="card" style={{ width: '100%', maxWidth: 400 }}>
        <h1>{t('resetPassword.title')}</h1>

        {done ? (
          <>
            <div className="alert" style={NOTICE_STYLE} role="status" tabIndex={-1} ref={messageRef}>
              {t('resetPassword.done')}
            </div>
            <Link to="/login" className="btn btn-primary btn-block">
              {t('resetPassword.signIn')}
            </Link>
          </>
        ) : !token ? (
          <>
            <div className="alert alert-error" role="alert">
              {t('resetPassword.noToken')}
            </div>
            <Link to="/forgot-password">{t('resetPassword.requestNew')}</Link>
          </>
        ) : (
          <>
            <p className="muted">{t('resetPassword.intro')}</p>
            {serverError && (
              <div className="alert alert-error" role="alert" tabIndex={-1} ref={messageRef}>
                {serverError}
              </div>
            )}
            <form onSubmit={onSubmit} noValidate aria-busy={submitting}>
              <FormField
                form="reset"
                id="password"
                label={t('resetPassword.password')}
                type="password"
                autoComplete="new-password"
                value={values.password}
                error={errorText('password')}
                inputRef={passwordRef}
                onChange={set('password')}
              />
              <FormField
                form="reset"
                id="confirmPassword"
                label={t('resetPassword.confirmPassword')}
                type="password"
                autoComplete="new-password"
                value={values.confirmPassword}
                error={errorText('confirmPassword')}
                inputRef={confirmPasswordRef}
                onChange={set('confirmPassword')}
              />
              <button type="submit" className="btn btn-primary btn-block" disabled={submitting}>
                {submitting ? t('resetPassword.submitting') : t('resetPassword.submit')}
              </button>
            </form>
            <p className="muted" style={{ marginBottom: 0 }}>
              <Link to="/forgot-password">{t('resetPassword.requestNew')}</Link>
            </p>
          </>
        )}
      </div>
    </main>
  );
}
