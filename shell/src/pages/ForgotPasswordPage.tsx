// "Forgot password?": the account's e-mail address, then one answer whatever the address (the API
// never says whether an account uses it). Where links go (`delivery`) is the server's setting:
// by e-mail, or, on a server without SMTP_URL, into its log.
import { useEffect, useRef, useState, type CSSProperties, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { getErrorMessage } from '@flashcard/shared-auth';
import { recoveryApi, RESET_LINK_TTL_MINUTES, type ResetDelivery } from '@flashcard/api-contract';
import { useShellText } from '../i18n';
import { AuthCard, AuthForm, ErrorAlert, FormField } from './FormField';

// The sign-up form's shape check: the server has the final word.
const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type ErrorKey = 'forgotPassword.emailRequired' | 'forgotPassword.emailInvalid';

/** A done notice of the recovery pages: the alert box in the success colour, the text in the page's. */
export const NOTICE_STYLE: CSSProperties = {
  borderColor: 'var(--success)',
  background: 'color-mix(in srgb, var(--success) 8%, transparent)',
  // A long e-mail address breaks inside the box instead of widening the page.
  overflowWrap: 'anywhere',
};

export function ForgotPasswordPage() {
  const t = useShellText();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<ErrorKey | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [sent, setSent] = useState<{ email: string; delivery: ResetDelivery } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const messageRef = useRef<HTMLDivElement>(null);
  // Focus moves to what the answer says, so a screen reader reads it and Tab goes on from there.
  useEffect(() => messageRef.current?.focus(), [sent, serverError]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const address = email.trim();
    const error = !address
      ? 'forgotPassword.emailRequired'
      : EMAIL_FORMAT.test(address)
        ? null
        : 'forgotPassword.emailInvalid';
    setFieldError(error);
    setServerError(null);
    setSent(null);
    if (error) {
      emailRef.current?.focus();
      return;
    }
    setSubmitting(true);
    try {
      const { delivery } = await recoveryApi.forgotPassword(address);
      setSent({ email: address, delivery });
    } catch (err) {
      setServerError(getErrorMessage(err) ?? null);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthCard title={t('forgotPassword.title')} intro={t('forgotPassword.intro')}>
      {serverError && <ErrorAlert message={serverError} focusRef={messageRef} />}
      {sent && (
        <div className="alert" style={NOTICE_STYLE} role="status" tabIndex={-1} ref={messageRef}>
          {t(sent.delivery === 'log' ? 'forgotPassword.sentLog' : 'forgotPassword.sentEmail', {
            email: sent.email,
            minutes: RESET_LINK_TTL_MINUTES,
          })}
        </div>
      )}

      <AuthForm
        name="forgot"
        submitting={submitting}
        submit={t('forgotPassword.submit')}
        submittingLabel={t('forgotPassword.submitting')}
        onSubmit={onSubmit}
      >
        <FormField
          id="email"
          label={t('forgotPassword.email')}
          type="email"
          autoComplete="email"
          value={email}
          error={fieldError ? t(fieldError) : undefined}
          inputRef={emailRef}
          onChange={setEmail}
        />
      </AuthForm>

      <p className="muted" style={{ marginBottom: 0 }}>
        <Link to="/login">{t('forgotPassword.backToLogin')}</Link>
      </p>
    </AuthCard>
  );
}
