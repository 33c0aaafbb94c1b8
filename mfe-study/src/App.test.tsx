import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dashboardApi, learningApi } from '@flashcard/api-contract';
import { deferred, mockStudyApi, renderStudyAt, reviewQueue, spyToasts, studyCard, studyCards } from './test/study';

let toasts: ReturnType<typeof spyToasts>;

beforeEach(() => {
  toasts = spyToasts();
});

afterEach(() => jest.restoreAllMocks());

const region = (name: string) => screen.getByRole('region', { name });
const location = () => screen.getByTestId('location');

describe('Study hub', () => {
  it('shows the due and new counts from the review queue, with their buttons enabled', async () => {
    // The counts are the server's totals, not the length of the (limited) lists it sends.
    const api = mockStudyApi(
      reviewQueue({
        dueCount: 42,
        newCount: 7,
        newWaiting: 54,
        newCardsPerDay: 20,
        due: studyCards(3),
        new: [],
        dailyGoal: { cardsStudied: 6, dailyGoal: 15 },
      }),
    );

    renderStudyAt('/study');

    expect(screen.getByRole('heading', { level: 1, name: 'Study' })).toBeInTheDocument();
    await within(region('Due for Review')).findByText('42');
    expect(within(region('Due for Review')).getByRole('button', { name: 'Start Review Session' })).toBeEnabled();
    // New cards to learn today (what today's allowance leaves), with those waiting beyond it.
    expect(within(region('New Cards')).getByText('7')).toBeInTheDocument();
    expect(within(region('New Cards')).getByText('to learn today')).toBeInTheDocument();
    expect(within(region('New Cards')).getByText('54 waiting, up to 20 new a day')).toBeInTheDocument();
    expect(within(region('New Cards')).getByRole('button', { name: 'Learn New Cards' })).toBeEnabled();
    // One call feeds the whole hub; the dashboard is not asked.
    expect(api.reviewQueue).toHaveBeenCalledTimes(1);
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it('disables both buttons while loading and when there is nothing to study', async () => {
    const queue = deferred<ReturnType<typeof reviewQueue>>();
    jest.spyOn(learningApi, 'reviewQueue').mockReturnValue(queue.promise);

    renderStudyAt('/study');

    expect(screen.getByRole('button', { name: 'Start Review Session' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Learn New Cards' })).toBeDisabled();
    expect(screen.getByText('Loading your daily goal...')).toBeInTheDocument();

    queue.resolve(reviewQueue({ dueCount: 0, newCount: 0 }));

    await screen.findByText('0/15');
    expect(within(region('Due for Review')).getByText('0')).toBeInTheDocument();
    expect(within(region('New Cards')).getByText('0')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Review Session' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Learn New Cards' })).toBeDisabled();
  });

  it('says why a button is disabled when there is nothing to start', async () => {
    mockStudyApi(reviewQueue({ dueCount: 0, newCount: 0 }));

    renderStudyAt('/study');

    expect(await within(region('Due for Review')).findByText('No cards are due right now.')).toBeVisible();
    expect(within(region('New Cards')).getByText('No new cards to learn right now.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Start Review Session' })).toHaveAccessibleDescription(
      'No cards are due right now.',
    );
    expect(screen.getByRole('button', { name: 'Learn New Cards' })).toHaveAccessibleDescription(
      'No new cards to learn right now.',
    );
  });

  it('gives no reason on a button that can start', async () => {
    mockStudyApi(reviewQueue({ dueCount: 2, newCount: 0 }));

    renderStudyAt('/study');

    await within(region('Due for Review')).findByText('2');
    expect(screen.getByRole('button', { name: 'Start Review Session' })).not.toHaveAccessibleDescription();
    expect(screen.queryByText('No cards are due right now.')).not.toBeInTheDocument();
    expect(screen.getByText('No new cards to learn right now.')).toBeInTheDocument();
  });

  it('enables each button on its own count', async () => {
    mockStudyApi(reviewQueue({ dueCount: 0, newCount: 3 }));

    renderStudyAt('/study');

    await within(region('New Cards')).findByText('3');
    expect(screen.getByRole('button', { name: 'Start Review Session' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Learn New Cards' })).toBeEnabled();
  });

  it.each([
    ['Start Review Session', '/study/review', 'Card 1 of 2'],
    ['Learn New Cards', '/study/new', 'New Card 1 of 2'],
  ])("'%s' opens %s", async (button, path, position) => {
    mockStudyApi(reviewQueue({ due: studyCards(2), new: studyCards(2) }));
    const user = userEvent.setup();

    renderStudyAt('/study');
    await waitFor(() => expect(screen.getByRole('button', { name: button })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: button }));

    expect(location()).toHaveTextContent(path);
    expect(await screen.findByText(position)).toBeInTheDocument();
  });

  it('shows the daily goal as studied/goal and percent complete', async () => {
    mockStudyApi(reviewQueue({ dailyGoal: { cardsStudied: 6, dailyGoal: 15 } }));

    renderStudyAt('/study');

    const goal = region('Daily Goal');
    expect(await within(goal).findByText('6/15')).toBeInTheDocument();
    expect(within(goal).getByText('40% complete')).toBeInTheDocument();
    const bar = within(goal).getByRole('progressbar', { name: 'Daily goal progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
  });

  it('uses the default goal of 15 when the server sends none, and caps at 100%', async () => {
    mockStudyApi(reviewQueue({ dailyGoal: { cardsStudied: 20 } as ReturnType<typeof reviewQueue>['dailyGoal'] }));

    renderStudyAt('/study');

    expect(await screen.findByText('20/15')).toBeInTheDocument();
    expect(screen.getByText('100% complete')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Daily goal progress' })).toHaveAttribute('aria-valuenow', '100');
  });

  it("toasts 'Failed to load study data' when the review queue cannot be loaded", async () => {
    jest.spyOn(learningApi, 'reviewQueue').mockRejectedValue(new Error('down'));
    const getDashboard = jest.spyOn(dashboardApi, 'getDashboard');

    renderStudyAt('/study');

    expect(await screen.findByText('Your daily goal could not be loaded.')).toBeInTheDocument();
    expect(toasts.error).toHaveBeenCalledTimes(1);
    expect(toasts.error).toHaveBeenCalledWith('Failed to load study data');
    expect(screen.getByRole('button', { name: 'Start Review Session' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Learn New Cards' })).toBeDisabled();
    expect(getDashboard).not.toHaveBeenCalled();
  });

  it('lists the study options, linked relative to where the shell mounted it', async () => {
    mockStudyApi();
    const user = userEvent.setup();

    renderStudyAt('/study');
    await screen.findByText('0/15');

    const options = screen.getByRole('region', { name: 'Study Options' });
    expect(
      within(options)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Flashcards', 'Multiple Choice', 'Timed Practice']);
    expect(screen.getByRole('link', { name: 'Start Flashcards' })).toHaveAttribute('href', '/study/flashcards');
    expect(screen.getByRole('link', { name: 'Start Multiple Choice' })).toHaveAttribute(
      'href',
      '/study/multiple-choice',
    );
    await user.click(screen.getByRole('link', { name: 'Start Timed Practice' }));

    expect(location()).toHaveTextContent('/study/timed');
    expect(screen.getByLabelText('Seconds per card')).toHaveValue('20');
    expect(screen.getByRole('button', { name: 'Start Timed Practice' })).toBeInTheDocument();
    expect(screen.queryByText('Coming soon')).not.toBeInTheDocument();
  });

  it('gives every button a name', async () => {
    mockStudyApi(reviewQueue({ dueCount: 1, newCount: 1 }));

    renderStudyAt('/study');
    await screen.findByText('0/15');

    const buttons = screen.getAllByRole('button');
    expect(buttons).toHaveLength(2);
    for (const button of buttons) expect(button).toHaveAccessibleName();
  });
});

describe('Practice modes and routes', () => {
  beforeEach(() => {
    mockStudyApi();
  });

  const question = (id: number, choices: string[], correct: number) => ({ card: studyCard(id), choices, correct });

  it('runs multiple choice: digits choose, the right answer shows, practice is recorded, a summary ends it', async () => {
    const multipleChoice = jest.spyOn(learningApi, 'multipleChoice').mockResolvedValue({
      questions: [question(1, ['Paris', 'Rome', 'Lima'], 0), question(2, ['Oslo', 'Bern', 'Riga'], 2)],
    });
    const record = jest.spyOn(dashboardApi, 'recordCardStudy').mockResolvedValue({ session: {} as never });
    const user = userEvent.setup();
    renderStudyAt('/study/multiple-choice?set=3');
    expect(await screen.findByText('Question 1 of 2')).toBeInTheDocument();
    expect(multipleChoice).toHaveBeenCalledWith({ set: 3, tag: undefined }, { limit: 10 });
    await user.keyboard('1');
    expect(screen.getByText('Right!')).toHaveAttribute('role', 'status');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Question 2 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Oslo/ }));
    expect(screen.getByText('Not quite: the right answer is marked.')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('button', { name: /Riga/ })).toHaveClass('practice-right');
    await user.click(screen.getByRole('button', { name: 'See results' }));
    expect(await screen.findByText('1 of 2 right')).toBeInTheDocument();
    await waitFor(() => expect(record).toHaveBeenCalledTimes(2));
    expect(record.mock.calls.map(([cardId, extra]) => [cardId, extra.correct])).toEqual([
      [1, true],
      [2, false],
    ]);
    expect(screen.getByText('Practice only: your review schedule does not change.')).toBeInTheDocument();
  });

  it("shows the server's reason when a set has too few answers for multiple choice", async () => {
    jest.spyOn(learningApi, 'multipleChoice').mockRejectedValue(
      Object.assign(new Error('422'), {
        isAxiosError: true,
        response: {
          status: 422,
          data: { error: 'Multiple choice needs at least two cards with different answers here' },
        },
      }),
    );
    renderStudyAt('/study/multiple-choice');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Multiple choice needs at least two cards with different answers here',
    );
  });

  it('runs timed practice: a countdown per card, running out counts, and a summary with the average time', async () => {
    jest.useFakeTimers({ now: 1_700_000_000_000 });
    try {
      jest.spyOn(learningApi, 'custom').mockResolvedValue({ cards: [studyCard(1), studyCard(2)] });
      jest.spyOn(dashboardApi, 'recordCardStudy').mockResolvedValue({ session: {} as never });
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      renderStudyAt('/study/timed');
      await user.selectOptions(screen.getByLabelText('Seconds per card'), '10');
      await user.click(screen.getByRole('button', { name: 'Start Timed Practice' }));
      expect(await screen.findByRole('timer', { name: 'Time left' })).toHaveTextContent('10 seconds');
      await act(async () => jest.advanceTimersByTime(4000));
      await user.click(screen.getByRole('button', { name: 'Show Answer' }));
      await user.click(screen.getByRole('button', { name: 'I knew it' }));
      expect(await screen.findByText('Question 2 of 2')).toBeInTheDocument();
      await act(async () => jest.advanceTimersByTime(10_500));
      expect(await screen.findByText('1 of 2 right')).toBeInTheDocument();
      expect(screen.getByText('1 ran out of time')).toBeInTheDocument();
      expect(screen.getByText(/^Average answer time: 4(\.\d)? s$/)).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('goes back to the hub from a practice mode', async () => {
    renderStudyAt('/study/multiple-choice');

    await userEvent.setup().click(screen.getByRole('link', { name: 'Back to Study' }));

    expect(location()).toHaveTextContent(/^\/study$/);
    expect(screen.getByRole('heading', { level: 1, name: 'Study' })).toBeInTheDocument();
    expect(await screen.findByText('0/15')).toBeInTheDocument();
  });

  it.each(['/study/nowhere', '/study/nowhere/deeper'])('sends the unknown sub-path %s to the hub', async (path) => {
    renderStudyAt(path);

    expect(await screen.findByRole('heading', { level: 1, name: 'Study' })).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/study$/);
    expect(await screen.findByText('0/15')).toBeInTheDocument();
  });
});
