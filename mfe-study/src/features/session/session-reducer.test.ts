import { studyCard, studyCards } from '../../test/study';
import {
  cardsReviewed,
  comesBack,
  currentCard,
  initialSessionState,
  position,
  isAnswerShown,
  retryOf,
  sessionCounts,
  sessionReducer,
  timeSpentMs,
  type SessionAction,
  type SessionState,
} from './session-reducer';

function run(actions: SessionAction[], from: SessionState = initialSessionState): SessionState {
  return actions.reduce(sessionReducer, from);
}

/** When the ratings below were made: the reducer carries it, never reads it. */
const AT = '2026-11-27T08:00:00.000Z';

const loaded = (count = 2): SessionAction => ({ type: 'loaded', cards: studyCards(count), sessionId: 7, now: 1000 });

describe('sessionReducer', () => {
  it('starts loading and shows the first card with its answer hidden once loaded', () => {
    expect(initialSessionState.phase).toBe('loading');
    const state = run([loaded()]);
    expect(state).toMatchObject({ phase: 'question', index: 0, sessionId: 7, shownAt: 1000, ratings: [] });
    expect(currentCard(state)?.id).toBe(1);
    expect(isAnswerShown(state)).toBe(false);
  });

  it('ends in empty or failed when there is nothing to study', () => {
    expect(run([{ type: 'empty' }]).phase).toBe('empty');
    expect(run([{ type: 'loaded', cards: [], sessionId: 7, now: 0 }]).phase).toBe('empty');
    expect(run([{ type: 'loadFailed' }]).phase).toBe('failed');
  });

  it('reveals and hides the answer; ratings only count once it is shown', () => {
    const question = run([loaded()]);
    expect(run([{ type: 'submit', result: 2, idempotencyKey: 'k', timeSpent: 100, reviewedAt: AT }], question)).toBe(
      question,
    );
    const answer = run([{ type: 'reveal' }], question);
    expect(answer.phase).toBe('answer');
    expect(isAnswerShown(answer)).toBe(true);
    expect(run([{ type: 'hide' }], answer).phase).toBe('question');
  });

  it('advances to the next card with the answer hidden and the clock restarted', () => {
    const state = run([
      loaded(),
      { type: 'reveal' },
      { type: 'submit', result: 2, idempotencyKey: 'k1', timeSpent: 100, reviewedAt: AT },
      { type: 'submitSucceeded', reviewId: 50, now: 5000 },
    ]);
    expect(state).toMatchObject({ phase: 'question', index: 1, shownAt: 5000, pending: null });
    expect(state.ratings).toEqual([
      { index: 0, card: studyCard(1), reviewId: 50, idempotencyKey: 'k1', result: 2, requeuedAt: null },
    ]);
  });

  it('blocks a second rating while one is being sent', () => {
    const submitting = run([
      loaded(),
      { type: 'reveal' },
      { type: 'submit', result: 1, idempotencyKey: 'k1', timeSpent: 100, reviewedAt: AT },
    ]);
    expect(submitting.phase).toBe('submitting');
    expect(isAnswerShown(submitting)).toBe(true);
    for (const action of [
      { type: 'submit', result: 3, idempotencyKey: 'k2', timeSpent: 100, reviewedAt: AT },
      { type: 'hide' },
      { type: 'undoStarted' },
    ] as SessionAction[]) {
      expect(sessionReducer(submitting, action)).toBe(submitting);
    }
  });

  it('keeps the card and its answer after a failed submit, and the request for the same rating', () => {
    const failed = run([
      loaded(),
      { type: 'reveal' },
      { type: 'submit', result: 2, idempotencyKey: 'k1', timeSpent: 4200, reviewedAt: AT },
      { type: 'submitFailed' },
    ]);
    expect(failed).toMatchObject({ phase: 'answer', index: 0 });
    // The retry resends the same key and the same time spent.
    expect(retryOf(failed, 2)).toEqual({ cardId: 1, result: 2, idempotencyKey: 'k1', timeSpent: 4200, reviewedAt: AT });
    // Another rating is another request.
    expect(retryOf(failed, 3)).toBeNull();
    // Hiding and showing the answer again does not forget it.
    expect(retryOf(run([{ type: 'hide' }, { type: 'reveal' }], failed), 2)?.idempotencyKey).toBe('k1');
  });

  it('completes after the last card and counts every rating but Again as correct', () => {
    const state = run([
      loaded(3),
      { type: 'reveal' },
      { type: 'submit', result: 0, idempotencyKey: 'a', timeSpent: 100, reviewedAt: AT },
      { type: 'submitSucceeded', reviewId: 1, now: 1 },
      { type: 'reveal' },
      { type: 'submit', result: 1, idempotencyKey: 'b', timeSpent: 100, reviewedAt: AT },
      { type: 'submitSucceeded', reviewId: 2, now: 2 },
      { type: 'reveal' },
      { type: 'submit', result: 3, idempotencyKey: 'c', timeSpent: 100, reviewedAt: AT },
      { type: 'submitSucceeded', reviewId: 3, now: 3 },
    ]);
    expect(state.phase).toBe('completed');
    expect(sessionCounts(state)).toEqual({ cards_studied: 3, correct_count: 2 });
    // Nothing to undo into once the session has been ended.
    expect(sessionReducer(state, { type: 'undoStarted' })).toBe(state);
  });

  it('undo puts the rated card back, hidden, with the restored copy and one rating fewer', () => {
    const rated = run([
      loaded(),
      { type: 'reveal' },
      { type: 'submit', result: 2, idempotencyKey: 'k1', timeSpent: 100, reviewedAt: AT },
      { type: 'submitSucceeded', reviewId: 50, now: 5000 },
      { type: 'reveal' },
    ]);
    const undoing = run([{ type: 'undoStarted' }], rated);
    expect(undoing.phase).toBe('undoing');
    expect(isAnswerShown(undoing)).toBe(true);
    const restored = studyCard(1, { question: 'Restored question' });
    const state = run([{ type: 'undoSucceeded', card: restored, now: 9000 }], undoing);
    expect(state).toMatchObject({ phase: 'question', index: 0, shownAt: 9000, ratings: [], pending: null });
    expect(currentCard(state)?.question).toBe('Restored question');
    expect(sessionCounts(state)).toEqual({ cards_studied: 0, correct_count: 0 });
    // Rating it again is a new review: it must not reuse an old key.
    expect(retryOf(state, 2)).toBeNull();
  });

  it('returns to where it was when undo fails, and has nothing to undo before a rating', () => {
    const question = run([loaded()]);
    expect(sessionReducer(question, { type: 'undoStarted' })).toBe(question);
    const answer = run(
      [
        { type: 'reveal' },
        { type: 'submit', result: 2, idempotencyKey: 'k1', timeSpent: 100, reviewedAt: AT },
        { type: 'submitSucceeded', reviewId: 50, now: 5000 },
        { type: 'reveal' },
      ],
      question,
    );
    const state = run([{ type: 'undoStarted' }, { type: 'undoFailed' }], answer);
    expect(state).toMatchObject({ phase: 'answer', index: 1 });
    expect(state.ratings).toHaveLength(1);
  });

  it('ignores a late load after the session has started', () => {
    const question = run([loaded()]);
    expect(sessionReducer(question, loaded(5))).toBe(question);
    expect(sessionReducer(question, { type: 'loadFailed' })).toBe(question);
  });
});

