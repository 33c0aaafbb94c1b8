// /api/gamification/*: levels, the leaderboard, achievements and the daily-goal XP. Views of
// other users carry public fields only (never an e-mail), the name null for users who never
// chose one. Experience points are a ledger the server writes for work it saw: the only
// grant a client may ask for is the daily goal's, and the service answers every other with its
// reason (hence the permissive `Checked` body).
import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../endpoint';
import { Checked, DisplayName, errorResponses, Nullable, PathId, QueryInteger, TimeZoneHeaders } from './common';

/** Someone's profile as others see it. */
export const PublicProfile = Type.Object({
  id: Type.Integer(),
  display_name: DisplayName,
  experience_points: Type.Integer(),
  level: Type.Integer(),
  achievements_unlocked: Type.Integer(),
});

/** Your own profile. */
export const Profile = Type.Object({
  id: Type.Integer(),
  display_name: Nullable(Type.String()),
  experience_points: Type.Integer(),
  level: Type.Integer(),
  /** XP earned within the current level, out of the `next` XP the level takes. */
  level_progress: Type.Object({ current: Type.Integer(), next: Type.Integer() }),
  achievements_unlocked: Type.Integer(),
  tokens: Type.Integer(),
  /** Consecutive local days with a review up to today (or yesterday: today is not over). */
  current_streak: Type.Optional(Type.Integer()),
  /** Longest run of consecutive local days with a review, whole history. */
  longest_streak: Type.Optional(Type.Integer()),
  /** Cards the learner has now. */
  cards: Type.Optional(Type.Integer()),
  /** Reviews logged (undone ones no longer count). */
  reviews: Type.Optional(Type.Integer()),
});

export const LeaderboardEntry = Type.Object({
  rank: Type.Integer(),
  id: Type.Integer(),
  display_name: DisplayName,
  experience_points: Type.Integer(),
  level: Type.Integer(),
});
export const Leaderboard = Type.Object({
  leaderboard: Type.Array(LeaderboardEntry),
  /** Your own place, whether or not you are in the list. */
  me: Type.Object({ rank: Type.Integer(), experience_points: Type.Integer() }),
});

/** Learners the leaderboard lists. */
export const LEADERBOARD_LIMIT = { min: 1, max: 100, default: 10 } as const;
export const LeaderboardQuery = Type.Object({
  limit: QueryInteger(LEADERBOARD_LIMIT, `limit must be between ${LEADERBOARD_LIMIT.min} and ${LEADERBOARD_LIMIT.max}`),
});

export const Achievement = Type.Object({
  key: Type.String(),
  name: Type.String(),
  description: Type.String(),
  unlocked: Type.Boolean(),
  unlocked_at: Nullable(Type.String()),
  progress: Type.Integer(),
  target: Type.Integer(),
  xp_reward: Type.Integer(),
  token_reward: Type.Integer(),
});
export const Achievements = Type.Object({ achievements: Type.Array(Achievement) });
/** Achievements this check unlocked, and all of them. */
export const AchievementCheck = Type.Object({
  unlocked: Type.Array(Achievement),
  achievements: Type.Array(Achievement),
});

export const AddExperienceBody = Type.Object({
  /** Only 'daily_goal' (other sources: 400 with the reason; absent: 'Source is required'). */
  source: Type.Optional(Checked('string', 'null', 'object', 'array')),
  /** Exactly the daily goal's amount. */
  amount: Type.Optional(Checked('string', 'number', 'null')),
});
export const ExperienceGranted = Type.Object({ experience_points: Type.Integer(), granted: Type.Integer() });

export const gamificationEndpoints = {
  profile: endpoint('GET', '/gamification/profile', {
    headers: TimeZoneHeaders,
    response: { 200: Profile, ...errorResponses(401, 404) },
  }),
  publicProfile: endpoint('GET', '/gamification/profile/:id', {
    params: Type.Object({ id: PathId }),
    response: { 200: PublicProfile, ...errorResponses(401, 404) },
  }),
  leaderboard: endpoint('GET', '/gamification/leaderboard', {
    querystring: LeaderboardQuery,
    response: { 200: Leaderboard, ...errorResponses(400, 401) },
  }),
  achievements: endpoint('GET', '/gamification/achievements', {
    headers: TimeZoneHeaders,
    response: { 200: Achievements, ...errorResponses(401) },
  }),
  checkAchievements: endpoint('POST', '/gamification/achievements/check', {
    headers: TimeZoneHeaders,
    response: { 200: AchievementCheck, ...errorResponses(401) },
  }),
  /** The daily goal's XP, once a day, when the goal is reached. */
  addExperience: endpoint('POST', '/gamification/experience/add', {
    headers: TimeZoneHeaders,
    body: AddExperienceBody,
    response: { 200: ExperienceGranted, ...errorResponses(400, 401, 409) },
  }),
};

export type PublicProfile = Static<typeof PublicProfile>;
export type Profile = Static<typeof Profile>;
export type Leaderboard = Static<typeof Leaderboard>;
export type LeaderboardQuery = Static<typeof LeaderboardQuery>;
export type Achievement = Static<typeof Achievement>;
export type AddExperienceInput = Static<typeof AddExperienceBody>;
