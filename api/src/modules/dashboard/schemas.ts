import { Type } from '@sinclair/typebox';
import { SESSION_TYPES } from '../../db/schema';
import { errorResponses } from '../../lib/schemas';

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
  headers: Type.Object({
    /** IANA time zone of the learner, e.g. Europe/Paris; defaults to UTC. */
    'x-time-zone': Type.Optional(Type.String()),
  }),
  response: { 200: DashboardResponse, ...errorResponses(401) },
};
