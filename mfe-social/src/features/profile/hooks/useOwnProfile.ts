import { gamificationApi, type Profile } from '@flashcard/api-contract';
import { useLoad, type LoadState } from '../../../hooks/useLoad';

export type OwnProfileState = LoadState<Profile>;

/** The signed-in learner's own numbers (GET /gamification/profile); `retry` loads them again. */
export function useOwnProfile(): { state: OwnProfileState; retry: () => void } {
  return useLoad(() => gamificationApi.profile());
}
