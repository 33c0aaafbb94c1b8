// The e-mailed link's page: /reset-password?token=... A new password twice (sign-up's checks
// first, the server's rules after), then the link is spent and every session of the account ends;
// the learner signs in with the new password. A link the server refuses (unknown, expired, used)
// shows the server's reason and the way to a new one.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { getErrorMessage } from '@flashcard/shared-auth';
import { PASSWORD_RULE, recoveryApi } from '@flashcard/api-contract';
import { useShellText } from '../i18n';
import { NOTICE_STYLE } from './ForgotPasswordPage';
import {
  AuthCard,
  AuthForm,
  ErrorAlert,
  focusFirstInvalid,
  newPasswordErrors,
  NewPasswordFields,
  type NewPasswordErrors,
} from './FormField';

type Field = 'password' | 'confirmPassword';

export function ResetPasswordPage() {
  const t = useShellText();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [values, setValues] = useState<Record<Field, string>>({ password: '', confirmPassword: '' });
  const [fieldErrors, setFieldErrors] = useState<NewPasswordErrors<'resetPassword'>>({});
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
    const errors = newPasswordErrors('resetPassword', values.password, values.confirmPassword);
    setFieldErrors(errors);
    setServerError(null);
    if (focusFirstInvalid(errors, { password: passwordRef, confirmPassword: confirmPasswordRef })) return;
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
    <AuthCard title={t('resetPassword.title')}>
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
          <ErrorAlert message={t('resetPassword.noToken')} />
          <Link to="/forgot-password">{t('resetPassword.requestNew')}</Link>
        </>
      ) : (
        <>
          <p className="muted">{t('resetPassword.intro')}</p>
          {serverError && <ErrorAlert message={serverError} focusRef={messageRef} />}
          <AuthForm
            name="reset"
            submitting={submitting}
            submit={t('resetPassword.submit')}
            submittingLabel={t('resetPassword.submitting')}
            onSubmit={onSubmit}
          >
            <NewPasswordFields
              labels={{ password: t('resetPassword.password'), confirmPassword: t('resetPassword.confirmPassword') }}
              values={values}
              errors={{ password: errorText('password'), confirmPassword: errorText('confirmPassword') }}
              refs={{ password: passwordRef, confirmPassword: confirmPasswordRef }}
              onChange={set}
            />
          </AuthForm>
          <p className="muted" style={{ marginBottom: 0 }}>
            <Link to="/forgot-password">{t('resetPassword.requestNew')}</Link>
          </p>
        </>
      )}
    </AuthCard>
  );
}
