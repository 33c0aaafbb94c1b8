import { gamificationApi, type Achievement } from '@flashcard/api-contract';
import { useLoad, type Load } from '@flashcard/shared-ui';

/** The catalogue with the learner's progress (GET /gamification/achievements); `reload` loads it again. */
export function useAchievements(): Load<Achievement[]> {
  return useLoad(() => gamificationApi.achievements().then((answer) => answer.achievements));
}
