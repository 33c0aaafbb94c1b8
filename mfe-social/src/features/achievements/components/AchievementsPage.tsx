import { ACHIEVEMENTS, isUnlocked } from '../sampleData';
import { AchievementCard } from './AchievementCard';

export function AchievementsPage() {
  const unlocked = ACHIEVEMENTS.filter(isUnlocked).length;
  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1>Achievements</h1>
          <p className="muted">Badges you earn while studying (sample content).</p>
        </div>
        <span className="badge">{`${unlocked} of ${ACHIEVEMENTS.length} unlocked`}</span>
      </header>
      <ul className="grid grid-3" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {ACHIEVEMENTS.map((achievement) => (
          <AchievementCard key={achievement.id} achievement={achievement} />
        ))}
      </ul>
    </div>
  );
}
