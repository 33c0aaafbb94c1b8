// /api/notifications/*: notifications made by real events (an achievement, the daily bonus),
// the unread count the shell's bell polls, marking them read.
import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../endpoint';
import { errorResponses, Nullable, PathId, QueryValue, TextParams, TimeZoneHeaders } from './common';

/**
 * What each kind (`type`) of notification carries for the screens to word it in the learner's
 * language: the kind is the text's key, these are its values.
 */
export interface NotificationParams {
  /** Today's bonus can be claimed. */
  daily_bonus: { tokens: number; xp: number };
  /** `achievement` is the catalogue key (user_achievements), the screens name it. */
  achievement_unlocked: { achievement: string; xp: number; tokens: number };
  /** `name` null: the sender chose no display name (the screens word the stand-in, shared-ui learnerName). */
  friend_request: { user_id: number; name: string | null };
  friend_accepted: { user_id: number; name: string | null };
  /** A card the learner keeps forgetting was suspended. */
  leech: Record<string, never>;
}
export type NotificationType = keyof NotificationParams;

/** A notification of the bell ("Notification" alone is the browser's own global type). */
export const AppNotification = Type.Object({
  id: Type.Integer(),
  /** The text's key: a NotificationType (a newer server may send others: show title/message). */
  type: Type.String(),
  /** The text's values (NotificationParams[type]); null on notifications older than them. */
  params: Nullable(TextParams),
  /** The English text, stored with the notification: what to show when params is null. */
  title: Type.String(),
  message: Type.String(),
  read: Type.Boolean(),
  created_at: Type.String(),
});

/** Newest first. */
export const NotificationList = Type.Object({
  notifications: Type.Array(AppNotification),
  unreadCount: Type.Integer(),
});
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
