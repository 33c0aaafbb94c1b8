// A remote run on its own dev server (its own origin, so no shell session) renders inside this:
// a router, the toaster and a bare sign-in, so each team can work on its area alone.
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { Toaster } from 'react-hot-toast';
import { useAuthStore } from '@flashcard/shared-auth';
import { useUiText } from './i18n';

function DevSignIn() {
  const t = useUiText();
  const login = useAuthStore((s) => s.login);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const result = await login(email, password);
    if (!result.success) setError(result.error);
  }

  return (
    <main className="center-screen">
      <form className="card stack" onSubmit={onSubmit} style={{ width: 360 }}>
        <h1>{t('standalone.title')}</h1>
        <p className="muted">{t('standalone.intro')}</p>
        {error && (
          <div className="alert alert-error" role="alert">
            {error}
          </div>
        )}
        <div className="field">
          <label htmlFor="dev-email">{t('standalone.email')}</label>
          <input id="dev-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
        </div>
        <div className="field">
          <label htmlFor="dev-password">{t('standalone.password')}</label>
          <input
            id="dev-password"
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
        </div>
        <button className="btn btn-primary" type="submit">
          {t('standalone.signIn')}
        </button>
      </form>
    </main>
  );
}

export function StandaloneHarness({ children }: { children: ReactNode }) {
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  const isLoading = useAuthStore((s) => s.isLoading);
  const initialize = useAuthStore((s) => s.initialize);
  // A reload keeps the session: the kernel refreshes through its HttpOnly cookie.
  useEffect(() => {
    void initialize();
  }, [initialize]);
  return (
    <BrowserRouter>
      <Toaster position="top-right" />
      {isAuthenticated ? children : isLoading ? null : <DevSignIn />}
    </BrowserRouter>
  );
}
