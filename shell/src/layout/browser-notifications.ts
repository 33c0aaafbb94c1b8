// "Push notifications" as this site can honour them without a push service: while a page of the
// site is open, a notification that arrives (the unread count rises) is also shown by the
// browser, if the learner switched it on and the browser allows it.
import { useEffect, useRef } from 'react';
import { notificationsApi } from '@flashcard/api-contract';
import { useSettingsStore } from '../settings/settings-store';
import { notificationText } from './notification-text';

const supported = () => typeof window !== 'undefined' && 'Notification' in window;

/** Asks the browser once (when the learner switches the setting on); answers whether it may show them. */
export async function allowBrowserNotifications(): Promise<boolean> {
  if (!supported()) return false;
  if (Notification.permission === 'default') await Notification.requestPermission();
  return Notification.permission === 'granted';
}

/** Shows the new unread notifications when `unread` rises (not on the first count of the page). */
export function useBrowserNotifications(unread: number): void {
  const enabled = useSettingsStore((s) => s.settings.pushNotifications);
  const previous = useRef<number | null>(null);
  const shown = useRef(new Set<number>());

  useEffect(() => {
    const before = previous.current;
    previous.current = unread;
    if (before === null || unread <= before || !enabled || !supported() || Notification.permission !== 'granted')
      return;
    const fresh = unread - before;
    notificationsApi.list(fresh).then(
      ({ notifications }) => {
        for (const item of notifications.filter((n) => !n.read && !shown.current.has(n.id))) {
          shown.current.add(item.id);
          // The tag keeps two open tabs from showing the same notification twice.
          const { title, message } = notificationText(item);
          new Notification(title, { body: message, tag: `flashcard-notification-${item.id}` });
        }
      },
      (error: unknown) => console.warn('Could not read the new notifications', error),
    );
  }, [unread, enabled]);
}
