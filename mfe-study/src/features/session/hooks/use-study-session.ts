import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'react-hot-toast';
import {
  dashboardApi,
  learningApi,
  spacedRepetitionApi,
  type ReviewResult,
  type StudyScope,
} from '@flashcard/api-contract';
import { i18n } from '@flashcard/shared-auth';
import { toastFailure } from '@flashcard/shared-ui';
import '../../../i18n'; // registers the namespace the toasts below read
import { newIdempotencyKey } from '../idempotency-key';
import { NEW_CARD_LIMIT, SESSION_CONFIG, type SessionKind } from '../session-config';
import {
  comesBack,
  currentCard,
  initialSessionState,
  retryOf,
  sessionCounts,
  sessionReducer,
  timeSpentMs,
  type SessionAction,
  type SessionState,
} from '../session-reducer';

export interface StudySession {
  state: SessionState;
  /** Each returns whether it did anything (the keyboard only swallows keys that acted). */
  reveal: () => boolean;
  hide: () => boolean;
  rate: (result: ReviewResult) => boolean;
  undo: () => boolean;
  /** Suspends the current card or buries it until tomorrow: it leaves the session. */
  setAside: (action: 'suspend' | 'bury') => boolean;
}

/**
 * Loads the cards, starts a server session and drives the reducer. The state is mirrored in a
 * ref that is updated synchronously on every transition, so a second key press arriving before
 * React re-renders already sees `submitting` and cannot send a rating twice.
 */
export function useStudySession(kind: SessionKind, scope: StudyScope = {}): StudySession {
  const config = SESSION_CONFIG[kind];
  const [state, setState] = useState(initialSessionState);
  const { set: scopeSet, tag: scopeTag } = scope;
  const stateRef = useRef(initialSessionState);
  const mountedRef = useRef(false);

  const send = useCallback((action: SessionAction) => {
    const next = sessionReducer(stateRef.current, action);
    if (next === stateRef.current) return false;
    stateRef.current = next;
    setState(next);
    return true;
  }, []);

  useEffect(() => {
    mountedRef.current = true;
    return () => {
      mountedRef.current = false;
    };
  }, []);

  useEffect(() => {
    let active = true; // ignore answers that arrive after unmount (or StrictMode's first mount)
    const fail = (err: unknown) => {
      if (!active) return;
      toastFailure(i18n.t(`study:session.${config.kind}.loadFailed`), err);
      send({ type: 'loadFailed' });
    };
    learningApi.reviewQueue(NEW_CARD_LIMIT, { set: scopeSet, tag: scopeTag }).then((queue) => {
      if (!active) return;
      const cards = config.pick(queue);
      if (cards.length === 0) {
        toast.error(i18n.t(`study:session.${config.kind}.noCards`));
        send({ type: 'empty' });
        return;
      }
      // Reviews need the session id, so studying waits for it; no session for an empty queue.
      return dashboardApi.startSession({ session_type: config.sessionType }).then(({ sessionId }) => {
        if (active) send({ type: 'loaded', cards, sessionId, now: Date.now() });
      }, fail);
    }, fail);
    return () => {
      active = false;
    };
  }, [config, send, scopeSet, scopeTag]);

  const reveal = useCallback(() => send({ type: 'reveal' }), [send]);
  const hide = useCallback(() => send({ type: 'hide' }), [send]);

  /** Ends the server session once the queue is done (the counts are on the screen already). */
  const finishIfCompleted = useCallback(() => {
    const after = stateRef.current;
    if (after.phase !== 'completed') return;
    toast.success(i18n.t(`study:session.${config.kind}.completedToast`));
    // A failed end is toasted by the client.
    if (after.sessionId !== null) dashboardApi.endSession(after.sessionId, sessionCounts(after)).catch(() => {});
  }, [config]);

  const rate = useCallback(
    (result: ReviewResult) => {
      const before = stateRef.current;
      const card = currentCard(before);
      if (before.phase !== 'answer' || !card || !config.ratings.includes(result)) return false;
      const retry = retryOf(before, result);
      const idempotencyKey = retry?.idempotencyKey ?? newIdempotencyKey();
      const timeSpent = retry?.timeSpent ?? timeSpentMs(before.shownAt, Date.now());
      send({ type: 'submit', result, idempotencyKey, timeSpent });
      spacedRepetitionApi
        .review({ cardId: card.id, result, timeSpent, sessionId: before.sessionId ?? undefined }, idempotencyKey)
        .then(
          ({ reviewId, card: rated, leech }) => {
            if (!mountedRef.current) return;
            const now = Date.now();
            // A leech is suspended by the server: it does not come back, even when due soon.
            const requeue = config.relearn && !leech && rated && comesBack(rated, now) ? rated : undefined;
            send({ type: 'submitSucceeded', reviewId, now, requeue });
            // Stays up a while: it asks the learner to do something (rewrite the card).
            if (leech) toast.error(i18n.t('study:session.leech'), { duration: 10_000 });
            finishIfCompleted();
          },
          (err: unknown) => {
            if (!mountedRef.current) return;
            toastFailure(i18n.t('study:session.submitFailed'), err);
            send({ type: 'submitFailed' });
          },
        );
      return true;
    },
    [config, send, finishIfCompleted],
  );

  const setAside = useCallback(
    (action: 'suspend' | 'bury') => {
      const before = stateRef.current;
      const card = currentCard(before);
      if (!card || (before.phase !== 'question' && before.phase !== 'answer')) return false;
      spacedRepetitionApi.cardAction(card.id, action).then(
        () => {
          if (!mountedRef.current || currentCard(stateRef.current)?.id !== card.id) return;
          send({ type: 'drop', now: Date.now() });
          toast.success(i18n.t(action === 'suspend' ? 'study:session.suspended' : 'study:session.buried'));
          finishIfCompleted();
        },
        (err: unknown) => {
          if (mountedRef.current) toastFailure(i18n.t('study:session.setAsideFailed'), err, { withReason: true });
        },
      );
      return true;
    },
    [send, finishIfCompleted],
  );

  const undo = useCallback(() => {
    const before = stateRef.current;
    const last = before.ratings[before.ratings.length - 1];
    if (!last || !send({ type: 'undoStarted' })) return false;
    spacedRepetitionApi.undo(last.reviewId).then(
      ({ card }) => {
        if (!mountedRef.current) return;
        send({ type: 'undoSucceeded', card, now: Date.now() });
        toast.success(i18n.t('study:session.undone'));
      },
      (err: unknown) => {
        if (!mountedRef.current) return;
        toastFailure(i18n.t('study:session.undoFailed'), err, { withReason: true });
        send({ type: 'undoFailed' });
      },
    );
    return true;
  }, [send]);

  return { state, reveal, hide, rate, undo, setAside };
}
