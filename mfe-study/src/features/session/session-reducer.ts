// The study session as a pure state machine, so every transition is testable without React:
// loading -> question (answer hidden) -> answer (shown) -> submitting -> question of the next
// card | completed. A failed submit returns to `answer` on the same card; undo steps back.
//
// `cards` is the queue. In the review session a card rated into (re)learning that is due within
// the learn-ahead window comes back as Anki brings it back: a copy joins the end of the queue
// (the returning copies in due order), marked in `again`; the session completes only when the
// queue is done. 'Card X of N' counts distinct cards.
import { LEARN_AHEAD_MS, type ReviewResult, type StudyCard } from '@flashcard/api-contract';
import { MAX_TIME_SPENT_MS } from './session-config';

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

/** One rating accepted by the server, or queued to be sent, in this session (newest last). */
export interface SessionRating {
  index: number;
  /** The card as it was before the rating: what undo puts back. */
  card: StudyCard;
  /** The server's id of the review; null while the rating waits in the outbox. */
  reviewId: number | null;
  idempotencyKey: string;
  result: ReviewResult;
  /** Where this rating put the card back into the queue (undo takes the copy out), or null. */
  requeuedAt: number | null;
}

/** The submit in flight or last failed: a retry of the same rating resends it unchanged. */
export interface PendingSubmit {
  cardId: number;
  result: ReviewResult;
  idempotencyKey: string;
  timeSpent: number;
  /** When the learner rated (ISO 8601): sent with a rating queued offline. */
  reviewedAt: string;
}

