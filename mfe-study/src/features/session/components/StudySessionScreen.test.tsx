// The review and new-card sessions through the screen: what the learner sees, what each click
// and key sends, and where the session goes when a call fails.
import { readFileSync } from 'fs';
import { join } from 'path';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  cardsApi,
  spacedRepetitionApi,
  type ReviewQueue,
  type ReviewResponse,
  type StudyCard,
} from '@flashcard/api-contract';
import { apiClient } from '@flashcard/shared-auth';
import {
  deferred,
  mockStudyApi,
  renderStudyAt,
  reviewQueue,
  spyToasts,
  studyCard,
  studyCards,
} from '../../../test/study';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const START = 1_700_000_000_000;

let toasts: ReturnType<typeof spyToasts>;
/** The screen's clock (Date.now): tests move it to measure the time spent on a card. */
let now: number;

beforeEach(() => {
  toasts = spyToasts();
  now = START;
  jest.spyOn(Date, 'now').mockImplementation(() => now);
});

afterEach(() => jest.restoreAllMocks());

// ---- queries ---------------------------------------------------------------------------------

const location = () => screen.getByTestId('location');
const ratingGroup = () => screen.queryByRole('group', { name: 'Rate your answer' });
/** A rating button by its visible label; its accessible name is what it shows, label and interval. */
const rating = (label: string) => screen.getByRole('button', { name: new RegExp(`^${label}( |$)`) });
/** What each rating's description says: the label and what its interval means. */
const ratingNames = () =>
  within(ratingGroup()!)
    .getAllByRole('button')
    .map((b) => document.getElementById(b.getAttribute('aria-describedby') ?? '')?.textContent);
const progress = () => screen.getByRole('progressbar', { name: 'Session progress' });

type Api = ReturnType<typeof mockStudyApi>;
/** [input, idempotencyKey] of the n-th review sent. */
const sent = (api: Api, n: number) => api.review.mock.calls[n];

async function startReview(
  cards: StudyCard[] = studyCards(3),
  path = '/study/review',
  queue: Partial<ReviewQueue> = {},
) {
  const api = mockStudyApi(reviewQueue({ due: cards, ...queue }));
  const user = userEvent.setup();
  renderStudyAt(path);
  await screen.findByText(`Card 1 of ${cards.length}`);
  return { api, user };
}

async function startNew(cards: StudyCard[], queue: Partial<ReviewQueue> = {}) {
  const api = mockStudyApi(reviewQueue({ new: cards, ...queue }));
  const user = userEvent.setup();
  renderStudyAt('/study/new');
  await screen.findByText(/^New Card 1 of \d+$/);
  return { api, user };
}

// ---- review session ------------------------------------------------------------------------