describe('timeSpentMs', () => {
  it('is the time since the card was shown, capped at 60 seconds', () => {
    expect(timeSpentMs(1000, 5200)).toBe(4200);
    expect(timeSpentMs(1000, 61_000)).toBe(60_000);
    expect(timeSpentMs(1000, 500_000)).toBe(60_000);
    // A clock that moved backwards never yields a negative time.
    expect(timeSpentMs(1000, 900)).toBe(0);
  });
});

describe('relearning within the session', () => {
  const rateAndRequeue = (state: SessionState, cardId: number, due: string, reviewId: number): SessionState =>
    run(
      [
        { type: 'reveal' },
        { type: 'submit', result: 0, idempotencyKey: `k${reviewId}`, timeSpent: 100, reviewedAt: AT },
        { type: 'submitSucceeded', reviewId, now: 2000, requeue: studyCard(cardId, { state: 'relearning', due }) },
      ],
      state,
    );
  const rateGood = (state: SessionState, reviewId: number): SessionState =>
    run(
      [
        { type: 'reveal' },
        { type: 'submit', result: 2, idempotencyKey: `g${reviewId}`, timeSpent: 100, reviewedAt: AT },
        { type: 'submitSucceeded', reviewId, now: 3000 },
      ],
      state,
    );

  it('brings an Again card back after the others, counts N as distinct cards and marks the copy', () => {
    let state = run([loaded(3)]);
    expect(position(state)).toEqual({ position: 1, total: 3, again: false });
    state = rateAndRequeue(state, 1, '2030-01-01T00:01:00.000Z', 10);
    expect(state.cards.map((card) => card.id)).toEqual([1, 2, 3, 1]);
    expect(position(state)).toEqual({ position: 2, total: 3, again: false });
    state = rateGood(rateGood(state, 11), 12);
    expect(state.phase).toBe('question');
    expect(currentCard(state)?.id).toBe(1);
    expect(position(state)).toEqual({ position: 3, total: 3, again: true });
    state = rateGood(state, 13);
    expect(state.phase).toBe('completed');
    expect(cardsReviewed(state)).toBe(3);
    expect(state.ratings).toHaveLength(4);
  });

  it('orders returning cards by their due time', () => {
    let state = run([loaded(3)]);
    state = rateAndRequeue(state, 1, '2030-01-01T00:10:00.000Z', 10);
    state = rateAndRequeue(state, 2, '2030-01-01T00:01:00.000Z', 11);
    expect(state.cards.map((card) => card.id)).toEqual([1, 2, 3, 2, 1]);
  });

  it('undo takes the returning copy out again', () => {
    let state = rateAndRequeue(run([loaded(2)]), 1, '2030-01-01T00:01:00.000Z', 10);
    expect(state.cards).toHaveLength(3);
    state = run([{ type: 'undoStarted' }, { type: 'undoSucceeded', card: studyCard(1), now: 4000 }], state);
    expect(state.cards.map((card) => card.id)).toEqual([1, 2]);
    expect(state.again).toEqual([false, false]);
    expect(state.index).toBe(0);
  });

  it('drops a suspended or buried card with its copies; the last one completes the session', () => {
    let state = rateAndRequeue(run([loaded(2)]), 1, '2030-01-01T00:01:00.000Z', 10);
    expect(currentCard(state)?.id).toBe(2);
    state = run([{ type: 'drop', now: 5000 }], state);
    expect(state.cards.map((card) => card.id)).toEqual([1, 1]);
    expect(currentCard(state)?.id).toBe(1);
    expect(position(state).again).toBe(true);
    state = run([{ type: 'drop', now: 6000 }], state);
    expect(state.phase).toBe('completed');
    expect(state.ratings[0]!.requeuedAt).toBeNull();
  });

  it('knows which rated cards come back: (re)learning and due within the learn-ahead window', () => {
    const now = Date.parse('2030-01-01T00:00:00.000Z');
    expect(comesBack(studyCard(1, { state: 'relearning', due: '2030-01-01T00:01:00.000Z' }), now)).toBe(true);
    expect(comesBack(studyCard(1, { state: 'learning', due: '2030-01-01T00:19:59.000Z' }), now)).toBe(true);
    expect(comesBack(studyCard(1, { state: 'learning', due: '2030-01-01T00:20:01.000Z' }), now)).toBe(false);
    expect(comesBack(studyCard(1, { state: 'review', due: '2030-01-01T00:01:00.000Z' }), now)).toBe(false);
  });
});
