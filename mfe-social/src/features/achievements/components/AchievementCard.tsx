import { useId } from 'react';
import { isUnlocked, type SampleAchievement } from '../sampleData';

export function AchievementCard({ achievement }: { achievement: SampleAchievement }) {
  const titleId = useId();
  const unlocked = isUnlocked(achievement);
  const percent = Math.round((Math.min(achievement.progress, achievement.target) / achievement.target) * 100);

  return (
    <li
      className="card stack"
      aria-labelledby={titleId}
      // Locked badges are dimmed, but their text stays readable (opacity, not colour alone).
      style={{ gap: '0.5rem', opacity: unlocked ? 1 : 0.85 }}
    >
      <div className="spread">
        <span aria-hidden="true" style={{ fontSize: '2rem', filter: unlocked ? undefined : 'grayscale(1)' }}>
          {achievement.icon}
        </span>
        <span className="badge">{unlocked ? 'Unlocked' : 'Locked'}</span>
      </div>
      <h2 id={titleId} style={{ fontSize: '1.05rem', margin: 0 }}>
        {achievement.title}
      </h2>
      <p className="muted" style={{ margin: 0 }}>
        {achievement.description}
      </p>
      <div
        className="progress"
        role="progressbar"
        aria-label={`${achievement.title} progress`}
        aria-valuemin={0}
        aria-valuemax={achievement.target}
        aria-valuenow={Math.min(achievement.progress, achievement.target)}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
      <div className="stat-label">{`${achievement.progress} / ${achievement.target}`}</div>
    </li>
  );
}
