// Request and response shapes of /api/tokens/*.
import { Type } from '@sinclair/typebox';
import { errorResponses } from '../../lib/schemas';
import { Reward } from '../daily-bonus/schemas';
import { QueryValue, TimeZoneHeaders } from '../gamification/params';

export const balanceSchema = {
  response: { 200: Type.Object({ balance: Type.Integer() }), ...errorResponses(401) },
};

export const historySchema = {
  querystring: Type.Object({ limit: Type.Optional(QueryValue), offset: Type.Optional(QueryValue) }),
  response: {
    200: Type.Object({
      entries: Type.Array(
        Type.Object({
          id: Type.Integer(),
          /** Positive: credit; negative: debit. */
          amount: Type.Integer(),
          reason: Type.String(),
          reference: Type.Union([Type.String(), Type.Null()]),
          created_at: Type.String(),
        }),
      ),
    }),
    ...errorResponses(400, 401),
  },
};

export const opportunitiesSchema = {
  headers: TimeZoneHeaders,
  response: {
    200: Type.Object({
      opportunities: Type.Array(
        Type.Object({ key: Type.String(), title: Type.String(), description: Type.String(), reward: Reward }),
      ),
    }),
    ...errorResponses(401),
  },
};
