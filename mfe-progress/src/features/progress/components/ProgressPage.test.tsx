import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-hot-toast';
import {
  dashboardApi,
  gamificationApi,
  optimizerApi,
  workloadApi,
  spacedRepetitionApi,
  type DashboardData,
  type StudySession,
} from '@flashcard/api-contract';
import ProgressApp from '../../../App';
import { analytics, analyticsDays, NO_HISTORY, profile, WEEK_ANALYTICS } from '../testing/fixtures';

const HOUR = 3_600_000;

function session(id: number, overrides: Partial<StudySession>): StudySession {
  return {
    id,
    session_type: 'review',
    cards_studied: 10,
    accuracy: 80,
    started_at: new Date().toISOString(),
    ended_at: new Date().toISOString(),
    created_at: new Date().toISOString(),
    ...overrides,
  };
}

function dashboard(recentSessions: StudySession[] = []): DashboardData {
  return {
    // The session mean (averageAccuracy) differs on purpose: the screen shows successRate.
    userStats: {
      totalCardsStudied: 42,
      averageAccuracy: 50,
      currentStreak: 5,
      successRate: 87,
      totalReviews: 100,
      totalCards: 20,
    },
    recentSessions,
    dailyGoal: { cardsStudied: 3, dailyGoal: 15 },
  };
}

const YEAR_ANALYTICS = analytics(analyticsDays('2025-01-31', 365, { '2024-06-11': 12 }), 80);
const FORECAST = {
  days: analyticsDays('2025-03-01', 30).map((day, index) => ({ date: day.date, due: index === 0 ? 4 : 1 })),
};

function stat(label: string) {
  return within(screen.getByRole('group', { name: label }));
}

let toastError: jest.SpyInstance;
let getAnalytics: jest.SpyInstance;
let forecast: jest.SpyInstance;

beforeEach(() => {
  toastError = jest.spyOn(toast, 'error').mockImplementation(() => 'toast-id');
  jest.spyOn(dashboardApi, 'getDashboard').mockResolvedValue(dashboard());
  jest.spyOn(gamificationApi, 'profile').mockResolvedValue(profile(0));
  getAnalytics = jest
    .spyOn(dashboardApi, 'getAnalytics')
    .mockImplementation(async (days?: number) => (days === 7 ? WEEK_ANALYTICS : YEAR_ANALYTICS));
  forecast = jest.spyOn(spacedRepetitionApi, 'forecast').mockResolvedValue(FORECAST);
  jest.spyOn(optimizerApi, 'status').mockResolvedValue(NO_HISTORY);
  // The workload panel has its own tests: here it stays loading, so the page's lists and charts are the others'.
  jest.spyOn(workloadApi, 'simulate').mockReturnValue(new Promise(() => undefined));
});

afterEach(() => jest.restoreAllMocks());

