import { gamificationApi, type Profile } from '@flashcard/api-contract';
import { useLoad, type Load } from '@flashcard/shared-ui';

/** The signed-in learner's own numbers (GET /gamification/profile); `reload` loads them again. */
export function useOwnProfile(): Load<Profile> {
  return useLoad(() => gamificationApi.profile());
}