describe('Review session', () => {
  it('loads, then shows card 1 of N with the answer hidden', async () => {
    const api = mockStudyApi();
    const queue = deferred<ReviewQueue>();
    api.reviewQueue.mockReturnValue(queue.promise);

    renderStudyAt('/study/review');

    expect(screen.getByText('Loading review cards...').closest('[role="status"]')).toBeInTheDocument();
    expect(screen.queryByText('Question 1')).not.toBeInTheDocument();
    expect(api.startSession).not.toHaveBeenCalled();

    await act(async () => queue.resolve(reviewQueue({ due: studyCards(3), new: [studyCard(90)] })));

    expect(await screen.findByText('Card 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Review Session' })).toBeInTheDocument();
    expect(screen.getByText('Question 1')).toBeInTheDocument();
    expect(screen.queryByText('Answer 1')).not.toBeInTheDocument();
    expect(ratingGroup()).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show Answer' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Undo last rating' })).toBeDisabled();
    expect(progress()).toHaveAttribute('aria-valuenow', '0');
    expect(progress()).toHaveAttribute('aria-valuemax', '3');
    expect(api.startSession).toHaveBeenCalledTimes(1);
    expect(api.startSession).toHaveBeenCalledWith({ session_type: 'review' });
    expect(api.review).not.toHaveBeenCalled();
  });

  it('toggles the answer with Show Answer / Hide Answer and offers four ratings with the card’s intervals', async () => {
    const { api, user } = await startReview();

    await user.click(screen.getByRole('button', { name: 'Show Answer' }));

    expect(screen.getByText('Answer 1')).toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Hide Answer' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(ratingNames()).toEqual([
      'Again, next review in 1m',
      'Hard, next review in 6m',
      'Good, next review in 1d',
      'Easy, next review in 1mo',
    ]);
    expect(rating('Good')).toHaveTextContent('Good 1d');

    await user.click(toggle);

    expect(screen.queryByText('Answer 1')).not.toBeInTheDocument();
    expect(ratingGroup()).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show Answer' })).toBeInTheDocument();
    expect(screen.getByText('Card 1 of 3')).toBeInTheDocument();
    expect(api.review).not.toHaveBeenCalled();
  });

  it('sends the rating with the measured time (capped at 60 s) and the session, then shows the next card hidden', async () => {
    const { api, user } = await startReview();

    now += 4200;
    await user.click(screen.getByRole('button', { name: 'Show Answer' }));
    await user.click(rating('Good'));

    expect(api.review).toHaveBeenCalledTimes(1);
    const [input, firstKey] = sent(api, 0);
    expect(input).toEqual({ cardId: 1, result: 2, timeSpent: 4200, sessionId: 77 });
    expect(firstKey).toMatch(UUID);
    expect(await screen.findByText('Card 2 of 3')).toBeInTheDocument();
    expect(screen.getByText('Question 2')).toBeInTheDocument();
    expect(screen.queryByText('Answer 2')).not.toBeInTheDocument();
    expect(ratingGroup()).not.toBeInTheDocument();
    expect(progress()).toHaveAttribute('aria-valuenow', '1');
    expect(screen.getByText('1 done')).toBeInTheDocument();

    // The clock restarts with each card, and the ratings show this card's intervals.
    now += 1500;
    await user.click(screen.getByRole('button', { name: 'Show Answer' }));
    expect(ratingNames()).toEqual([
      'Again, next review in 2m',
      'Hard, next review in 7m',
      'Good, next review in 2d',
      'Easy, next review in 2mo',
    ]);
    await user.click(rating('Hard'));
    await screen.findByText('Card 3 of 3');
    expect(sent(api, 1)[0]).toEqual({ cardId: 2, result: 1, timeSpent: 1500, sessionId: 77 });
    expect(sent(api, 1)[1]).toMatch(UUID);
    expect(sent(api, 1)[1]).not.toBe(firstKey);

    // A learner who walked away counts one minute.
    now += 10 * 60_000;
    await user.click(screen.getByRole('button', { name: 'Show Answer' }));
    await user.click(rating('Easy'));
    await screen.findByText('Session Complete!');
    expect(sent(api, 2)[0]).toEqual({ cardId: 3, result: 3, timeSpent: 60_000, sessionId: 77 });
  });

  it('disables the controls while a rating is being sent, keeping the answer shown', async () => {
    const { api, user } = await startReview();
    const reply = deferred<ReviewResponse>();
    api.review.mockReturnValueOnce(reply.promise);

    await user.click(screen.getByRole('button', { name: 'Show Answer' }));
    await user.click(rating('Good'));

    expect(screen.getByText('Answer 1')).toBeInTheDocument();
    for (const label of ['Again', 'Hard', 'Good', 'Easy']) expect(rating(label)).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Hide Answer' })).toBeDisabled();
    await user.click(rating('Easy'));
    expect(api.review).toHaveBeenCalledTimes(1);

    await act(async () => reply.resolve({ card: studyCard(1), reviewId: 500, xpEarned: 10, leech: false }));
    expect(await screen.findByText('Card 2 of 3')).toBeInTheDocument();
  });

  it("keeps the card after a failed submit, toasts 'Failed to submit answer', and a retry reuses the key", async () => {
    const { api, user } = await startReview();
    api.review.mockRejectedValueOnce(new Error('Network Error'));

    now += 3000;
    await user.click(screen.getByRole('button', { name: 'Show Answer' }));
    await user.click(rating('Good'));

    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Failed to submit answer'));
    expect(screen.getByText('Card 1 of 3')).toBeInTheDocument();
    expect(screen.getByText('Answer 1')).toBeInTheDocument();
    await waitFor(() => expect(rating('Good')).toBeEnabled());
    expect(progress()).toHaveAttribute('aria-valuenow', '0');

    now += 2000;
    await user.click(rating('Good'));

    expect(await screen.findByText('Card 2 of 3')).toBeInTheDocument();
    expect(api.review).toHaveBeenCalledTimes(2);
    const [[firstInput, firstKey], [retryInput, retryKey]] = api.review.mock.calls;
    expect(retryKey).toBe(firstKey);
    // The retry is the same request: a server may refuse a key reused with another body.
    expect(retryInput).toEqual(firstInput);
    expect(retryInput).toEqual({ cardId: 1, result: 2, timeSpent: 3000, sessionId: 77 });
    expect(toasts.error).toHaveBeenCalledTimes(1);
  });

  it('sends another rating after a failed submit as a new request with a new key', async () => {
    const { api, user } = await startReview();
    api.review.mockRejectedValueOnce(new Error('Network Error'));

    await user.click(screen.getByRole('button', { name: 'Show Answer' }));
    await user.click(rating('Good'));
    await waitFor(() => expect(rating('Easy')).toBeEnabled());
    now += 1000;
    await user.click(rating('Easy'));

    await screen.findByText('Card 2 of 3');
    expect(sent(api, 1)[0]).toEqual({ cardId: 1, result: 3, timeSpent: 1000, sessionId: 77 });
    expect(sent(api, 1)[1]).not.toBe(sent(api, 0)[1]);
  });

  it('completes after the last card: texts, links, toast and the session ended with its counts', async () => {
    const { api, user } = await startReview(studyCards(2));

    await user.click(screen.getByRole('button', { name: 'Show Answer' }));
    await user.click(rating('Again'));
    await screen.findByText('Card 2 of 2');
    expect(toasts.success).not.toHaveBeenCalled();
    expect(api.endSession).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Show Answer' }));
    await user.click(rating('Easy'));

    expect(await screen.findByRole('heading', { level: 1, name: 'Session Complete!' })).toBeInTheDocument();
    expect(screen.getByText('You reviewed 2 cards. Great job!')).toBeInTheDocument();
    expect(screen.queryByText(/Card \d of/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Study' })).toHaveAttribute('href', '/study');
    expect(screen.getByRole('link', { name: 'View Progress' })).toHaveAttribute('href', '/progress');
    expect(toasts.success).toHaveBeenCalledTimes(1);
    expect(toasts.success).toHaveBeenCalledWith('Review session completed!');
    expect(api.endSession).toHaveBeenCalledTimes(1);
    // Again does not count as correct.
    expect(api.endSession).toHaveBeenCalledWith(77, { cards_studied: 2, correct_count: 1 });

    await user.click(screen.getByRole('link', { name: 'View Progress' }));
    expect(location()).toHaveTextContent('/progress');
    expect(screen.getByRole('heading', { name: 'Progress page' })).toBeInTheDocument();
  });

  it('goes back to the hub from the completion screen', async () => {
    const { user } = await startReview(studyCards(1));

    await user.click(screen.getByRole('button', { name: 'Show Answer' }));
    await user.click(rating('Good'));
    expect(await screen.findByText('You reviewed 1 cards. Great job!')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to Study' }));

    expect(location()).toHaveTextContent(/^\/study$/);
    expect(screen.getByRole('heading', { level: 1, name: 'Study' })).toBeInTheDocument();
  });

  it("toasts 'No cards due for review' and goes back to /study when nothing is due", async () => {
    // New cards do not make a review session.
    const api = mockStudyApi(reviewQueue({ due: [], new: studyCards(3) }));

    renderStudyAt('/study/review');

    expect(await screen.findByRole('heading', { level: 1, name: 'Study' })).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/study$/);
    expect(toasts.error).toHaveBeenCalledWith('No cards due for review');
    expect(api.startSession).not.toHaveBeenCalled();
    expect(api.review).not.toHaveBeenCalled();
  });

  it("toasts 'Failed to load review cards' when the queue cannot be loaded", async () => {
    const api = mockStudyApi();
    api.reviewQueue.mockRejectedValueOnce(new Error('down'));

    renderStudyAt('/study/review');

    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Failed to load review cards'));
    expect(toasts.error).not.toHaveBeenCalledWith('No cards due for review');
    expect(api.startSession).not.toHaveBeenCalled();
    expect(await screen.findByRole('heading', { level: 1, name: 'Study' })).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/study$/);
  });

  it("toasts 'Failed to load review cards' when the session cannot be started", async () => {
    const api = mockStudyApi(reviewQueue({ due: studyCards(2) }));
    api.startSession.mockRejectedValueOnce(new Error('down'));

    renderStudyAt('/study/review');

    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Failed to load review cards'));
    expect(screen.queryByText('Question 1')).not.toBeInTheDocument();
    expect(api.review).not.toHaveBeenCalled();
  });

  it('runs the same review session at /study/flashcards', async () => {
    const { api, user } = await startReview(studyCards(2), '/study/flashcards');

    expect(screen.getByRole('heading', { level: 1, name: 'Review Session' })).toBeInTheDocument();
    expect(api.startSession).toHaveBeenCalledWith({ session_type: 'review' });
    await user.click(screen.getByRole('button', { name: 'Show Answer' }));
    expect(ratingNames()).toHaveLength(4);
    await user.click(rating('Again'));
    expect(await screen.findByText('Card 2 of 2')).toBeInTheDocument();
    expect(sent(api, 0)[0]).toMatchObject({ cardId: 1, result: 0, sessionId: 77 });
  });
});

