import type { ReviewQueue, ReviewResult, SessionType, StudyCard } from '@flashcard/api-contract';

export type SessionKind = 'review' | 'new';

/** Spec 9: the new-card session takes at most the first 10 new cards. */
export const NEW_CARD_LIMIT = 10;
/** Anki's cap on the time one answer may count: a learner who walked away skews nothing. */
export const MAX_TIME_SPENT_MS = 60_000;

export const SUBMIT_FAILED = 'Failed to submit answer';
export const UNDO_DONE = 'Undid last rating';
export const UNDO_FAILED = 'Could not undo the last rating';

export const RATING_LABELS: Record<ReviewResult, string> = { 0: 'Again', 1: 'Hard', 2: 'Good', 3: 'Easy' };

export interface SessionConfig {
  kind: SessionKind;
  sessionType: Extract<SessionType, 'review' | 'practice'>;
  /** Ratings offered, in key order: the n-th is bound to the digit key n. */
  ratings: ReviewResult[];
  pick: (queue: ReviewQueue) => StudyCard[];
  title: string;
  positionLabel: (position: number, total: number) => string;
  revealLabel: string;
  /** The review session toggles the answer; the new-card session only reveals it. */
  hideLabel: string | null;
  loadingLabel: string;
  noCards: string;
  loadFailed: string;
  completedToast: string;
  completedTitle: string;
  completedText: (count: number) => string;
}

export const SESSION_CONFIG: Record<SessionKind, SessionConfig> = {
  review: {
    kind: 'review',
    sessionType: 'review',
    ratings: [0, 1, 2, 3],
    pick: (queue) => queue.due ?? [],
    title: 'Review Session',
    positionLabel: (position, total) => `Card ${position} of ${total}`,
    revealLabel: 'Show Answer',
    hideLabel: 'Hide Answer',
    loadingLabel: 'Loading review cards...',
    noCards: 'No cards due for review',
    loadFailed: 'Failed to load review cards',
    completedToast: 'Review session completed!',
    completedTitle: 'Session Complete!',
    // Spec text, verbatim (also for a single card).
    completedText: (count) => `You reviewed ${count} cards. Great job!`,
  },
  new: {
    kind: 'new',
    sessionType: 'practice',
    ratings: [1, 2, 3],
    // The server already sends only cards without repetitions; the cap and the filter are the
    // spec's rule, kept here so a larger server default cannot change the session.
    pick: (queue) => (queue.new ?? []).filter((card) => !card.repetitions).slice(0, NEW_CARD_LIMIT),
    title: 'Learn New Cards',
    positionLabel: (position, total) => `New Card ${position} of ${total}`,
    revealLabel: 'Reveal Answer',
    hideLabel: null,
    loadingLabel: 'Loading new cards...',
    noCards: 'No new cards available',
    loadFailed: 'Failed to load new cards',
    completedToast: 'Learning session completed!',
    completedTitle: 'New Cards Learned!',
    completedText: (count) => `You learned ${count} new ${count === 1 ? 'card' : 'cards'}.`,
  },
};
