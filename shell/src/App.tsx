import { Navigate, Route, Routes } from 'react-router-dom';
import { RouteGuard } from './auth/RouteGuard';
import { RemoteArea } from './federation/RemoteArea';
import { Layout } from './layout/Layout';
import { DashboardPage } from './pages/DashboardPage';
import { LoginPage } from './pages/LoginPage';
import { SignupPage } from './pages/SignupPage';
import { SettingsPage } from './settings/SettingsPage';

export function App() {
  return (
    <Routes>
      <Route element={<RouteGuard requireAuth={false} />}>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/signup" element={<SignupPage />} />
      </Route>
      <Route element={<RouteGuard />}>
        <Route element={<Layout />}>
          <Route path="/dashboard" element={<DashboardPage />} />
          <Route path="/settings" element={<SettingsPage />} />
          <Route path="/cards/*" element={<RemoteArea remote="mfe_cards" />} />
          <Route path="/study/*" element={<RemoteArea remote="mfe_study" />} />
          <Route path="/progress/*" element={<RemoteArea remote="mfe_progress" />} />
          <Route path="/admin/*" element={<RemoteArea remote="mfe_admin" />} />
          <Route path="/social/*" element={<RemoteArea remote="mfe_social" exposed="./Social" />} />
          <Route path="/achievements" element={<RemoteArea remote="mfe_social" exposed="./Achievements" />} />
          <Route path="/profile" element={<RemoteArea remote="mfe_social" exposed="./Profile" />} />
        </Route>
      </Route>
      <Route path="*" element={<Navigate to="/dashboard" replace />} />
    </Routes>
  );
}
