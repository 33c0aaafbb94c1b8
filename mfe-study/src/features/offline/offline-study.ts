// The study area's offline state, one per page: whether the network answers, how many ratings
// wait in the outbox, and when the cards on screen were saved. `syncReviews` sends the outbox
// (on load, when the browser comes back online, after each rating made offline).
import { create } from 'zustand';
import {
  choiceQuestions,
  CHOICES_PER_QUESTION,
  mediaApi,
  spacedRepetitionApi,
  type MultipleChoiceQuestion,
  type ReviewQueue,
  type StudyCard,
  type StudyScope,
} from '@flashcard/api-contract';
import { i18n, useAuthStore } from '@flashcard/shared-auth';
import { failureKind, toastFailure } from '@flashcard/shared-ui';
import '../../i18n'; // registers the namespace of the toast below
import { keepMediaOf } from './offline-media';
import { forgetQueues, rememberCard, savedQueue, saveQueue } from './offline-queue';
import { queuedReviews, syncOutbox, type SyncOutcome } from './review-outbox';

export interface OfflineStudyState {
  /** False from a network failure (or the browser saying so) until the browser is online again. */
  online: boolean;
  /** Ratings in the outbox of the signed-in learner. */
  waiting: number;
  /** When the cards being studied offline were saved (ms since epoch), null while online. */
  savedAt: number | null;
}

export const useOfflineStudy = create<OfflineStudyState>(() => ({
  online: typeof navigator === 'undefined' || navigator.onLine,
  waiting: 0,
  savedAt: null,
}));

/** A call failed for the network: say so until the browser reports it is online again. */
export function studyingOffline(savedAt: number | null): void {
  useOfflineStudy.setState({ online: false, savedAt });
}

export const signedInUser = (): number | null => useAuthStore.getState().user?.id ?? null;

/** Keeps a queue the server just sent, and its cards' images, for studying offline later. */
export function saveForOffline(scope: StudyScope, queue: ReviewQueue): void {
  const userId = signedInUser();
  if (userId === null) return;
  void saveQueue(userId, scope, queue, Date.now())
    .then(() => keepMediaOf(userId, queue, mediaApi.fetch))
    .catch(() => {});
}

/** The server's review ids of ratings sent from the outbox in this page, by Idempotency-Key (undo). */
const sentReviewIds = new Map<string, number>();

export function sentReviewId(idempotencyKey: string): number | undefined {
  return sentReviewIds.get(idempotencyKey);
}

export async function refreshWaiting(): Promise<void> {
  const userId = signedInUser();
  const waiting = userId === null ? 0 : (await queuedReviews(userId)).length;
  useOfflineStudy.setState({ waiting });
}

/**
 * Sends the learner's waiting ratings, oldest first. Each answer's card replaces the saved one,
 * so the cards kept for offline study stay what the server holds. Ratings the server refuses
 * for good (the card was deleted meanwhile) are dropped and said in one toast.
 */
export async function syncReviews(): Promise<SyncOutcome | null> {
  const userId = signedInUser();
  if (userId === null) return null;
  const outcome = await syncOutbox(userId, async (review) => {
    const { cardId, result, timeSpent, reviewedAt, idempotencyKey } = review;
    const response = await spacedRepetitionApi.review({ cardId, result, timeSpent, reviewedAt }, idempotencyKey);
    sentReviewIds.set(idempotencyKey, response.reviewId);
    await rememberCard(userId, response.card as StudyCard);
    return response;
  });
  if (outcome.stopped === 'network') studyingOffline(useOfflineStudy.getState().savedAt);
  else if (outcome.sent.length > 0) useOfflineStudy.setState({ online: true, savedAt: null });
  if (outcome.refused.length > 0) {
    toastFailure(i18n.t('study:offline.refused', { count: outcome.refused.length }), outcome.refused[0].error, {
      withReason: true,
    });
  }
  await refreshWaiting();
  return outcome;
}

let watching = false;

/**
 * Once per page (from the study area's first render): sync when the browser comes back online,
 * and keep no other learner's saved cards (the learner changed or signed out).
 */
export function watchConnectivity(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  window.addEventListener('online', () => {
    useOfflineStudy.setState({ online: true });
    void syncReviews();
  });
  window.addEventListener('offline', () => useOfflineStudy.setState({ online: false }));
  // Cards saved for a learner who is not the one signed in now (signed out meanwhile, on a page
  // where this code did not run) go as soon as it runs.
  const { user, isLoading } = useAuthStore.getState();
  if (!isLoading && user) void forgetQueues(user.id);
  useAuthStore.subscribe((state, before) => {
    const userId = state.user?.id ?? null;
    if (userId === (before.user?.id ?? null)) return;
    void forgetQueues(userId);
    void refreshWaiting();
  });
}

/**
 * A practice's cards (cram, timed practice), or with the network off the saved cards of the
 * scope: practice reschedules nothing, so any of the learner's cards will do.
 */
export function orSavedCards(
  load: (scope: StudyScope) => Promise<{ cards: StudyCard[] }>,
  limit: number,
): (scope: StudyScope) => Promise<{ cards: StudyCard[] }> {
  return async (scope) => {
    try {
      return await load(scope);
    } catch (error) {
      const cards = (await savedCardsOffline(scope, error)).slice(0, limit);
      if (cards.length === 0) throw error;
      return { cards };
    }
  };
}

/**
 * Multiple-choice questions, or with the network off questions made here from the saved cards
 * of the scope, by the same rule the server follows (the contract's `choiceQuestions`).
 */
export function orSavedQuestions(
  load: (scope: StudyScope) => Promise<{ questions: MultipleChoiceQuestion[] }>,
  limit: number,
): (scope: StudyScope) => Promise<{ questions: MultipleChoiceQuestion[] }> {
  return async (scope) => {
    try {
      return await load(scope);
    } catch (error) {
      const pool = await savedCardsOffline(scope, error);
      const picked = [...pool].sort(() => Math.random() - 0.5).slice(0, limit);
      const questions = choiceQuestions(picked, pool, CHOICES_PER_QUESTION.default);
      if (!questions || questions.length === 0) throw error;
      return { questions };
    }
  };
}

/** The saved cards of the scope when `error` is the network's (and says so on the page); else none. */
async function savedCardsOffline(scope: StudyScope, error: unknown): Promise<StudyCard[]> {
  const userId = signedInUser();
  const saved = userId !== null && failureKind(error) === 'network' ? await savedQueue(userId, scope) : undefined;
  if (!saved) return [];
  studyingOffline(saved.savedAt);
  return [...saved.queue.due, ...saved.queue.new];
}
