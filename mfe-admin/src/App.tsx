// Exposed as mfe_admin/App; the shell mounts it at /admin/*, so every path here is relative.
import { Navigate, Route, Routes } from 'react-router-dom';
import { AdminPage } from './features/admin/components/AdminPage';
import { AuditScreen } from './features/admin/components/AuditScreen';
import { UsersScreen } from './features/admin/components/UsersScreen';
import { PlatformConsole } from './features/platform/components/PlatformConsole';

export default function AdminApp() {
  return (
    <Routes>
      <Route index element={<AdminPage />} />
      <Route path="users" element={<UsersScreen />} />
      <Route path="audit" element={<AuditScreen />} />
      <Route path="platform" element={<PlatformConsole />} />
      {/* Unknown sub-paths fall back to the dashboard. */}
      <Route path="*" element={<Navigate to=".." replace />} />
    </Routes>
  );
}
