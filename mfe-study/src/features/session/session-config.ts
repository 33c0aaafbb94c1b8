import {
  QUEUE_NEW_LIMIT,
  type ReviewQueue,
  type ReviewResult,
  type SessionType,
  type StudyCard,
} from '@flashcard/api-contract';

export type SessionKind = 'review' | 'new';

/** The new-card session takes at most the first 10 new cards (the review queue's default). */
export const NEW_CARD_LIMIT = QUEUE_NEW_LIMIT.default;
/** Anki's cap on the time one answer may count: a learner who walked away skews nothing. */
export const MAX_TIME_SPENT_MS = 60_000;

/** The message keys of the ratings (namespace 'study', `session.ratings.*`). */
export const RATING_KEYS = { 0: 'again', 1: 'hard', 2: 'good', 3: 'easy' } as const satisfies Record<
  ReviewResult,
  string
>;

export interface SessionConfig {
  kind: SessionKind;
  sessionType: Extract<SessionType, 'review' | 'practice'>;
  /** Ratings offered, in key order: the n-th is bound to the digit key n. */
  ratings: ReviewResult[];
  pick: (queue: ReviewQueue) => StudyCard[];
  /**
   * The review session toggles the answer (Show Answer / Hide Answer); the new-card session only
   * reveals it. The texts are the namespace's `session.<kind>.*` messages.
   */
  toggles: boolean;
  /**
   * A card rated into a (re)learning step due within the learn-ahead comes back within the
   * session (Anki's learning steps): in the new-card session Hard repeats the step and Good moves
   * to the next, until the card graduates or its next step is beyond the learn-ahead.
   */
  relearn: boolean;
}

export const SESSION_CONFIG: Record<SessionKind, SessionConfig> = {
  review: {
    kind: 'review',
    sessionType: 'review',
    ratings: [0, 1, 2, 3],
    pick: (queue) => queue.due ?? [],
    toggles: true,
    relearn: true,
  },
  new: {
    kind: 'new',
    sessionType: 'practice',
    ratings: [1, 2, 3],
    // The server already sends only cards without repetitions; the cap and the filter are the
    // spec's rule, kept here so a larger server default cannot change the session.
    pick: (queue) => (queue.new ?? []).filter((card) => !card.repetitions).slice(0, NEW_CARD_LIMIT),
    toggles: false,
    relearn: true,
  },
};
