import { gamificationApi, type Achievement } from '@flashcard/api-contract';
import { useLoad, type LoadState } from '../../../hooks/useLoad';

export type AchievementsState = LoadState<Achievement[]>;

/** The catalogue with the learner's progress (GET /gamification/achievements); `retry` loads it again. */
export function useAchievements(): { state: AchievementsState; retry: () => void } {
  return useLoad(() => gamificationApi.achievements().then((answer) => answer.achievements));
}
