import { useCallback, useEffect, useRef, useState } from 'react';
import { notificationsApi } from '@flashcard/api-contract';
import { onNotificationsChanged } from './notifications-changed';

export const UNREAD_POLL_MS = 60_000;

/**
 * The bell's unread count: asked on mount, whenever the window regains focus, when a shell page
 * announces a change (notifications-changed.ts) and every minute while the page is visible; never after unmount. A failed poll keeps the last count and is only
 * logged (the call itself never toasts).
 */
export function useUnreadCount(): { count: number; setCount: (count: number) => void } {
  const [count, setCountState] = useState(0);
  // Each poll and each local change takes a number; only the newest may set the count, so a
  // slow poll answer never undoes "Mark all as read".
  const latest = useRef(0);

  useEffect(() => {
    let active = true;
    function poll() {
      const request = ++latest.current;
      notificationsApi.unreadCount().then(
        (answer) => {
          if (active && request === latest.current) setCountState(answer.count);
        },
        (error: unknown) => {
          if (active) console.warn('Could not load the unread notification count', error);
        },
      );
    }
    function pollIfVisible() {
      if (document.visibilityState !== 'hidden') poll();
    }
    poll();
    const timer = window.setInterval(pollIfVisible, UNREAD_POLL_MS);
    window.addEventListener('focus', poll);
    const unsubscribe = onNotificationsChanged(poll);
    return () => {
      active = false;
      unsubscribe();
      window.clearInterval(timer);
      window.removeEventListener('focus', poll);
    };
  }, []);

  const setCount = useCallback((value: number) => {
    latest.current += 1;
    setCountState(Math.max(0, value));
  }, []);

  return { count, setCount };
}
