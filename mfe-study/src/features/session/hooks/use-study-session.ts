import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'react-hot-toast';
import {
  dashboardApi,
  learningApi,
  schedulerSettingsOf,
  spacedRepetitionApi,
  type ReviewQueue,
  type ReviewResult,
  type StudyCard,
  type StudyScope,
} from '@flashcard/api-contract';
import { i18n, useAuthStore } from '@flashcard/shared-auth';
import { failureKind, newIdempotencyKey, toastFailure } from '@flashcard/shared-ui';
import '../../../i18n'; // registers the namespace the toasts below read
import { offlineQueue, rateLocally, rememberCard, savedQueue } from '../../offline/offline-queue';
import {
  refreshWaiting,
  saveForOffline,
  sentReviewId,
  studyingOffline,
  syncReviews,
  useOfflineStudy,
} from '../../offline/offline-study';
import { enqueueReview, queuedReviews, withdrawReview } from '../../offline/review-outbox';
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
  /** The current card's note was saved with this text (the editor, E): the session shows it. */
  edited: (text: Pick<StudyCard, 'question' | 'answer' | 'tags'>) => boolean;
}

/**
 * Loads the cards, starts a server session and drives the reducer. The state is mirrored in a
 * ref that is updated synchronously on every transition, so a second key press arriving before
 * React re-renders already sees `submitting` and cannot send a rating twice.
 *
 * Offline: the cards come from the queue saved the last time the server sent one (with the
 * ratings still waiting applied), no server session is started, and each rating is scheduled
 * in the browser by the server's own scheduler and queued with its key and time (the outbox),
 * to be sent in order once the network answers. A rating whose answer never came is queued the
 * same way: its key makes the resend count once.
 */
