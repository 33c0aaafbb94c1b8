// How a notification's text is stored: its kind is the key, its params the values the screens
// word it with in the learner's language (every writing module uses this, so the kinds and their
// values are the contract's NotificationParams, defined once).
import type { NotificationParams, NotificationType } from '@flashcard/api-contract/schemas';

/** The `type` and `params` columns of a new notification. */
export function notificationKey<K extends NotificationType>(
  type: K,
  params: NotificationParams[K],
): { type: K; params: string } {
  return { type, params: JSON.stringify(params) };
}

type ParamValue = string | number | null;

/** The stored params as JSON; null for rows older than them (or anything unreadable). */
export function storedParams(text: string | null): Record<string, ParamValue> | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
    const entries = Object.entries(value).filter(
      (entry): entry is [string, ParamValue] =>
        entry[1] === null || typeof entry[1] === 'string' || typeof entry[1] === 'number',
    );
    return Object.fromEntries(entries);
  } catch {
    return null;
  }
}
