// Response shapes of /api/insights/*. Retention values are percents with one decimal, null
// when there is nothing to measure.
import { Type } from '@sinclair/typebox';
import { errorResponses } from '../../lib/schemas';

const Percent = Type.Union([Type.Number(), Type.Null()]);
const TimeZoneHeaders = Type.Object({
  /** IANA time zone of the learner, e.g. Europe/Paris; defaults to UTC. */
  'x-time-zone': Type.Optional(Type.String()),
});

export const DifficultyRetention = Type.Object({
  difficulty_level: Type.Integer(),
  reviews: Type.Integer(),
  retention: Percent,
});

export const SetRetention = Type.Object({
  category_id: Type.Union([Type.Integer(), Type.Null()]),
  name: Type.String(),
  reviews: Type.Integer(),
  retention: Percent,
});

export const HardestCard = Type.Object({
  id: Type.Integer(),
  question: Type.String(),
  lapses: Type.Integer(),
  reviews: Type.Integer(),
  againCount: Type.Integer(),
});

export const BestStudyHour = Type.Union([
  Type.Object({ hour: Type.Integer({ minimum: 0, maximum: 23 }), reviews: Type.Integer(), retention: Percent }),
  Type.Null(),
]);

export const RecommendedAction = Type.Object({
  key: Type.String(),
  title: Type.String(),
  description: Type.String(),
  route: Type.String(),
  priority: Type.Integer(),
});

export const comprehensiveSchema = {
  headers: TimeZoneHeaders,
  response: {
    200: Type.Object({
      retentionByDifficulty: Type.Array(DifficultyRetention),
      retentionBySet: Type.Array(SetRetention),
      hardestCards: Type.Array(HardestCard),
      bestStudyHour: BestStudyHour,
      recommendedActions: Type.Array(RecommendedAction),
    }),
    ...errorResponses(401),
  },
};

export const byTypeSchema = {
  headers: TimeZoneHeaders,
  params: Type.Object({ type: Type.String() }),
  response: {
    200: Type.Object({
      type: Type.String(),
      data: Type.Union([Type.Array(DifficultyRetention), Type.Array(SetRetention), Type.Array(HardestCard), BestStudyHour]),
    }),
    ...errorResponses(401, 404),
  },
};

export const userInsightsSchema = {
  headers: TimeZoneHeaders,
  response: {
    200: Type.Object({
      insights: Type.Array(Type.Object({ type: Type.String(), title: Type.String(), message: Type.String() })),
    }),
    ...errorResponses(401),
  },
};

export const recommendedActionsSchema = {
  headers: TimeZoneHeaders,
  response: { 200: Type.Object({ actions: Type.Array(RecommendedAction) }), ...errorResponses(401) },
};
