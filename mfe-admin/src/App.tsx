// Exposed as mfe_admin/App; the shell mounts it at /admin/*.
import { AdminPage } from './features/admin/components/AdminPage';

export default function AdminApp() {
  return <AdminPage />;
}
