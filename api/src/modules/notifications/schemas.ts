// Request and response shapes of /api/notifications/*.
import { Type } from '@sinclair/typebox';
import { errorResponses } from '../../lib/schemas';
import { QueryValue, TimeZoneHeaders } from '../gamification/params';

const Notification = Type.Object({
  id: Type.Integer(),
  type: Type.String(),
  title: Type.String(),
  message: Type.String(),
  read: Type.Boolean(),
  created_at: Type.String(),
});

export const listSchema = {
  headers: TimeZoneHeaders,
  querystring: Type.Object({ limit: Type.Optional(QueryValue) }),
  response: {
    200: Type.Object({ notifications: Type.Array(Notification), unreadCount: Type.Integer() }),
    ...errorResponses(400, 401),
  },
};

export const unreadCountSchema = {
  headers: TimeZoneHeaders,
  response: { 200: Type.Object({ count: Type.Integer() }), ...errorResponses(401) },
};

export const markReadSchema = {
  params: Type.Object({ id: Type.String({ maxLength: 40 }) }),
  response: { 200: Type.Object({ notification: Notification }), ...errorResponses(401, 404) },
};

export const markAllReadSchema = {
  response: { 200: Type.Object({ updated: Type.Integer() }), ...errorResponses(401) },
};