// ---- new-card session ----------------------------------------------------------------------

describe('New-card session', () => {
  it('studies at most the first 10 cards without repetitions, with Reveal Answer and three ratings', async () => {
    const cards = studyCards(13).map((card) => (card.id === 2 ? { ...card, repetitions: 3 } : card));
    const { api, user } = await startNew(cards, { due: [studyCard(90)] });

    expect(screen.getByText('New Card 1 of 10')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Learn New Cards' })).toBeInTheDocument();
    expect(api.reviewQueue).toHaveBeenCalledWith(10, { set: undefined, tag: undefined });
    expect(api.startSession).toHaveBeenCalledWith({ session_type: 'practice' });
    expect(screen.getByText('Question 1')).toBeInTheDocument();
    expect(screen.queryByText('Answer 1')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show Answer' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reveal Answer' }));

    expect(screen.getByText('Answer 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reveal Answer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hide Answer' })).not.toBeInTheDocument();
    expect(ratingNames()).toEqual(['Hard, next review in 6m', 'Good, next review in 1d', 'Easy, next review in 1mo']);

    now += 2500;
    await user.click(rating('Good'));

    // Card 2 has been studied before: the next new card is card 3.
    expect(await screen.findByText('New Card 2 of 10')).toBeInTheDocument();
    expect(screen.getByText('Question 3')).toBeInTheDocument();
    expect(screen.queryByText('Answer 3')).not.toBeInTheDocument();
    expect(sent(api, 0)[0]).toEqual({ cardId: 1, result: 2, timeSpent: 2500, sessionId: 77 });
    expect(sent(api, 0)[1]).toMatch(UUID);
  });

  it("shows an image occlusion's asked mask hidden, then its back in the front's place", async () => {
    const question = [
      '![Heart](heart.png)',
      '{{c1::image-occlusion:rect:left=.1:top=.2:width=.2:height=.1:oi=1}}',
      '{{c2::image-occlusion:rect:left=.5:top=.2:width=.2:height=.1:oi=1}}',
      '',
      'Name the chamber',
    ].join('\n');
    const { user } = await startNew([studyCard(1, { kind: 'occlusion', ord: 2, question, answer: 'Four in all' })]);
    const card = screen.getByRole('article', { name: 'Flashcard' });
    await waitFor(() => expect(card.querySelectorAll('.occlusion-mask')).toHaveLength(2));
    expect(card.querySelector('.occlusion-asked')).toHaveStyle({ left: '50%', width: '20%' });

    await user.click(screen.getByRole('button', { name: 'Reveal Answer' }));
    await waitFor(() => expect(card.querySelector('.occlusion-revealed')).toHaveStyle({ left: '50%' }));
    // One image: the back, the asked mask revealed, the other still hidden, and the extra.
    expect(card.querySelectorAll('.occlusion')).toHaveLength(1);
    expect(card.querySelector('.occlusion-asked')).toBeNull();
    expect(card.querySelectorAll('.occlusion-mask:not(.occlusion-revealed)')).toHaveLength(1);
    expect(within(card).getByText('Four in all')).toBeInTheDocument();
  });

  it('moves focus to the card when the focused button goes, and announces each card', async () => {
    const { api, user } = await startNew(studyCards(3));
    expect(screen.getByText('New Card 1 of 3')).toHaveAttribute('aria-live', 'polite');

    await user.click(screen.getByRole('button', { name: 'Reveal Answer' }));
    expect(screen.getByRole('region', { name: 'Answer' })).toHaveFocus();
    // Enter there does not rate: only the digits and the rating buttons do.
    await user.keyboard('{Enter}');
    expect(api.review).not.toHaveBeenCalled();

    await user.click(rating('Hard'));
    expect(await screen.findByText('New Card 2 of 3')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('article', { name: 'Flashcard' })).toHaveFocus());
    await user.keyboard(' ');
    expect(screen.getByRole('region', { name: 'Answer' })).toHaveFocus();
    await user.keyboard('1');
    expect(await screen.findByText('New Card 3 of 3')).toBeInTheDocument();

    // A button that stays (Undo) keeps its focus.
    screen.getByRole('button', { name: 'Undo last rating' }).focus();
    await user.keyboard(' ');
    expect(await screen.findByText('New Card 2 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Undo last rating' })).toHaveFocus();
  });

  it("completes with 'New Cards Learned!' and 'Learning session completed!'", async () => {
    const { api, user } = await startNew(studyCards(2));

    await user.click(screen.getByRole('button', { name: 'Reveal Answer' }));
    await user.click(rating('Hard'));
    await screen.findByText('New Card 2 of 2');
    await user.click(screen.getByRole('button', { name: 'Reveal Answer' }));
    await user.click(rating('Easy'));

    expect(await screen.findByRole('heading', { level: 1, name: 'New Cards Learned!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Study' })).toHaveAttribute('href', '/study');
    expect(screen.getByRole('link', { name: 'View Progress' })).toHaveAttribute('href', '/progress');
    expect(toasts.success).toHaveBeenCalledWith('Learning session completed!');
    expect(toasts.success).not.toHaveBeenCalledWith('Review session completed!');
    expect(api.review.mock.calls.map(([input]) => input.result)).toEqual([1, 3]);
    expect(api.endSession).toHaveBeenCalledWith(77, { cards_studied: 2, correct_count: 2 });
  });

  it.each([
    ['there are no new cards', [] as StudyCard[]],
    ['every card has been studied', studyCards(2, { repetitions: 1 })],
  ])("toasts 'No new cards available' and goes back to /study when %s", async (_, cards) => {
    const api = mockStudyApi(reviewQueue({ new: cards, due: studyCards(2) }));

    renderStudyAt('/study/new');

    expect(await screen.findByRole('heading', { level: 1, name: 'Study' })).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/study$/);
    expect(toasts.error).toHaveBeenCalledWith('No new cards available');
    expect(api.startSession).not.toHaveBeenCalled();
  });

  it("toasts 'Failed to load new cards' when the queue cannot be loaded", async () => {
    const api = mockStudyApi();
    api.reviewQueue.mockRejectedValueOnce(new Error('down'));

    renderStudyAt('/study/new');

    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Failed to load new cards'));
    expect(toasts.error).not.toHaveBeenCalledWith('Failed to load review cards');
    expect(await screen.findByRole('heading', { level: 1, name: 'Study' })).toBeInTheDocument();
  });
});

