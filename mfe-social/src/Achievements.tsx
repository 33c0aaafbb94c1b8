// Exposed as mfe_social/Achievements; the shell mounts it at /achievements.
import { AchievementsPage } from './features/achievements/components/AchievementsPage';

export default function Achievements() {
  return <AchievementsPage />;
}
