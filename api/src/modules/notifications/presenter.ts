// Notification rows -> JSON.
import type { AppNotification } from '@flashcard/api-contract/schemas';
import type { NotificationRow } from '../../db/schema';
import { storedParams } from '../../lib/notification-text';

export function presentNotification(notification: NotificationRow): AppNotification {
  return {
    id: notification.id,
    type: notification.type,
    params: storedParams(notification.params),
    title: notification.title,
    message: notification.message,
    read: notification.read_at !== null,
    created_at: notification.created_at,
  };
}