// ---- keyboard ------------------------------------------------------------------------------

describe('Keyboard', () => {
  it('Space and Enter show the answer; 1-4 rate Again, Hard, Good, Easy', async () => {
    const { api, user } = await startReview(studyCards(4));

    // No rating before the answer is shown.
    await user.keyboard('3');
    expect(api.review).not.toHaveBeenCalled();
    await user.keyboard(' ');
    expect(screen.getByText('Answer 1')).toBeInTheDocument();
    // Only four ratings.
    await user.keyboard('5');
    expect(api.review).not.toHaveBeenCalled();
    await user.keyboard('1');
    await screen.findByText('Card 2 of 4');

    await user.keyboard('{Enter}');
    expect(screen.getByText('Answer 2')).toBeInTheDocument();
    await user.keyboard('2');
    await screen.findByText('Card 3 of 4');
    await user.keyboard(' 3');
    await screen.findByText('Card 4 of 4');
    await user.keyboard(' 4');
    await screen.findByText('Session Complete!');

    expect(api.review.mock.calls.map(([input]) => [input.cardId, input.result])).toEqual([
      [1, 0],
      [2, 1],
      [3, 2],
      [4, 3],
    ]);
  });

  it('rates Hard, Good, Easy with 1-3 on the new-card screen', async () => {
    const { api, user } = await startNew(studyCards(3));

    await user.keyboard(' ');
    expect(screen.getByText('Answer 1')).toBeInTheDocument();
    await user.keyboard('4');
    expect(api.review).not.toHaveBeenCalled();
    await user.keyboard('1');
    await screen.findByText('New Card 2 of 3');
    await user.keyboard('{Enter}2');
    await screen.findByText('New Card 3 of 3');
    await user.keyboard(' 3');
    await screen.findByText('New Cards Learned!');

    expect(api.review.mock.calls.map(([input]) => input.result)).toEqual([1, 2, 3]);
  });

  it('u undoes the last rating and returns to that card, which is then rated with a new key', async () => {
    const { api, user } = await startReview();

    // Nothing to undo yet.
    await user.keyboard('u');
    expect(api.undo).not.toHaveBeenCalled();

    await user.keyboard(' 3');
    await screen.findByText('Card 2 of 3');
    expect(screen.getByRole('button', { name: 'Undo last rating' })).toBeEnabled();
    await user.keyboard('u');

    expect(await screen.findByText('Card 1 of 3')).toBeInTheDocument();
    expect(api.undo).toHaveBeenCalledTimes(1);
    expect(api.undo).toHaveBeenCalledWith(101);
    // The card as the server restored it, with its answer hidden again.
    expect(screen.getByText('Question 1 (restored)')).toBeInTheDocument();
    expect(screen.queryByText('Answer 1')).not.toBeInTheDocument();
    expect(progress()).toHaveAttribute('aria-valuenow', '0');
    expect(toasts.success).toHaveBeenCalledWith('Undid last rating');
    expect(screen.getByRole('button', { name: 'Undo last rating' })).toBeDisabled();

    await user.keyboard(' 2');
    await screen.findByText('Card 2 of 3');
    expect(api.review).toHaveBeenCalledTimes(2);
    expect(sent(api, 1)[0]).toMatchObject({ cardId: 1, result: 1 });
    expect(sent(api, 1)[1]).not.toBe(sent(api, 0)[1]);
  });

  it('undoes the newest of several ratings, and the button does the same', async () => {
    const { api, user } = await startReview();

    await user.keyboard(' 3');
    await screen.findByText('Card 2 of 3');
    await user.keyboard(' 1');
    await screen.findByText('Card 3 of 3');
    await user.click(screen.getByRole('button', { name: 'Undo last rating' }));

    expect(await screen.findByText('Card 2 of 3')).toBeInTheDocument();
    expect(api.undo).toHaveBeenCalledWith(102);
    expect(screen.getByText('Question 2 (restored)')).toBeInTheDocument();
    expect(progress()).toHaveAttribute('aria-valuenow', '1');
  });

  it('stays on the card when undo fails', async () => {
    const { api, user } = await startReview();
    api.undo.mockRejectedValueOnce(new Error('conflict'));

    await user.keyboard(' 3');
    await screen.findByText('Card 2 of 3');
    await user.keyboard(' u');

    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Could not undo the last rating'));
    expect(screen.getByText('Card 2 of 3')).toBeInTheDocument();
    // It was on the answer when u was pressed, and is again.
    expect(screen.getByText('Answer 2')).toBeInTheDocument();
    await waitFor(() => expect(rating('Good')).toBeEnabled());
  });

  it('ignores keys typed into a text field', async () => {
    const { api, user } = await startReview();
    const search = screen.getByRole('textbox', { name: 'Search' });

    await user.click(search);
    await user.keyboard(' {Enter}');
    expect(screen.queryByText('Answer 1')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show Answer' }));
    await user.click(search);
    await user.keyboard('3u');

    expect(search).toHaveValue(' 3u');
    expect(api.review).not.toHaveBeenCalled();
    expect(api.undo).not.toHaveBeenCalled();
    expect(screen.getByText('Card 1 of 3')).toBeInTheDocument();
    expect(screen.getByText('Answer 1')).toBeInTheDocument();
  });

  it('ignores digits pressed with a modifier (browser shortcuts)', async () => {
    const { api, user } = await startReview();

    await user.keyboard(' ');
    await user.keyboard('{Control>}3{/Control}{Meta>}3{/Meta}{Alt>}3{/Alt}');

    expect(api.review).not.toHaveBeenCalled();
    expect(screen.getByText('Answer 1')).toBeInTheDocument();
  });

  it('takes digits typed with Shift (AZERTY keyboards) and a capital U', async () => {
    const { api } = await startReview();

    fireEvent.keyDown(document.body, { key: ' ' });
    // AZERTY: the key labelled 1 types '&'; with Shift it types '1'.
    fireEvent.keyDown(document.body, { key: '1', code: 'Digit1', shiftKey: true });
    await screen.findByText('Card 2 of 3');
    expect(sent(api, 0)[0]).toMatchObject({ cardId: 1, result: 0 });

    fireEvent.keyDown(document.body, { key: 'U', shiftKey: true });
    expect(await screen.findByText('Card 1 of 3')).toBeInTheDocument();
    expect(api.undo).toHaveBeenCalledWith(101);
  });

  it('sends one rating for a double key press', async () => {
    const { api, user } = await startReview();
    const reply = deferred<ReviewResponse>();
    api.review.mockReturnValueOnce(reply.promise);

    await user.keyboard(' ');
    await user.keyboard('33');
    expect(api.review).toHaveBeenCalledTimes(1);

    await act(async () => reply.resolve({ card: studyCard(1), reviewId: 500, xpEarned: 10, leech: false }));
    expect(await screen.findByText('Card 2 of 3')).toBeInTheDocument();
    expect(screen.queryByText('Answer 2')).not.toBeInTheDocument();
    expect(api.review).toHaveBeenCalledTimes(1);
  });

  it('sends one rating for two presses arriving before React renders again, and none for a held key', async () => {
    const { api, user } = await startReview();
    await user.keyboard(' ');

    const press = (init: KeyboardEventInit) =>
      document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init }));
    act(() => {
      press({ key: '3' });
      press({ key: '4' });
      press({ key: '3', repeat: true });
    });

    expect(api.review).toHaveBeenCalledTimes(1);
    expect(sent(api, 0)[0]).toMatchObject({ cardId: 1, result: 2 });
    await screen.findByText('Card 2 of 3');

    // A key held down on the next card does not reveal it.
    fireEvent.keyDown(document.body, { key: ' ', repeat: true });
    expect(screen.queryByText('Answer 2')).not.toBeInTheDocument();
    expect(api.review).toHaveBeenCalledTimes(1);
  });

  it('lets Space press a focused button once instead of also toggling the answer', async () => {
    const { user } = await startReview();

    screen.getByRole('button', { name: 'Show Answer' }).focus();
    await user.keyboard(' ');
    expect(screen.getByText('Answer 1')).toBeInTheDocument();
    await user.keyboard(' ');
    expect(screen.queryByText('Answer 1')).not.toBeInTheDocument();
  });

  it('lets Enter press a focused button or link instead of showing the answer', async () => {
    const { api, user } = await startReview();
    await user.keyboard(' 3');
    await screen.findByText('Card 2 of 3');

    screen.getByRole('button', { name: 'Undo last rating' }).focus();
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Card 1 of 3')).toBeInTheDocument();
    expect(api.undo).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Answer 1')).not.toBeInTheDocument();

    screen.getByRole('link', { name: 'Back to Study' }).focus();
    await user.keyboard('{Enter}');
    expect(location()).toHaveTextContent(/^\/study$/);
  });
});

