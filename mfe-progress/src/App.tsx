// Exposed as mfe_progress/App; the shell mounts it at /progress/*.
import { ProgressPage } from './features/progress/components/ProgressPage';

/** The area's first calls, which the shell starts beside this code. */
export { prefetch } from './prefetch';

export default function ProgressApp() {
  return <ProgressPage />;
}