describe('Progress screen', () => {
  it('shows the four stats from the dashboard and the XP from the gamification profile', async () => {
    jest.spyOn(gamificationApi, 'profile').mockResolvedValue(profile(1250));

    render(<ProgressApp />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Progress' })).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'Cards Studied' })).toBeInTheDocument();
    expect(stat('Cards Studied').getByText('42')).toBeInTheDocument();
    expect(stat('Success Rate').getByText('87%')).toBeInTheDocument();
    expect(stat('Study Streak').getByText('5 days')).toBeInTheDocument();
    expect(stat('XP Points').getByText('1250')).toBeInTheDocument();
    expect(screen.queryByText('XP could not be loaded.')).not.toBeInTheDocument();
    expect(toastError).not.toHaveBeenCalled();
  });

  it('reads a one-day streak in the singular and rounds the success rate', async () => {
    jest.spyOn(dashboardApi, 'getDashboard').mockResolvedValue({
      ...dashboard(),
      userStats: { totalCardsStudied: 3, averageAccuracy: 40, currentStreak: 1, successRate: 66.7 },
    });
    render(<ProgressApp />);
    expect(await screen.findByRole('group', { name: 'Study Streak' })).toHaveTextContent('1 day');
    expect(stat('Study Streak').queryByText('1 days')).not.toBeInTheDocument();
    expect(stat('Success Rate').getByText('67%')).toBeInTheDocument();
  });

  it('shows a dash for the success rate before any review', async () => {
    jest.spyOn(dashboardApi, 'getDashboard').mockResolvedValue({
      ...dashboard(),
      userStats: {
        totalCardsStudied: 0,
        averageAccuracy: 0,
        currentStreak: 0,
        successRate: null,
        totalReviews: 0,
        totalCards: 0,
      },
    });
    render(<ProgressApp />);
    expect(await screen.findByRole('group', { name: 'Success Rate' })).toHaveTextContent('—');
    expect(stat('Success Rate').getByText('No reviews yet.')).toBeInTheDocument();
    expect(stat('Success Rate').queryByText('0%')).not.toBeInTheDocument();
  });

  it('falls back to 0 XP when the gamification call fails, with a short note and no toast', async () => {
    jest.spyOn(gamificationApi, 'profile').mockRejectedValue(new Error('boom'));

    render(<ProgressApp />);

    expect(await screen.findByRole('group', { name: 'XP Points' })).toBeInTheDocument();
    expect(stat('XP Points').getByText('0')).toBeInTheDocument();
    expect(stat('XP Points').getByText('XP could not be loaded.')).toBeInTheDocument();
    expect(stat('Cards Studied').getByText('42')).toBeInTheDocument();
    expect(toastError).not.toHaveBeenCalled();
  });

  it("toasts 'Failed to load progress data' when the dashboard call fails", async () => {
    jest.spyOn(dashboardApi, 'getDashboard').mockRejectedValue(new Error('down'));
    jest.spyOn(gamificationApi, 'profile').mockResolvedValue(profile(10));

    render(<ProgressApp />);

    expect(await screen.findByRole('group', { name: 'Cards Studied' })).toBeInTheDocument();
    expect(toastError).toHaveBeenCalledTimes(1);
    expect(toastError).toHaveBeenCalledWith('Failed to load progress data');
    expect(stat('Cards Studied').getByText('0')).toBeInTheDocument();
    expect(stat('Success Rate').getByText('0%')).toBeInTheDocument();
    expect(stat('Study Streak').getByText('0 days')).toBeInTheDocument();
    expect(stat('XP Points').getByText('10')).toBeInTheDocument();
    expect(screen.getByText(/No study sessions yet/)).toBeInTheDocument();
    // The charts have their own calls and still show.
    expect(await screen.findByRole('img', { name: /^Reviews per day over the last 7 days/ })).toBeInTheDocument();
  });

  it('lists the latest 3 sessions with labels, cards, accuracy and relative time', async () => {
    const now = Date.now();
    jest.spyOn(dashboardApi, 'getDashboard').mockResolvedValue(
      dashboard([
        session(1, {
          session_type: 'practice',
          cards_studied: 12,
          accuracy: 75,
          created_at: new Date(now - 5 * 60_000).toISOString(),
        }),
        session(2, {
          session_type: 'review',
          cards_studied: 8,
          accuracy: 90.4,
          created_at: new Date(now - 3 * HOUR).toISOString(),
        }),
        session(3, {
          session_type: 'other',
          cards_studied: 6,
          accuracy: 50,
          created_at: new Date(now - 2 * 24 * HOUR).toISOString(),
        }),
        session(4, {
          session_type: 'review',
          cards_studied: 99,
          accuracy: 10,
          created_at: new Date(now - 9 * 24 * HOUR).toISOString(),
        }),
      ]),
    );

    render(<ProgressApp />);

    const list = await screen.findByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);

    expect(items[0]).toHaveTextContent('Completed practice session');
    expect(items[0]).toHaveTextContent('12 cards');
    expect(items[0]).toHaveTextContent('75% accuracy');
    expect(items[0]).toHaveTextContent('Just now');

    expect(items[1]).toHaveTextContent('Completed review session');
    expect(items[1]).toHaveTextContent('8 cards');
    expect(items[1]).toHaveTextContent('90% accuracy');
    expect(items[1]).toHaveTextContent('3h ago');

    expect(items[2]).toHaveTextContent('Studied 6 cards');
    expect(items[2]).toHaveTextContent('50% accuracy');
    expect(items[2]).toHaveTextContent('2d ago');

    // The fourth (oldest) session is cut off.
    expect(screen.queryByText(/99 cards/)).not.toBeInTheDocument();
  });

  it('asks for 7 days of analytics, a year of them and the forecast, and shows the three charts', async () => {
    render(<ProgressApp />);

    expect(
      await screen.findByRole('img', { name: /^Reviews per day over the last 7 days: 45 reviews/ }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('img', { name: /^Cards due over the next 30 days: 4 due today/ }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('img', { name: /^Review activity over the last 365 days: 12 reviews on 1 day/ }),
    ).toBeInTheDocument();
    expect(getAnalytics.mock.calls.map(([days]) => days).sort((a, b) => a - b)).toEqual([7, 365]);
    expect(forecast).toHaveBeenCalledTimes(1);
    expect(forecast).toHaveBeenCalledWith(30);
    expect(screen.getByRole('heading', { level: 2, name: 'Weekly Progress' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Upcoming Reviews' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Review Activity' })).toBeInTheDocument();
    expect(toastError).not.toHaveBeenCalled();
  });

  it('keeps the page when the secondary calls fail: a note per panel, and Retry reloads that panel', async () => {
    getAnalytics.mockRejectedValue(new Error('analytics down'));
    forecast.mockRejectedValue(new Error('forecast down'));

    render(<ProgressApp />);

    expect(await screen.findByText('Your weekly activity could not be loaded.')).toBeInTheDocument();
    expect(await screen.findByText('The review forecast could not be loaded.')).toBeInTheDocument();
    expect(await screen.findByText('Your review history could not be loaded.')).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'Cards Studied' })).toBeInTheDocument();
    expect(stat('Cards Studied').getByText('42')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Recent Activity' })).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(toastError).not.toHaveBeenCalled();

    getAnalytics.mockResolvedValue(WEEK_ANALYTICS);
    await userEvent.click(screen.getByRole('button', { name: 'Retry loading the weekly activity' }));
    expect(await screen.findByRole('img', { name: /^Reviews per day over the last 7 days/ })).toBeInTheDocument();
    expect(screen.queryByText('Your weekly activity could not be loaded.')).not.toBeInTheDocument();
    // Only that panel was asked again.
    expect(getAnalytics).toHaveBeenLastCalledWith(7);
    expect(forecast).toHaveBeenCalledTimes(1);
    expect(forecast).toHaveBeenCalledWith(30);
    expect(screen.getByText('The review forecast could not be loaded.')).toBeInTheDocument();
  });

  it('treats an answer without a days list as a failed panel, not a crash', async () => {
    forecast.mockResolvedValue({ unexpected: true });
    render(<ProgressApp />);
    expect(await screen.findByText('The review forecast could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry loading the review forecast' })).toBeInTheDocument();
  });
});
