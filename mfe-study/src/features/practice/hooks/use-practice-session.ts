import { useCallback, useEffect, useRef } from 'react';
import { dashboardApi } from '@flashcard/api-contract';

/**
 * A practice session on the server (multiple choice, timed practice, custom study): each answer
 * is counted with `correct`, nothing is rescheduled, and the session ends once, when the screen
 * says so or is left. Calls that fail are already toasted by the kernel's client; practice goes on.
 */
export function usePracticeSession() {
  const session = useRef<Promise<number | null> | null>(null);
  const ended = useRef(false);

  const start = useCallback(() => {
    session.current ??= dashboardApi.startSession({ session_type: 'practice' }).then(
      ({ sessionId }) => sessionId,
      () => null,
    );
    return session.current;
  }, []);

  const record = useCallback(
    (cardId: number, correct: boolean) => {
      void start().then((sessionId) => {
        if (sessionId !== null) dashboardApi.recordCardStudy(cardId, { sessionId, correct }).catch(() => {});
      });
    },
    [start],
  );

  const finish = useCallback(() => {
    if (ended.current || !session.current) return;
    ended.current = true;
    void session.current.then((sessionId) => {
      if (sessionId !== null) dashboardApi.endSession(sessionId).catch(() => {});
    });
  }, []);

  // Leaving the screen mid-way ends what was studied so far.
  useEffect(() => finish, [finish]);

  return { start, record, finish };
}
