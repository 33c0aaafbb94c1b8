// The route table: the shell's own pages, then every route the registry's manifest gives a
// remote (no remote is named here), then the fallback. Until the manifest arrives, a path that
// may belong to a remote waits inside the layout instead of being sent to the dashboard.
import { Navigate, Route, Routes } from 'react-router-dom';
import { RouteGuard } from './auth/RouteGuard';
import { refreshManifest, usePlatformStore } from './federation/platform';
import { PendingArea, RemoteArea } from './federation/RemoteArea';
import { Layout } from './layout/Layout';
import { DashboardPage } from './pages/DashboardPage';
import { ForgotPasswordPage } from './pages/ForgotPasswordPage';
import { LoginPage } from './pages/LoginPage';
import { ResetPasswordPage } from './pages/ResetPasswordPage';
import { SignupPage } from './pages/SignupPage';
import { SettingsPage } from './settings/SettingsPage';

export function App() {
  const manifest = usePlatformStore((s) => s.manifest);
  const failed = usePlatformStore((s) => s.failed);
  return (
    <Routes>
      <Route element={<RouteGuard requireAuth={false} />}>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/signup" element={<SignupPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
      </Route>
      <Route element={<RouteGuard />}>
        <Route element={<Layout />}>
          <Route path="/dashboard" element={<DashboardPage />} />
          <Route path="/settings" element={<SettingsPage />} />
          {manifest?.remotes.flatMap((remote) =>
            remote.routes.map((route) => (
              <Route
                key={`${remote.name}:${route.path}`}
                path={route.path}
                element={
                  <RemoteArea
                    remote={remote.name}
                    version={remote.version}
                    exposed={route.module}
                    roles={route.roles}
                  />
                }
              />
            )),
          )}
          <Route
            path="*"
            element={
              manifest ? (
                <Navigate to="/dashboard" replace />
              ) : (
                <PendingArea failed={failed} onRetry={() => void refreshManifest().catch(() => undefined)} />
              )
            }
          />
        </Route>
      </Route>
    </Routes>
  );
}
