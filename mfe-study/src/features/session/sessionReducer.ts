// The study session as a pure state machine, so every transition is testable without React:
// loading -> question (answer hidden) -> answer (shown) -> submitting -> question of the next
// card | completed. A failed submit returns to `answer` on the same card; undo steps back.
import type { ReviewResult, StudyCard } from '@flashcard/api-contract';
import { MAX_TIME_SPENT_MS } from './sessionConfig';

export type SessionPhase =
  | 'loading'
  | 'question'
  | 'answer'
  | 'submitting'
  | 'undoing'
  | 'completed'
  /** Nothing to study: the screen sends the learner back to the hub. */
  | 'empty'
  | 'failed';

/** One rating accepted by the server in this session (newest last). */
export interface SessionRating {
  index: number;
  /** The card as it was before the rating: what undo puts back. */
  card: StudyCard;
  reviewId: number;
  result: ReviewResult;
}

/** The submit in flight or last failed: a retry of the same rating resends it unchanged. */
export interface PendingSubmit {
  cardId: number;
  result: ReviewResult;
  idempotencyKey: string;
  timeSpent: number;
}

export interface SessionState {
  phase: SessionPhase;
  cards: StudyCard[];
  index: number;
  sessionId: number | null;
  /** When the current card was shown (ms since epoch): the start of its time spent. */
  shownAt: number;
  ratings: SessionRating[];
  pending: PendingSubmit | null;
  /** Where a failed undo returns to. */
  resumePhase: 'question' | 'answer';
}

export type SessionAction =
  | { type: 'loaded'; cards: StudyCard[]; sessionId: number; now: number }
  | { type: 'empty' }
  | { type: 'loadFailed' }
  | { type: 'reveal' }
  | { type: 'hide' }
  | { type: 'submit'; result: ReviewResult; idempotencyKey: string; timeSpent: number }
  | { type: 'submitSucceeded'; reviewId: number; now: number }
  | { type: 'submitFailed' }
  | { type: 'undoStarted' }
  | { type: 'undoSucceeded'; card: StudyCard; now: number }
  | { type: 'undoFailed' };

export const initialSessionState: SessionState = {
  phase: 'loading',
  cards: [],
  index: 0,
  sessionId: null,
  shownAt: 0,
  ratings: [],
  pending: null,
  resumePhase: 'question',
};

// Actions that do not fit the current phase (a key pressed twice, a late reply) change nothing.
export function sessionReducer(state: SessionState, action: SessionAction): SessionState {
  switch (action.type) {
    case 'loaded':
      if (state.phase !== 'loading') return state;
      if (action.cards.length === 0) return { ...state, phase: 'empty' };
      return { ...initialSessionState, phase: 'question', cards: action.cards, sessionId: action.sessionId, shownAt: action.now };
    case 'empty':
      return state.phase === 'loading' ? { ...state, phase: 'empty' } : state;
    case 'loadFailed':
      return state.phase === 'loading' ? { ...state, phase: 'failed' } : state;
    case 'reveal':
      return state.phase === 'question' ? { ...state, phase: 'answer' } : state;
    case 'hide':
      return state.phase === 'answer' ? { ...state, phase: 'question' } : state;
    case 'submit': {
      if (state.phase !== 'answer') return state;
      const cardId = state.cards[state.index].id;
      const { result, idempotencyKey, timeSpent } = action;
      return { ...state, phase: 'submitting', pending: { cardId, result, idempotencyKey, timeSpent } };
    }
    case 'submitSucceeded': {
      if (state.phase !== 'submitting' || !state.pending) return state;
      const rating: SessionRating = {
        index: state.index,
        card: state.cards[state.index],
        reviewId: action.reviewId,
        result: state.pending.result,
      };
      const index = state.index + 1;
      const done = index >= state.cards.length;
      return {
        ...state,
        phase: done ? 'completed' : 'question',
        // On completion the index stays on the last card: there is no card to point past.
        index: done ? state.index : index,
        shownAt: action.now,
        ratings: [...state.ratings, rating],
        pending: null,
      };
    }
    case 'submitFailed':
      // Same card, answer still shown; `pending` stays so the same rating is resent as it was.
      return state.phase === 'submitting' ? { ...state, phase: 'answer' } : state;
    case 'undoStarted':
      if ((state.phase !== 'question' && state.phase !== 'answer') || state.ratings.length === 0) return state;
      return { ...state, phase: 'undoing', resumePhase: state.phase };
    case 'undoSucceeded': {
      if (state.phase !== 'undoing') return state;
      const last = state.ratings[state.ratings.length - 1];
      const cards = state.cards.slice();
      // The server restores the card exactly; keep the old preview should the reply lack one.
      cards[last.index] = { ...last.card, ...action.card, preview: action.card.preview ?? last.card.preview };
      return {
        ...state,
        phase: 'question',
        cards,
        index: last.index,
        shownAt: action.now,
        ratings: state.ratings.slice(0, -1),
        pending: null,
      };
    }
    case 'undoFailed':
      return state.phase === 'undoing' ? { ...state, phase: state.resumePhase } : state;
  }
}

export function currentCard(state: SessionState): StudyCard | undefined {
  return state.cards[state.index];
}

/** Whether the answer is on screen (it stays up while its rating is being sent). */
export function isAnswerShown(state: SessionState): boolean {
  return (
    state.phase === 'answer' ||
    state.phase === 'submitting' ||
    (state.phase === 'undoing' && state.resumePhase === 'answer')
  );
}

/** Counts sent when the session ends: correct means any rating but Again. */
export function sessionCounts(state: SessionState): { cards_studied: number; correct_count: number } {
  return {
    cards_studied: state.ratings.length,
    correct_count: state.ratings.filter((rating) => rating.result > 0).length,
  };
}

/**
 * The failed submit that rating `result` now retries (same card, same rating), or null for a new
 * review. A retry must be the very same request, key and body: the server then answers with the
 * first outcome instead of counting the review twice, and a key reused with another body (a
 * timeSpent that kept growing) may be refused (IETF Idempotency-Key draft: 422).
 */
export function retryOf(state: SessionState, result: ReviewResult): PendingSubmit | null {
  const pending = state.pending;
  const card = currentCard(state);
  return pending && card && pending.cardId === card.id && pending.result === result ? pending : null;
}

/** Time from showing the card to the rating, capped like Anki. */
export function timeSpentMs(shownAt: number, now: number): number {
  return Math.min(MAX_TIME_SPENT_MS, Math.max(0, Math.round(now - shownAt)));
}
