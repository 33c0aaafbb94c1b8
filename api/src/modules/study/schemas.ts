// Request and response shapes of /api/learning/* and /api/spaced-repetition/*. Bodies accept
// any JSON in the checked fields: the service answers with the messages a learner can act on.
import { Type } from '@sinclair/typebox';
import { errorResponses } from '../../lib/schemas';
import { Card } from '../cards/schemas';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([Type.Null(), schema]);
const QueryValue = Type.String({ maxLength: 20 });
const TimeZoneHeaders = Type.Object({
  /** IANA time zone of the learner, e.g. Europe/Paris; defaults to UTC. */
  'x-time-zone': Type.Optional(Type.String()),
});

const RatingPreview = Type.Object({ interval: Type.String(), due: Type.String() });
export const StudyCard = Type.Composite([
  Card,
  Type.Object({
    preview: Type.Object({ '0': RatingPreview, '1': RatingPreview, '2': RatingPreview, '3': RatingPreview }),
  }),
]);

const DailyGoal = Type.Object({ cardsStudied: Type.Integer(), dailyGoal: Type.Integer() });

export const Settings = Type.Object({
  dailyGoal: Type.Integer(),
  desiredRetention: Type.Number(),
  maximumInterval: Type.Integer(),
  newCardsPerDay: Type.Integer(),
});

export const queueSchema = {
  headers: TimeZoneHeaders,
  querystring: Type.Object({ newLimit: Type.Optional(QueryValue), limit: Type.Optional(QueryValue) }),
  response: {
    200: Type.Object({
      dueCount: Type.Integer(),
      newCount: Type.Integer(),
      due: Type.Array(StudyCard),
      new: Type.Array(StudyCard),
      dailyGoal: DailyGoal,
    }),
    ...errorResponses(400, 401),
  },
};

export const dueSchema = {
  querystring: Type.Object({ limit: Type.Optional(QueryValue) }),
  response: { 200: Type.Array(StudyCard), ...errorResponses(400, 401) },
};

export const reviewSchema = {
  headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String({ maxLength: 200 })) }),
  body: Type.Object({
    cardId: Type.Optional(Type.Unknown()),
    result: Type.Optional(Type.Unknown()),
    timeSpent: Type.Optional(Type.Unknown()),
    sessionId: Type.Optional(Type.Unknown()),
  }),
  response: {
    200: Type.Object({ card: StudyCard, reviewId: Type.Integer(), xpEarned: Type.Integer() }),
    ...errorResponses(400, 401, 404, 409, 422),
  },
};

export const undoSchema = {
  body: Type.Object({ reviewId: Type.Optional(Type.Unknown()) }),
  response: { 200: Type.Object({ card: StudyCard }), ...errorResponses(400, 401, 404, 409) },
};

export const resetSchema = {
  params: Type.Object({ cardId: Type.String({ maxLength: 40 }) }),
  response: { 200: Type.Object({ card: StudyCard }), ...errorResponses(401, 404, 409) },
};

export const getSettingsSchema = { response: { 200: Settings, ...errorResponses(401) } };

export const updateSettingsSchema = {
  body: Type.Object({
    dailyGoal: Type.Optional(Type.Unknown()),
    desiredRetention: Type.Optional(Type.Unknown()),
    maximumInterval: Type.Optional(Type.Unknown()),
    newCardsPerDay: Type.Optional(Type.Unknown()),
  }),
  response: { 200: Settings, ...errorResponses(400, 401) },
};

const Percent = Nullable(Type.Number());

export const statsSchema = {
  headers: TimeZoneHeaders,
  response: {
    200: Type.Object({
      cards: Type.Object({
        total: Type.Integer(),
        new: Type.Integer(),
        learning: Type.Integer(),
        review: Type.Integer(),
        relearning: Type.Integer(),
      }),
      dueNow: Type.Integer(),
      reviews: Type.Object({ total: Type.Integer(), today: Type.Integer(), last30Days: Type.Integer() }),
      retention: Type.Object({ overall: Percent, last30Days: Percent }),
      desiredRetention: Type.Number(),
    }),
    ...errorResponses(401),
  },
};

export const scheduleSchema = {
  querystring: Type.Object({ limit: Type.Optional(QueryValue), offset: Type.Optional(QueryValue) }),
  response: {
    200: Type.Object({
      cards: Type.Array(
        Type.Composite([
          StudyCard,
          Type.Object({
            stability: Type.Number(),
            difficulty: Type.Number(),
            scheduled_days: Type.Integer(),
            lapses: Type.Integer(),
            last_review: Nullable(Type.String()),
            retrievability: Nullable(Type.Number()),
          }),
        ]),
      ),
    }),
    ...errorResponses(400, 401),
  },
};

export const forecastSchema = {
  headers: TimeZoneHeaders,
  querystring: Type.Object({ days: Type.Optional(QueryValue) }),
  response: {
    200: Type.Object({ days: Type.Array(Type.Object({ date: Type.String(), due: Type.Integer() })) }),
    ...errorResponses(400, 401),
  },
};
