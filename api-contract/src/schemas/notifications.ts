// /api/notifications/*: notifications made by real events (an achievement, the daily bonus),
// the unread count the shell's bell polls, marking them read.
import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../endpoint';
import { errorResponses, PathId, QueryValue, TimeZoneHeaders } from './common';

/** A notification of the bell ("Notification" alone is the browser's own global type). */
export const AppNotification = Type.Object({
  id: Type.Integer(),
  type: Type.String(),
  title: Type.String(),
  message: Type.String(),
  read: Type.Boolean(),
  created_at: Type.String(),
});

/** Newest first. */
export const NotificationList = Type.Object({ notifications: Type.Array(AppNotification), unreadCount: Type.Integer() });
export const UnreadCount = Type.Object({ count: Type.Integer() });
export const MarkReadResponse = Type.Object({ notification: AppNotification });
export const MarkAllReadResponse = Type.Object({ updated: Type.Integer() });

export const notificationsEndpoints = {
  /** The latest `limit` notifications (1-100, default 20). */
  list: endpoint('GET', '/notifications', {
    headers: TimeZoneHeaders,
    querystring: Type.Object({ limit: Type.Optional(QueryValue) }),
    response: { 200: NotificationList, ...errorResponses(400, 401) },
  }),
  unreadCount: endpoint('GET', '/notifications/unread-count', {
    headers: TimeZoneHeaders,
    response: { 200: UnreadCount, ...errorResponses(401) },
  }),
  markAllRead: endpoint('PUT', '/notifications/mark-all-read', {
    response: { 200: MarkAllReadResponse, ...errorResponses(401) },
  }),
  markRead: endpoint('PUT', '/notifications/:id/mark-read', {
    params: Type.Object({ id: PathId }),
    response: { 200: MarkReadResponse, ...errorResponses(401, 404) },
  }),
};

export type AppNotification = Static<typeof AppNotification>;
export type NotificationList = Static<typeof NotificationList>;
export type UnreadCount = Static<typeof UnreadCount>;
export type MarkReadResponse = Static<typeof MarkReadResponse>;
export type MarkAllReadResponse = Static<typeof MarkAllReadResponse>;
