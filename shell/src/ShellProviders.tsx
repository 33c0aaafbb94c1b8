// Wires shared-auth to the shell: failed calls become toasts, an expired session goes to /login
// inside the SPA (remembering the page), the session is restored once at start-up (the refresh
// the entry chunk made through the HttpOnly cookie, federation/early.ts), and the
// account's settings (language, theme) are loaded at every sign-in (an offline session's once it
// is online again) and dropped at sign-out.
import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast, Toaster } from 'react-hot-toast';
import { failureToastId, setErrorNotifier, setUnauthorizedHandler, useAuthStore } from '@flashcard/shared-auth';
import { takeEarlySession } from './federation/early';
import { useApplyTheme, useSettingsStore } from './settings/settings-store';

export function ShellProviders({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  const initialize = useAuthStore((s) => s.initialize);
  useApplyTheme();

  useEffect(() => {
    // One toast per text (several calls failing together show it once); a screen that words
    // the failure itself replaces it through the same id.
    setErrorNotifier((message) => toast.error(message, { id: failureToastId(message) }));
    return () => setErrorNotifier(null);
  }, []);

  useEffect(() => {
    setUnauthorizedHandler(() => navigate('/login', { replace: true, state: { from: location } }));
  }, [navigate, location]);

  useEffect(() => {
    void initialize(takeEarlySession());
  }, [initialize]);

  const userId = useAuthStore((s) => (s.isAuthenticated ? (s.user?.id ?? null) : null));
  // A session restored offline keeps the look this browser remembers; its settings load once online.
  const offline = useAuthStore((s) => s.isOffline);
  const loadSettings = useSettingsStore((s) => s.load);
  const resetSettings = useSettingsStore((s) => s.reset);
  useEffect(() => {
    if (userId === null) void resetSettings();
    else if (!offline) void loadSettings();
  }, [userId, offline, loadSettings, resetSettings]);

  return (
    <>
      {/* Top-right with react-hot-toast's own durations (4 s, success 2 s), as the spec says. */}
      <Toaster position="top-right" />
      {children}
    </>
  );
}