export function useStudySession(kind: SessionKind, scope: StudyScope = {}): StudySession {
  const config = SESSION_CONFIG[kind];
  const [state, setState] = useState(initialSessionState);
  const { set: scopeSet, tag: scopeTag } = scope;
  const stateRef = useRef(initialSessionState);
  const mountedRef = useRef(false);
  /** The schedulers the loaded queue names (the scope's, and by set the other presets'): what rates a card offline. */
  const schedulerRef = useRef<Pick<ReviewQueue, 'scheduler' | 'setSchedulers'> | null>(null);

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
    const scope = { set: scopeSet, tag: scopeTag };
    const userId = useAuthStore.getState().user?.id ?? null;
    const fail = (err: unknown) => {
      if (!active) return;
      toastFailure(i18n.t(`study:session.${config.kind}.loadFailed`), err);
      send({ type: 'loadFailed' });
    };
    const begin = (queue: ReviewQueue, sessionId: number | null) => {
      schedulerRef.current = { scheduler: queue.scheduler, setSchedulers: queue.setSchedulers };
      send({ type: 'loaded', cards: config.pick(queue), sessionId, now: Date.now() });
    };
    /** No network: the saved queue, if this browser has one for the scope. */
    const offline = async (err: unknown) => {
      const saved = userId !== null && failureKind(err) === 'network' ? await savedQueue(userId, scope) : undefined;
      if (!active) return;
      if (!saved || userId === null) return fail(err);
      const queue = offlineQueue(saved.queue, await queuedReviews(userId), new Date());
      if (!active) return;
      studyingOffline(saved.savedAt);
      if (config.pick(queue).length === 0) return noCards();
      begin(queue, null);
    };
    const noCards = () => {
      toast.error(i18n.t(`study:session.${config.kind}.noCards`));
      send({ type: 'empty' });
    };
    void (async () => {
      // Ratings still waiting from an earlier offline session go first: the queue then holds
      // their cards as the server scheduled them.
      const synced = await syncReviews().catch(() => null);
      if (!active) return;
      let queue: ReviewQueue;
      try {
        queue = await learningApi.reviewQueue(NEW_CARD_LIMIT, scope);
      } catch (err) {
        return offline(err);
      }
      if (!active) return;
      saveForOffline(scope, queue);
      if (synced?.stopped === 'network') void syncReviews();
      if (config.pick(queue).length === 0) return noCards();
      // Reviews need the session id, so studying waits for it; no session for an empty queue.
      dashboardApi.startSession({ session_type: config.sessionType }).then(
        ({ sessionId }) => {
          if (active) begin(queue, sessionId);
        },
        (err: unknown) => {
          if (failureKind(err) !== 'network') return fail(err);
          if (!active) return;
          studyingOffline(Date.now());
          begin(queue, null);
        },
      );
    })();
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

  /** The rating is in (sent or queued): the next card, and this one again later if it must come back. */
  const rated = useCallback(
    (reviewId: number | null, card: StudyCard, leech: boolean) => {
      if (!mountedRef.current) return;
      const now = Date.now();
      // A leech is suspended by the server: it does not come back, even when due soon.
      const requeue = config.relearn && !leech && comesBack(card, now) ? card : undefined;
      send({ type: 'submitSucceeded', reviewId, now, requeue });
      // Stays up a while: it asks the learner to do something (rewrite the card).
      if (leech) toast.error(i18n.t('study:session.leech'), { duration: 10_000 });
      finishIfCompleted();
    },
    [config, send, finishIfCompleted],
  );

  const rate = useCallback(
    (result: ReviewResult) => {
      const before = stateRef.current;
      const card = currentCard(before);
      if (before.phase !== 'answer' || !card || !config.ratings.includes(result)) return false;
      const retry = retryOf(before, result);
      const idempotencyKey = retry?.idempotencyKey ?? newIdempotencyKey();
      const timeSpent = retry?.timeSpent ?? timeSpentMs(before.shownAt, Date.now());
      const reviewedAt = retry?.reviewedAt ?? new Date().toISOString();
      send({ type: 'submit', result, idempotencyKey, timeSpent, reviewedAt });
      const userId = useAuthStore.getState().user?.id ?? null;
      const failed = (err: unknown) => {
        if (!mountedRef.current) return;
        toastFailure(i18n.t('study:session.submitFailed'), err);
        send({ type: 'submitFailed' });
      };
      const queue = () => {
        const settings = schedulerRef.current;
        if (userId === null || settings === null) return failed(new Error('No scheduler to rate offline'));
        const next = rateLocally(card, result, new Date(reviewedAt), schedulerSettingsOf(settings, card), new Date());
        enqueueReview({ userId, idempotencyKey, cardId: card.id, result, timeSpent, reviewedAt }).then(() => {
          void refreshWaiting();
          rated(null, next, false);
          if (navigator.onLine) void syncReviews();
        }, failed);
      };
      // Offline, or earlier ratings still waiting: this one waits behind them, in order.
      const { online, waiting } = useOfflineStudy.getState();
      if (before.sessionId === null || !online || waiting > 0) {
        queue();
        return true;
      }
      spacedRepetitionApi
        .review({ cardId: card.id, result, timeSpent, sessionId: before.sessionId }, idempotencyKey)
        .then(
          ({ reviewId, card: next, leech }) => {
            if (userId !== null) void rememberCard(userId, next).catch(() => {});
            rated(reviewId, next, leech);
          },
          (err: unknown) => {
            if (failureKind(err) !== 'network') return failed(err);
            studyingOffline(Date.now());
            queue();
          },
        );
      return true;
    },
    [config, send, rated],
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
    const undone = (card: StudyCard) => {
      if (!mountedRef.current) return;
      send({ type: 'undoSucceeded', card, now: Date.now() });
      toast.success(i18n.t('study:session.undone'));
    };
    const failed = (err: unknown) => {
      if (!mountedRef.current) return;
      toastFailure(i18n.t('study:session.undoFailed'), err, { withReason: true });
      send({ type: 'undoFailed' });
    };
    const undoOnServer = (reviewId: number) =>
      spacedRepetitionApi.undo(reviewId).then(({ card }) => {
        const userId = useAuthStore.getState().user?.id;
        if (userId !== undefined) void rememberCard(userId, card).catch(() => {});
        undone(card);
      }, failed);
    if (last.reviewId !== null) {
      void undoOnServer(last.reviewId);
      return true;
    }
    // A queued rating is taken out of the outbox; one sent meanwhile is undone on the server.
    withdrawReview(last.idempotencyKey).then((withdrawn) => {
      if (withdrawn) {
        void refreshWaiting();
        return undone(last.card);
      }
      const reviewId = sentReviewId(last.idempotencyKey);
      if (reviewId === undefined) return failed(new Error('The rating is neither queued nor sent'));
      return undoOnServer(reviewId);
    }, failed);
    return true;
  }, [send]);

  const edited = useCallback(
    (text: Pick<StudyCard, 'question' | 'answer' | 'tags'>) => send({ type: 'edited', text }),
    [send],
  );

  return { state, reveal, hide, rate, undo, setAside, edited };
}
