// An achievement's name and description in the page's language. The API sends each achievement's
// catalogue key (with its English text for older clients); the words are the 'ui' namespace's,
// once for every screen that names one (the achievements page, the bell, the feed).
import { i18n } from '@flashcard/shared-auth';
import type { TFunction } from 'i18next';
import { UI_NAMESPACE, useUiText } from './i18n';
import en from './i18n/en';

type AchievementKey = keyof typeof en.achievements;
export interface AchievementText {
  name: string;
  description: string;
}

/** Whether this build has words for achievement `key` (a newer server may send others). */
export const isKnownAchievement = (key: string): key is AchievementKey => Object.hasOwn(en.achievements, key);

/**
 * The words of achievement `key`; `fallback` (the server's English) for a key this build does not
 * know yet (a newer server's achievement).
 */
export function achievementText(
  key: string,
  fallback: AchievementText,
  t: TFunction<'ui'> = i18n.getFixedT(null, UI_NAMESPACE),
): AchievementText {
  if (!isKnownAchievement(key)) return fallback;
  return { name: t(`achievements.${key}.name`), description: t(`achievements.${key}.description`) };
}

/** `achievementText` that re-renders its component when the language changes. */
export function useAchievementText(): (key: string, fallback: AchievementText) => AchievementText {
  const t = useUiText();
  return (key, fallback) => achievementText(key, fallback, t);
}
