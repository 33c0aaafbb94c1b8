import { render, screen, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { dashboardApi, gamificationApi, type DashboardData, type StudySession } from '@flashcard/shared-auth';
import ProgressApp from '../../../App';

const HOUR = 3_600_000;

function session(id: number, overrides: Partial<StudySession>): StudySession {
  return {
    id,
    session_type: 'review',
    cards_studied: 10,
    accuracy: 80,
    started_at: new Date().toISOString(),
    created_at: new Date().toISOString(),
    ...overrides,
  };
}

function dashboard(recentSessions: StudySession[] = []): DashboardData {
  return {
    userStats: { totalCardsStudied: 42, averageAccuracy: 87, currentStreak: 5 },
    recentSessions,
    dailyGoal: { cardsStudied: 3, dailyGoal: 15 },
  };
}

function stat(label: string) {
  return within(screen.getByRole('group', { name: label }));
}

let toastError: jest.SpyInstance;

beforeEach(() => {
  toastError = jest.spyOn(toast, 'error').mockImplementation(() => 'toast-id');
});

afterEach(() => jest.restoreAllMocks());

describe('Progress screen', () => {
  it('shows the four stats from the dashboard and the XP from the gamification profile', async () => {
    jest.spyOn(dashboardApi, 'getDashboard').mockResolvedValue(dashboard());
    jest.spyOn(gamificationApi, 'profile').mockResolvedValue({ experience_points: 1250 });

    render(<ProgressApp />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Progress' })).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'Cards Studied' })).toBeInTheDocument();
    expect(stat('Cards Studied').getByText('42')).toBeInTheDocument();
    expect(stat('Success Rate').getByText('87%')).toBeInTheDocument();
    expect(stat('Study Streak').getByText('5 days')).toBeInTheDocument();
    expect(stat('XP Points').getByText('1250')).toBeInTheDocument();
    expect(toastError).not.toHaveBeenCalled();
  });

  it('falls back to 0 XP when the gamification call fails, without a toast', async () => {
    jest.spyOn(dashboardApi, 'getDashboard').mockResolvedValue(dashboard());
    jest.spyOn(gamificationApi, 'profile').mockRejectedValue(new Error('boom'));

    render(<ProgressApp />);

    expect(await screen.findByRole('group', { name: 'XP Points' })).toBeInTheDocument();
    expect(stat('XP Points').getByText('0')).toBeInTheDocument();
    expect(stat('Cards Studied').getByText('42')).toBeInTheDocument();
    expect(toastError).not.toHaveBeenCalled();
  });

  it("toasts 'Failed to load progress data' when the dashboard call fails", async () => {
    jest.spyOn(dashboardApi, 'getDashboard').mockRejectedValue(new Error('down'));
    jest.spyOn(gamificationApi, 'profile').mockResolvedValue({ experience_points: 10 });

    render(<ProgressApp />);

    expect(await screen.findByRole('group', { name: 'Cards Studied' })).toBeInTheDocument();
    expect(toastError).toHaveBeenCalledWith('Failed to load progress data');
    expect(stat('Cards Studied').getByText('0')).toBeInTheDocument();
    expect(screen.getByText(/No study sessions yet/)).toBeInTheDocument();
  });

  it('lists the latest 3 sessions with labels, cards, accuracy and relative time', async () => {
    const now = Date.now();
    jest.spyOn(dashboardApi, 'getDashboard').mockResolvedValue(
      dashboard([
        session(1, { session_type: 'practice', cards_studied: 12, accuracy: 75, created_at: new Date(now - 5 * 60_000).toISOString() }),
        session(2, { session_type: 'review', cards_studied: 8, accuracy: 90.4, created_at: new Date(now - 3 * HOUR).toISOString() }),
        session(3, { session_type: 'other', cards_studied: 6, accuracy: 50, created_at: new Date(now - 2 * 24 * HOUR).toISOString() }),
        session(4, { session_type: 'review', cards_studied: 99, accuracy: 10, created_at: new Date(now - 9 * 24 * HOUR).toISOString() }),
      ]),
    );
    jest.spyOn(gamificationApi, 'profile').mockResolvedValue({ experience_points: 0 });

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
});