export interface SessionState {
  phase: SessionPhase;
  cards: StudyCard[];
  /** Per queue entry: a card come back after a rating (relearning), not a new one. */
  again: boolean[];
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
  /** `sessionId` null: studying offline, no server session. */
  | { type: 'loaded'; cards: StudyCard[]; sessionId: number | null; now: number }
  | { type: 'empty' }
  | { type: 'loadFailed' }
  | { type: 'reveal' }
  | { type: 'hide' }
  | { type: 'submit'; result: ReviewResult; idempotencyKey: string; timeSpent: number; reviewedAt: string }
  /** `requeue`: the card as the rating left it, when it must come back in this session; `reviewId` null: queued. */
  | { type: 'submitSucceeded'; reviewId: number | null; now: number; requeue?: StudyCard }
  /** The current card leaves the session (suspended, buried, a leech), with any copy of it. */
  | { type: 'drop'; now: number }
  | { type: 'submitFailed' }
  | { type: 'undoStarted' }
  | { type: 'undoSucceeded'; card: StudyCard; now: number }
  | { type: 'undoFailed' }
  /** The current card's note was edited: every entry of that note shows the saved text. */
  | { type: 'edited'; text: Pick<StudyCard, 'question' | 'answer' | 'tags'> };

export const initialSessionState: SessionState = {
  phase: 'loading',
  cards: [],
  again: [],
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
      return {
        ...initialSessionState,
        phase: 'question',
        cards: action.cards,
        again: action.cards.map(() => false),
        sessionId: action.sessionId,
        shownAt: action.now,
      };
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
      const { result, idempotencyKey, timeSpent, reviewedAt } = action;
      return { ...state, phase: 'submitting', pending: { cardId, result, idempotencyKey, timeSpent, reviewedAt } };
    }
    case 'submitSucceeded': {
      if (state.phase !== 'submitting' || !state.pending) return state;
      let { cards, again } = state;
      let requeuedAt: number | null = null;
      if (action.requeue) {
        // After every card still to come; among the returning ones, by due time.
        const due = dueTime(action.requeue);
        requeuedAt = cards.length;
        while (requeuedAt > state.index + 1 && again[requeuedAt - 1] && dueTime(cards[requeuedAt - 1]) > due)
          requeuedAt--;
        cards = [...cards.slice(0, requeuedAt), action.requeue, ...cards.slice(requeuedAt)];
        again = [...again.slice(0, requeuedAt), true, ...again.slice(requeuedAt)];
      }
      const rating: SessionRating = {
        index: state.index,
        card: state.cards[state.index],
        reviewId: action.reviewId,
        idempotencyKey: state.pending.idempotencyKey,
        result: state.pending.result,
        requeuedAt,
      };
      const index = state.index + 1;
      const done = index >= cards.length;
      return {
        ...state,
        cards,
        again,
        phase: done ? 'completed' : 'question',
        // On completion the index stays on the last card: there is no card to point past.
        index: done ? state.index : index,
        shownAt: action.now,
        ratings: [...state.ratings, rating],
        pending: null,
      };
    }
    case 'drop': {
      if (state.phase !== 'question' && state.phase !== 'answer') return state;
      const cardId = state.cards[state.index].id;
      // This entry and every later copy of the card go; earlier entries (rated already) stay.
      const keep = state.cards.map((card, i) => i < state.index || (i > state.index && card.id !== cardId));
      const shift = (at: number) => keep.slice(0, at).filter(Boolean).length;
      const cards = state.cards.filter((_, i) => keep[i]);
      const again = state.again.filter((_, i) => keep[i]);
      const ratings = state.ratings.map((rating) => ({
        ...rating,
        requeuedAt: rating.requeuedAt === null || !keep[rating.requeuedAt] ? null : shift(rating.requeuedAt),
      }));
      const done = state.index >= cards.length;
      return {
        ...state,
        cards,
        again,
        ratings,
        phase: done ? (ratings.length ? 'completed' : 'empty') : 'question',
        index: done ? Math.max(0, cards.length - 1) : state.index,
        shownAt: action.now,
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
      const again = state.again.slice();
      // The card no longer comes back for that rating: take its copy out of the queue.
      if (last.requeuedAt !== null) {
        cards.splice(last.requeuedAt, 1);
        again.splice(last.requeuedAt, 1);
      }
      // The server restores the card exactly; keep the old preview should the reply lack one.
      cards[last.index] = { ...last.card, ...action.card, preview: action.card.preview ?? last.card.preview };
      return {
        ...state,
        phase: 'question',
        cards,
        again,
        index: last.index,
        shownAt: action.now,
        ratings: state.ratings.slice(0, -1),
        pending: null,
      };
    }
    case 'undoFailed':
      return state.phase === 'undoing' ? { ...state, phase: state.resumePhase } : state;
    case 'edited': {
      const current = state.cards[state.index];
      if (!current) return state;
      const sameNote = (card: StudyCard) => card.id === current.id || card.note_guid === current.note_guid;
      return { ...state, cards: state.cards.map((card) => (sameNote(card) ? { ...card, ...action.text } : card)) };
    }
  }
}

export function currentCard(state: SessionState): StudyCard | undefined {
  return state.cards[state.index];
}

const dueTime = (card: StudyCard) => (card.due ? Date.parse(card.due) : 0);

/** Whether a card the server just rated comes back in this session (Anki's learn-ahead). */
export function comesBack(card: StudyCard, now: number): boolean {
  return (
    (card.state === 'learning' || card.state === 'relearning') &&
    card.due !== null &&
    dueTime(card) <= now + LEARN_AHEAD_MS
  );
}

/** 'Card X of N': N distinct cards; X the distinct cards reached so far (a returning one adds none). */
export function position(state: SessionState): { position: number; total: number; again: boolean } {
  const total = state.again.filter((copy) => !copy).length;
  const reached = state.again.slice(0, state.index + 1).filter((copy) => !copy).length;
  return { position: Math.max(1, reached), total, again: state.again[state.index] ?? false };
}

/** Distinct cards rated in this session (a card rated twice counts once). */
export function cardsReviewed(state: SessionState): number {
  return new Set(state.ratings.map((rating) => rating.card.id)).size;
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
