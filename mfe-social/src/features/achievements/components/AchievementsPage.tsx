import { useAchievements } from '../hooks/useAchievements';
import { AchievementCard } from './AchievementCard';
import { LoadStatus } from '../../../components/LoadStatus';

export const ACHIEVEMENTS_LOAD_ERROR = 'Failed to load achievements';

export function AchievementsPage() {
  const { state, retry } = useAchievements();
  const achievements = state.status === 'ready' ? state.data : [];
  const unlocked = achievements.filter((achievement) => achievement.unlocked).length;
  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1>Achievements</h1>
          <p className="muted">Badges you earn while studying.</p>
        </div>
        {state.status === 'ready' && <span className="badge">{`${unlocked} of ${achievements.length} unlocked`}</span>}
      </header>
      <LoadStatus state={state} loading="Loading achievements..." failed={ACHIEVEMENTS_LOAD_ERROR} retry={retry} />
      {state.status === 'ready' && (
        <ul className="grid grid-3" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {achievements.map((achievement) => (
            <AchievementCard key={achievement.key} achievement={achievement} />
          ))}
        </ul>
      )}
    </div>
  );
}
