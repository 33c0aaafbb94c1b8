// Exposed as mfe_progress/App; the shell mounts it at /progress/*.
import { ProgressPage } from './features/progress/components/ProgressPage';

export default function ProgressApp() {
  return <ProgressPage />;
}
