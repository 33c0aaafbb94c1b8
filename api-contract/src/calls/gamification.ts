// Levels, the leaderboard, achievements and the daily-goal XP (schemas/gamification.ts).
import { gamificationEndpoints as ep, type Profile, type PublicProfile } from '../schemas/gamification';
import { callEndpoint, given } from './call';

/** Someone's public profile, or (without an id) your own. */
function profile(id: number): Promise<PublicProfile>;
function profile(): Promise<Profile>;
function profile(id?: number): Promise<Profile | PublicProfile> {
  return id === undefined
    ? callEndpoint(ep.profile, {})
    : callEndpoint(ep.publicProfile, { params: { id: String(id) } });
}

export const gamificationApi = {
  profile,
  /** The top learners by XP (at most `limit`), and your own rank. */
  leaderboard: (limit?: number) => callEndpoint(ep.leaderboard, { querystring: given({ limit }) }),
  achievements: () => callEndpoint(ep.achievements, {}),
  /** Unlocks the achievements earned since the last check. */
  checkAchievements: () => callEndpoint(ep.checkAchievements, {}),
  /** Only the daily goal's XP, once a day when the goal is reached: `addExperience(DAILY_GOAL_XP, 'daily_goal')`. */
  addExperience: (amount: number, source: string) => callEndpoint(ep.addExperience, { body: { amount, source } }),
};
