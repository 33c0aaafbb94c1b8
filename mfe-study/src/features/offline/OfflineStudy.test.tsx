// A review session with the network off, through the screen: the saved queue, ratings queued
// with their key and time, undo of a queued rating, the banner's count, and the sync once online.
import 'fake-indexeddb/auto';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders } from 'axios';
import { dashboardApi, learningApi, spacedRepetitionApi } from '@flashcard/api-contract';
import { useAuthStore } from '@flashcard/shared-auth';
import { renderStudyAt, reviewQueue, spyToasts, studyCard } from '../../test/study';
import { saveQueue } from './offline-queue';
import { useOfflineStudy } from './offline-study';
import { queuedReviews } from './review-outbox';
import { closeStudyDatabaseForTests } from './study-db';

const SAVED_AT = Date.parse('2026-11-27T08:42:00.000Z');
const networkDown = () => new AxiosError('Network Error', 'ERR_NETWORK', { headers: new AxiosHeaders() });

const dueCard = (id: number) =>
  studyCard(id, {
    state: 'review',
    repetitions: 2,
    due: '2026-11-20T00:00:00.000Z',
    memory: {
      stability: 6,
      difficulty: 5,
      elapsed_days: 6,
      scheduled_days: 6,
      learning_steps: 0,
      last_review: '2026-11-14T00:00:00.000Z',
    },
  });

beforeEach(async () => {
  await closeStudyDatabaseForTests();
  indexedDB.deleteDatabase('flashcard-study');
  spyToasts();
  useAuthStore.setState({ user: { id: 5, email: 'l@example.com', name: 'Learner', role: 'user' } as never });
  useOfflineStudy.setState({ online: true, waiting: 0, savedAt: null });
  await saveQueue(5, {}, reviewQueue({ due: [dueCard(1), dueCard(2)] }), SAVED_AT);
});

afterEach(() => jest.restoreAllMocks());

it('studies the saved cards offline, queues each rating with its key and time, and syncs them once online', async () => {
  jest.spyOn(learningApi, 'reviewQueue').mockRejectedValue(networkDown());
  const startSession = jest.spyOn(dashboardApi, 'startSession');
  const review = jest.spyOn(spacedRepetitionApi, 'review').mockRejectedValue(networkDown());
  const onLine = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  const user = userEvent.setup();
  renderStudyAt('/study/review');

  expect(await screen.findByText('Question 1')).toBeInTheDocument();
  expect(startSession).not.toHaveBeenCalled();
  const banner = screen.getByText(/^Offline —/).closest('[role="status"]')!;
  expect(banner).toHaveTextContent('Offline — 0 reviews waiting to sync');
  expect(banner).toHaveTextContent(/Showing the cards saved at/);

  await user.keyboard(' ');
  await user.keyboard('3'); // Good
  expect(await screen.findByText('Question 2')).toBeInTheDocument();
  await waitFor(() => expect(banner).toHaveTextContent('Offline — 1 review waiting to sync'));
  const [queued] = await queuedReviews(5);
  expect(queued).toMatchObject({ cardId: 1, result: 2, userId: 5 });
  expect(queued.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  expect(Date.parse(queued.reviewedAt)).not.toBeNaN();

  // Undo takes the queued rating back: card 1 again, nothing waits.
  await user.keyboard('u');
  expect(await screen.findByText('Question 1')).toBeInTheDocument();
  await waitFor(() => expect(banner).toHaveTextContent('Offline — 0 reviews waiting to sync'));
  expect(await queuedReviews(5)).toEqual([]);

  await user.keyboard(' ');
  await user.keyboard('1'); // Again: relearning, back within the session
  await user.keyboard(' ');
  await user.keyboard('4'); // Easy on card 2
  await waitFor(() => expect(banner).toHaveTextContent('Offline — 2 reviews waiting to sync'));
  expect(review).not.toHaveBeenCalled();

  // Online again: the outbox goes out in order, each rating with its key and time, once.
  review.mockImplementation(async (input) => ({
    card: dueCard(Number(input.cardId)),
    reviewId: 900 + Number(input.cardId),
    xpEarned: 10,
    leech: false,
  }));
  const waiting = await queuedReviews(5);
  onLine.mockReturnValue(true);
  await act(async () => {
    window.dispatchEvent(new Event('online'));
  });
  await waitFor(() => expect(banner).not.toBeVisible());
  expect(review.mock.calls).toEqual(
    waiting.map((r) => [
      { cardId: r.cardId, result: r.result, timeSpent: r.timeSpent, reviewedAt: r.reviewedAt },
      r.idempotencyKey,
    ]),
  );
  expect(review.mock.calls.map(([input]) => input.result)).toEqual([0, 3]);
  expect(await queuedReviews(5)).toEqual([]);
});

it('says the session cannot start offline when no queue was saved for the scope', async () => {
  jest.spyOn(learningApi, 'reviewQueue').mockRejectedValue(networkDown());
  const toasts = spyToasts();
  renderStudyAt('/study/review?set=9');
  await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Failed to load review cards', expect.anything()));
});

it('practises offline with the saved cards of the scope (practice reschedules nothing)', async () => {
  jest.spyOn(learningApi, 'custom').mockRejectedValue(networkDown());
  jest.spyOn(dashboardApi, 'startSession').mockRejectedValue(networkDown());
  const user = userEvent.setup();
  renderStudyAt('/study/timed');
  await user.click(await screen.findByRole('button', { name: 'Start Timed Practice' }));
  expect(await screen.findByText('Question 1')).toBeInTheDocument();
  expect(screen.getByText(/^Offline —/)).toBeInTheDocument();
});

it("asks multiple-choice questions offline, made from the saved cards by the server's rule", async () => {
  jest.spyOn(learningApi, 'multipleChoice').mockRejectedValue(networkDown());
  jest.spyOn(dashboardApi, 'startSession').mockRejectedValue(networkDown());
  renderStudyAt('/study/multiple-choice');
  // Two saved cards: each question offers both answers, one of them right.
  const choices = await screen.findAllByRole('button', { name: /Answer [12]/ });
  expect(choices).toHaveLength(2);
  expect(screen.getByText(/^Question [12]$/)).toBeInTheDocument();
});
