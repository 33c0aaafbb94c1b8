import { useAchievements } from '../hooks/use-achievements';
import { AchievementCard } from './AchievementCard';
import { LoadStatus } from '../../../components/LoadStatus';
import { useSocialLocale } from '../../../i18n';

export function AchievementsPage() {
  const { t, language } = useSocialLocale();
  const { state, reload } = useAchievements();
  const achievements = state.status === 'ready' ? state.data : [];
  const unlocked = achievements.filter((achievement) => achievement.unlocked).length;
  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1>{t('achievements.title')}</h1>
          <p className="muted">{t('achievements.intro')}</p>
        </div>
        {state.status === 'ready' && (
          <span className="badge">
            {t('achievements.summary', {
              unlocked: unlocked.toLocaleString(language),
              total: achievements.length.toLocaleString(language),
            })}
          </span>
        )}
      </header>
      <LoadStatus
        state={state}
        loading={t('achievements.loading')}
        failed={t('achievements.loadFailed')}
        onRetry={reload}
      />
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