// ---- accessibility -------------------------------------------------------------------------

describe('Accessibility', () => {
  const everyButtonNamed = () => {
    const buttons = screen.getAllByRole('button');
    expect(buttons.length).toBeGreaterThan(0);
    for (const button of buttons) expect(button).toHaveAccessibleName();
  };

  it('names every button and labels the progress bar in the review session', async () => {
    const { user } = await startReview(studyCards(2));
    everyButtonNamed();
    expect(progress()).toHaveAttribute('aria-valuetext', '0 of 2 cards rated');
    await user.keyboard(' ');
    everyButtonNamed();
    expect(screen.getByRole('region', { name: 'Answer' })).toHaveTextContent('Answer 1');
  });

  it('names every button on the new-card screen', async () => {
    const { user } = await startNew(studyCards(2));
    everyButtonNamed();
    expect(progress()).toHaveAttribute('aria-valuemax', '2');
    await user.keyboard(' ');
    everyButtonNamed();
  });
});

// ---- small screens ---------------------------------------------------------------------------

describe('On a phone', () => {
  it('keeps the reveal control and the ratings together in the action bar, after the card face', async () => {
    const { user } = await startReview([studyCard(1, { answer: 'Line 1\nLine 2\nLine 3' })]);

    await user.click(screen.getByRole('button', { name: 'Show Answer' }));

    const bar = ratingGroup()!.closest('.study-actions');
    expect(bar).not.toBeNull();
    expect(bar).toContainElement(screen.getByRole('button', { name: 'Hide Answer' }));
    const face = screen.getByRole('article', { name: 'Flashcard' });
    expect(face.compareDocumentPosition(bar!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The answer keeps its line breaks (pre-wrap in study.css, checked below).
    expect(within(face).getByText(/Line 1/).textContent).toBe('Line 1\nLine 2\nLine 3');
  });

  it('makes the bar sticky at the bottom and the card face scroll inside itself (study.css)', () => {
    const css = readFileSync(join(__dirname, '..', 'study.css'), 'utf8');
    const phone = css.slice(css.indexOf('@media (max-width: 640px)'));
    expect(phone).not.toBe(css); // the phone block exists
    expect(phone).toMatch(/\.study-actions\s*\{[^}]*position:\s*sticky;[^}]*bottom:\s*0/);
    expect(phone).toMatch(/\.study-card\s*\{[^}]*max-height:[^}]*overflow-y:\s*auto/);
    expect(css).toMatch(/\.study-text\s*\{[^}]*overflow-wrap:\s*anywhere/);
  });
});

