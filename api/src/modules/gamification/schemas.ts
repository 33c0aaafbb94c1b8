// Request and response shapes of /api/gamification/*. The experience/add body accepts any
// JSON in its fields: the service answers with the reason a grant is refused.
import { Type } from '@sinclair/typebox';
import { errorResponses } from '../../lib/schemas';
import { QueryValue, TimeZoneHeaders } from './params';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([Type.Null(), schema]);

const PublicProfile = Type.Object({
  id: Type.Integer(),
  display_name: Type.String(),
  experience_points: Type.Integer(),
  level: Type.Integer(),
  achievements_unlocked: Type.Integer(),
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

export const profileSchema = {
  response: {
    200: Type.Object({
      id: Type.Integer(),
      display_name: Nullable(Type.String()),
      experience_points: Type.Integer(),
      level: Type.Integer(),
      /** XP earned within the current level, out of the `next` XP the level takes. */
      level_progress: Type.Object({ current: Type.Integer(), next: Type.Integer() }),
      achievements_unlocked: Type.Integer(),
      tokens: Type.Integer(),
    }),
    ...errorResponses(401, 404),
  },
};

export const publicProfileSchema = {
  params: Type.Object({ id: Type.String({ maxLength: 40 }) }),
  response: { 200: PublicProfile, ...errorResponses(401, 404) },
};

export const leaderboardSchema = {
  querystring: Type.Object({ limit: Type.Optional(QueryValue) }),
  response: {
    200: Type.Object({
      leaderboard: Type.Array(
        Type.Object({
          rank: Type.Integer(),
          id: Type.Integer(),
          display_name: Type.String(),
          experience_points: Type.Integer(),
          level: Type.Integer(),
        }),
      ),
      me: Type.Object({ rank: Type.Integer(), experience_points: Type.Integer() }),
    }),
    ...errorResponses(400, 401),
  },
};

export const achievementsSchema = {
  headers: TimeZoneHeaders,
  response: { 200: Type.Object({ achievements: Type.Array(Achievement) }), ...errorResponses(401) },
};

export const checkAchievementsSchema = {
  headers: TimeZoneHeaders,
  response: {
    200: Type.Object({ unlocked: Type.Array(Achievement), achievements: Type.Array(Achievement) }),
    ...errorResponses(401),
  },
};

export const addExperienceSchema = {
  headers: TimeZoneHeaders,
  body: Type.Object({ amount: Type.Optional(Type.Unknown()), source: Type.Optional(Type.Unknown()) }),
  response: {
    200: Type.Object({ experience_points: Type.Integer(), granted: Type.Integer() }),
    ...errorResponses(400, 401, 409),
  },
};
