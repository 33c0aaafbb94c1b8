// A shell page that changes what the bell shows (claiming the daily bonus deletes its offer)
// says so here, and the bell asks again at once instead of at its next poll.
const EVENT = 'flashcard:notifications-changed';

export function announceNotificationsChanged(): void {
  window.dispatchEvent(new Event(EVENT));
}

/** Calls `listener` on each announcement; returns the unsubscribe. */
export function onNotificationsChanged(listener: () => void): () => void {
  window.addEventListener(EVENT, listener);
  return () => window.removeEventListener(EVENT, listener);
}
