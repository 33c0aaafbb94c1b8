// The signed-out pages' form parts (sign-in, sign-up, forgot and reset password): the card with
// its title, the form with its submit button, labelled inputs with their inline errors, the new
// password asked twice and its checks. An error is tied to its input (aria-describedby) so a
// screen reader reads it when focus lands there.
import { createContext, useContext, type FormEvent, type ReactNode, type RefObject } from 'react';
import { PASSWORD_RULE } from '@flashcard/api-contract';

/** The card a signed-out page is: its title, an optional intro, then the page's parts. */
export function AuthCard({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <main className="center-screen">
      <div className="card" style={{ width: '100%', maxWidth: 400 }}>
        <h1>{title}</h1>
        {intro && <p className="muted">{intro}</p>}
        {children}
      </div>
    </main>
  );
}

/** The server's refusal; with `focusRef`, focusable so the page can move focus to it. */
export function ErrorAlert({ message, focusRef }: { message: string; focusRef?: RefObject<HTMLDivElement | null> }) {
  return (
    <div className="alert alert-error" role="alert" tabIndex={focusRef ? -1 : undefined} ref={focusRef}>
      {message}
    </div>
  );
}

/** Prefix of the element ids of the form's fields, so two forms never share one. */
const FormName = createContext('');

/** A form of these pages: the page checks it (noValidate), busy while it is sent, its submit button last. */
export function AuthForm({
  name,
  submitting,
  submit,
  submittingLabel,
  onSubmit,
  children,
}: {
  name: string;
  submitting: boolean;
  submit: string;
  submittingLabel: string;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <FormName.Provider value={name}>
      <form onSubmit={onSubmit} noValidate aria-busy={submitting}>
        {children}
        <button type="submit" className="btn btn-primary btn-block" disabled={submitting}>
          {submitting ? submittingLabel : submit}
        </button>
      </form>
    </FormName.Provider>
  );
}

interface FormFieldProps {
  id: string;
  label: string;
  type: 'email' | 'password';
  autoComplete: string;
  value: string;
  error?: string;
  inputRef: RefObject<HTMLInputElement | null>;
  onChange: (value: string) => void;
}

/** One labelled input of an AuthForm with its inline error. */
export function FormField({ id, label, type, autoComplete, value, error, inputRef, onChange }: FormFieldProps) {
  const inputId = `${useContext(FormName)}-${id}`;
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      <input
        ref={inputRef}
        id={inputId}
        name={id}
        type={type}
        autoComplete={autoComplete}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
      />
      {error && (
        <div id={`${inputId}-error`} className="field-error">
          {error}
        </div>
      )}
    </div>
  );
}

type NewPasswordField = 'password' | 'confirmPassword';

/** The new password and its confirmation (sign-up, reset), each with its error. */
export function NewPasswordFields({
  labels,
  values,
  errors,
  refs,
  onChange,
}: {
  labels: Record<NewPasswordField, string>;
  values: Record<NewPasswordField, string>;
  errors: Partial<Record<NewPasswordField, string>>;
  refs: Record<NewPasswordField, RefObject<HTMLInputElement | null>>;
  onChange: (field: NewPasswordField) => (value: string) => void;
}) {
  return (['password', 'confirmPassword'] as const).map((field) => (
    <FormField
      key={field}
      id={field}
      label={labels[field]}
      type="password"
      autoComplete="new-password"
      value={values[field]}
      error={errors[field]}
      inputRef={refs[field]}
      onChange={onChange(field)}
    />
  ));
}

/** What is wrong with a new password typed twice, as text keys of the page `P` (kept as keys, so a message shown follows a change of language). */
export type NewPasswordErrors<P extends 'signup' | 'resetPassword'> = Partial<
  Record<
    NewPasswordField,
    `${P}.passwordRequired` | `${P}.passwordTooShort` | `${P}.confirmRequired` | `${P}.passwordMismatch`
  >
>;

/** Sign-up's checks of a new password typed twice. */
export function newPasswordErrors<P extends 'signup' | 'resetPassword'>(
  page: P,
  password: string,
  confirmPassword: string,
): NewPasswordErrors<P> {
  return {
    ...(!password
      ? { password: `${page}.passwordRequired` as const }
      : password.length < PASSWORD_RULE.minLength
        ? { password: `${page}.passwordTooShort` as const }
        : {}),
    ...(!confirmPassword
      ? { confirmPassword: `${page}.confirmRequired` as const }
      : password && confirmPassword !== password
        ? { confirmPassword: `${page}.passwordMismatch` as const }
        : {}),
  };
}

/** Focuses the first field, in `refs` order, that has an error; false when none has. */
export function focusFirstInvalid<F extends string>(
  errors: Partial<Record<F, unknown>>,
  refs: Record<F, RefObject<HTMLInputElement | null>>,
): boolean {
  const first = (Object.keys(refs) as F[]).find((field) => errors[field]);
  if (first === undefined) return false;
  refs[first].current?.focus();
  return true;
}
