// Request and response shapes of /api/daily-bonus/*.
import { Type } from '@sinclair/typebox';
import { errorResponses } from '../../lib/schemas';
import { TimeZoneHeaders } from '../gamification/params';

export const Reward = Type.Object({ tokens: Type.Integer(), xp: Type.Integer() });

export const infoSchema = {
  headers: TimeZoneHeaders,
  response: {
    200: Type.Object({
      available: Type.Boolean(),
      streak: Type.Integer(),
      reward: Reward,
      next_claim_at: Type.String(),
      last_claimed_at: Type.Union([Type.String(), Type.Null()]),
    }),
    ...errorResponses(401),
  },
};

export const claimSchema = {
  headers: TimeZoneHeaders,
  response: {
    200: Type.Object({ streak: Type.Integer(), reward: Reward, next_claim_at: Type.String() }),
    ...errorResponses(401, 409),
  },
};
