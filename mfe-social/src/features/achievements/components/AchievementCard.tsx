import { useId } from 'react';
import type { Achievement } from '@flashcard/api-contract';
import { useAchievementText } from '@flashcard/shared-ui';
import { achievementIcon, formatUnlockDate } from '../icons';
import { useSocialLocale } from '../../../i18n';

export function AchievementCard({ achievement }: { achievement: Achievement }) {
  const { t, language } = useSocialLocale();
  // Worded by key in the page's language; the server's English only for a key unknown here.
  const { name, description } = useAchievementText()(achievement.key, achievement);
  const titleId = useId();
  const unlocked = achievement.unlocked;
  const target = Math.max(achievement.target, 0);
  const progress = Math.min(Math.max(achievement.progress, 0), target);
  const percent = target > 0 ? Math.round((progress / target) * 100) : unlocked ? 100 : 0;
  const unlockedOn = formatUnlockDate(achievement.unlocked_at, language);

  return (
    <li className="card stack" aria-labelledby={titleId} style={{ gap: '0.5rem' }}>
      <div className="spread">
        {/* A locked one's icon is dimmed; its texts keep full contrast (the badge says Locked). */}
        <span
          aria-hidden="true"
          style={{ fontSize: '2rem', filter: unlocked ? undefined : 'grayscale(1)', opacity: unlocked ? 1 : 0.6 }}
        >
          {achievementIcon(achievement.key)}
        </span>
        <span className="badge">{unlocked ? t('achievements.unlocked') : t('achievements.locked')}</span>
      </div>
      <h2 id={titleId} style={{ fontSize: '1.05rem', margin: 0 }}>
        {name}
      </h2>
      <p className="muted" style={{ margin: 0 }}>
        {description}
      </p>
      <div
        className="progress"
        role="progressbar"
        aria-label={t('achievements.progressLabel', { name })}
        aria-valuemin={0}
        aria-valuemax={target}
        aria-valuenow={progress}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
      <div className="spread">
        <span className="stat-label">{`${progress.toLocaleString(language)} / ${target.toLocaleString(language)}`}</span>
        <span className="muted">
          {t('achievements.xpReward', { xp: achievement.xp_reward.toLocaleString(language) })}
        </span>
      </div>
      {unlocked && unlockedOn && (
        <p className="muted" style={{ margin: 0 }}>
          {t('achievements.unlockedOn', { date: unlockedOn })}
        </p>
      )}
    </li>
  );
}