describe('Review session: relearning, scopes, setting cards aside', () => {
  it('brings a card rated Again back in the same session, marked, and completes only after it', async () => {
    const { api, user } = await startReview(studyCards(2));
    api.review.mockImplementationOnce(async () => ({
      card: studyCard(1, { state: 'relearning', due: new Date(now + 60_000).toISOString() }),
      reviewId: 900,
      xpEarned: 0,
      leech: false,
    }));
    await user.keyboard(' ');
    await user.click(rating('Again'));
    expect(await screen.findByText('Card 2 of 2')).toBeInTheDocument();
    expect(screen.queryByText('Again: back for another try')).not.toBeInTheDocument();
    await user.keyboard(' ');
    await user.click(rating('Good'));
    // Card 1 is back: still 'of 2' (distinct cards), with its marker, and no completion yet.
    await waitFor(() => expect(screen.getByText('Again: back for another try')).toBeInTheDocument());
    expect(screen.getByText('Card 2 of 2')).toBeInTheDocument();
    expect(screen.getByText('Question 1')).toBeInTheDocument();
    expect(screen.queryByText('Session Complete!')).not.toBeInTheDocument();
    await user.keyboard(' ');
    await user.click(rating('Good'));
    expect(await screen.findByText('Session Complete!')).toBeInTheDocument();
    expect(screen.getByText('You reviewed 2 cards. Great job!')).toBeInTheDocument();
    expect(api.review).toHaveBeenCalledTimes(3);
  });

  it('takes a new card through its learning steps in the new-card session until it graduates', async () => {
    const { api, user } = await startNew(studyCards(2));
    const answer = (card: StudyCard, reviewId: number) =>
      api.review.mockImplementationOnce(async () => ({ card, reviewId, xpEarned: 1, leech: false }));
    const minutes = (n: number) => new Date(now + n * 60_000).toISOString();
    // Hard repeats the first step (6m): within the learn-ahead, so back in this session.
    answer(studyCard(1, { state: 'learning', due: minutes(6) }), 900);
    await user.keyboard(' ');
    await user.click(rating('Hard'));
    expect(await screen.findByText('New Card 2 of 2')).toBeInTheDocument();
    // Good on the second card graduates it (a review state): it does not come back.
    answer(studyCard(2, { state: 'review', due: minutes(60 * 24) }), 901);
    await user.keyboard(' ');
    await user.click(rating('Good'));
    await waitFor(() => expect(screen.getByText('Again: back for another try')).toBeInTheDocument());
    expect(screen.getByText('New Card 2 of 2')).toBeInTheDocument();
    expect(screen.getByText('Question 1')).toBeInTheDocument();
    // Good moves card 1 to its next step (10m): back once more.
    answer(studyCard(1, { state: 'learning', due: minutes(10) }), 902);
    await user.keyboard(' ');
    await user.click(rating('Good'));
    await waitFor(() => expect(api.review).toHaveBeenCalledTimes(3));
    expect(screen.getByText('Again: back for another try')).toBeInTheDocument();
    expect(screen.queryByText('New Cards Learned!')).not.toBeInTheDocument();
    // A step beyond the learn-ahead (say 1h) waits for a later session: this one ends.
    answer(studyCard(1, { state: 'learning', due: minutes(60) }), 903);
    await user.keyboard(' ');
    await user.click(rating('Good'));
    expect(await screen.findByRole('heading', { level: 1, name: 'New Cards Learned!' })).toBeInTheDocument();
    expect(api.endSession).toHaveBeenCalledWith(77, { cards_studied: 4, correct_count: 4 });
  });

  it('E opens the card editor; keys typed there do not study; the saved text shows in the session', async () => {
    const { api, user } = await startReview(studyCards(2));
    const update = jest
      .spyOn(cardsApi, 'update')
      .mockImplementation(async (id, input) => ({ ...studyCard(id), ...input, kept: 'edit' }) as never);
    await user.keyboard('e');
    const dialog = await screen.findByRole('dialog', { name: 'Edit this card' });
    const question = within(dialog).getByLabelText('Question');
    await user.clear(question);
    await user.type(question, 'Question 1 edited 1 2 u');
    expect(api.review).not.toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: 'Answer' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(update).toHaveBeenCalledWith(1, { question: 'Question 1 edited 1 2 u', answer: 'Answer 1', tags: null });
    expect(screen.getByText('Question 1 edited 1 2 u')).toBeInTheDocument();
    expect(screen.getByText('Card 1 of 2')).toBeInTheDocument();
  });

  it("R plays the face's sounds: the question's, then once shown only the answer's", async () => {
    const played: Array<string | null> = [];
    // The files themselves never come (the test gives each its blob: URL below).
    jest.spyOn(apiClient, 'request').mockRejectedValue(new Error('no network in this test'));
    jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
    jest.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      played.push(this.getAttribute('data-media'));
      return Promise.resolve();
    });
    const card = studyCard(1, { question: 'Listen [sound:q.mp3]', answer: 'Bonjour [sound:a.mp3]' });
    const { user } = await startReview([card, ...studyCards(2).slice(1)]);
    const question = await waitFor(() => {
      const audio = document.querySelector<HTMLAudioElement>('audio[data-media="q.mp3"]');
      expect(audio).not.toBeNull();
      return audio!;
    });
    // The file's blob: URL arrives after the key: the sound starts then.
    await user.keyboard('r');
    expect(played).toEqual([]);
    question.setAttribute('src', 'blob:test/q');
    await waitFor(() => expect(played).toEqual(['q.mp3']));

    await user.keyboard(' ');
    const answer = await waitFor(() => {
      const audio = document.querySelector<HTMLAudioElement>('audio[data-media="a.mp3"]');
      expect(audio).not.toBeNull();
      return audio!;
    });
    answer.setAttribute('src', 'blob:test/a');
    await user.keyboard('R');
    await waitFor(() => expect(played).toEqual(['q.mp3', 'a.mp3']));
    // R never rated anything.
    expect(screen.getByText('Card 1 of 2')).toBeInTheDocument();
  });

  it('studies one set from the URL and says so', async () => {
    const cards = studyCards(2).map((card) => ({ ...card, category_id: 4, category_name: 'Biology' }));
    const { api } = await startReview(cards, '/study/review?set=4');
    expect(api.reviewQueue).toHaveBeenCalledWith(10, { set: 4, tag: undefined });
    expect(screen.getByText('Set: Biology')).toBeInTheDocument();
  });

  it('tells the learner when a card became a leech, and moves on', async () => {
    const { api, user } = await startReview(studyCards(2));
    api.review.mockImplementationOnce(async () => ({
      card: studyCard(1, { state: 'relearning', suspended: true }),
      reviewId: 901,
      xpEarned: 0,
      leech: true,
    }));
    await user.keyboard(' ');
    await user.click(rating('Again'));
    expect(await screen.findByText('Card 2 of 2')).toBeInTheDocument();
    expect(toasts.error).toHaveBeenCalledWith(expect.stringContaining('tagged leech and suspended'), {
      duration: 10_000,
    });
    // A leech does not come back in the session: rating card 2 completes it.
    await user.keyboard(' ');
    await user.click(rating('Good'));
    expect(await screen.findByText('Session Complete!')).toBeInTheDocument();
  });

  it('suspends or buries the current card: it leaves the session', async () => {
    const { api, user } = await startReview(studyCards(2));
    const action = jest
      .spyOn(spacedRepetitionApi, 'cardAction')
      .mockImplementation(async (id) => ({ card: studyCard(id, { suspended: true }) }));
    await user.click(screen.getByRole('button', { name: 'Suspend' }));
    expect(action).toHaveBeenCalledWith(1, 'suspend');
    expect(await screen.findByText('Question 2')).toBeInTheDocument();
    expect(toasts.success).toHaveBeenCalledWith('Card suspended: it stays out of your sessions until you unsuspend it');
    await user.click(screen.getByRole('button', { name: 'Bury until tomorrow' }));
    expect(action).toHaveBeenLastCalledWith(2, 'bury');
    // Nothing rated and nothing left: back to the hub.
    await waitFor(() => expect(location()).toHaveTextContent('/study'));
    expect(api.review).not.toHaveBeenCalled();
  });
});
