// Response shapes of /api/dashboard/* (the learner's numbers). Query values arrive as text up
// to 20 characters; the service turns bad ones into a 400 a person can read.
import { Type } from '@sinclair/typebox';
import { SESSION_TYPES } from '../../db/schema';
import { errorResponses } from '../../lib/schemas';

const Percent = Type.Union([Type.Number(), Type.Null()]);
const QueryValue = Type.String({ maxLength: 20 });
const TimeZoneHeaders = Type.Object({
  /** IANA time zone of the learner, e.g. Europe/Paris; defaults to UTC. */
  'x-time-zone': Type.Optional(Type.String()),
});

export const StudySession = Type.Object({
  id: Type.Integer(),
  session_type: Type.Union(SESSION_TYPES.map((type) => Type.Literal(type))),
  cards_studied: Type.Integer(),
  accuracy: Type.Number(),
  started_at: Type.String(),
  ended_at: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
});

export const DashboardResponse = Type.Object({
  userStats: Type.Object({
    totalCardsStudied: Type.Integer(),
    averageAccuracy: Type.Number(),
    currentStreak: Type.Integer(),
  }),
  recentSessions: Type.Array(StudySession),
  dailyGoal: Type.Object({ cardsStudied: Type.Integer(), dailyGoal: Type.Integer() }),
});

export const dashboardSchema = {
  headers: TimeZoneHeaders,
  response: { 200: DashboardResponse, ...errorResponses(401) },
};

export const analyticsSchema = {
  headers: TimeZoneHeaders,
  querystring: Type.Object({ days: Type.Optional(QueryValue) }),
  response: {
    200: Type.Object({
      days: Type.Array(
        Type.Object({
          date: Type.String(),
          reviews: Type.Integer(),
          correct: Type.Integer(),
          successRate: Percent,
        }),
      ),
      totals: Type.Object({ reviews: Type.Integer(), correct: Type.Integer(), successRate: Percent }),
    }),
    ...errorResponses(400, 401),
  },
};

export const userStatsSchema = {
  headers: TimeZoneHeaders,
  response: {
    200: Type.Object({
      totalCardsStudied: Type.Integer(),
      averageAccuracy: Type.Number(),
      currentStreak: Type.Integer(),
      longestStreak: Type.Integer(),
      totalReviews: Type.Integer(),
      reviewsToday: Type.Integer(),
      totalCards: Type.Integer(),
      studyTimeMs: Type.Integer(),
    }),
    ...errorResponses(401),
  },
};

export const recentActivitySchema = {
  querystring: Type.Object({ limit: Type.Optional(QueryValue) }),
  response: { 200: Type.Object({ sessions: Type.Array(StudySession) }), ...errorResponses(400, 401) },
};

export const studyProgressSchema = {
  headers: TimeZoneHeaders,
  response: {
    200: Type.Object({
      dailyGoal: Type.Object({
        cardsStudied: Type.Integer(),
        dailyGoal: Type.Integer(),
        percent: Type.Integer(),
        reached: Type.Boolean(),
      }),
      cards: Type.Object({
        total: Type.Integer(),
        new: Type.Integer(),
        learning: Type.Integer(),
        review: Type.Integer(),
        relearning: Type.Integer(),
        known: Type.Integer(),
      }),
      reviewsToday: Type.Integer(),
    }),
    ...errorResponses(401),
  },
};
