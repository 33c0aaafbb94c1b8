import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { toast } from 'react-hot-toast';
import { dashboardApi, type DashboardData } from '@flashcard/shared-auth';
import StudyApp from './App';

function Location() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

// Mounted the way the shell mounts it: under a /study/* splat route.
function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/study/*" element={<StudyApp />} />
      </Routes>
      <Location />
    </MemoryRouter>,
  );
}

function dashboard(dailyGoal: DashboardData['dailyGoal']): DashboardData {
  return {
    userStats: { totalCardsStudied: 0, averageAccuracy: 0, currentStreak: 0 },
    recentSessions: [],
    dailyGoal,
  };
}

let toastError: jest.SpyInstance;

beforeEach(() => {
  toastError = jest.spyOn(toast, 'error').mockImplementation(() => 'toast-id');
});

afterEach(() => jest.restoreAllMocks());

describe('Study hub', () => {
  it('shows the daily goal as studied/goal and percent complete', async () => {
    jest.spyOn(dashboardApi, 'getDashboard').mockResolvedValue(dashboard({ cardsStudied: 6, dailyGoal: 15 }));

    renderAt('/study');

    expect(screen.getByRole('heading', { level: 1, name: 'Study' })).toBeInTheDocument();
    expect(await screen.findByText('6/15')).toBeInTheDocument();
    expect(screen.getByText('40% complete')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Daily goal progress' })).toHaveAttribute('aria-valuenow', '40');
    expect(toastError).not.toHaveBeenCalled();
  });

  it('uses the default goal of 15 when the server sends none, and caps at 100%', async () => {
    jest.spyOn(dashboardApi, 'getDashboard').mockResolvedValue(
      dashboard({ cardsStudied: 20 } as DashboardData['dailyGoal']),
    );

    renderAt('/study');

    expect(await screen.findByText('20/15')).toBeInTheDocument();
    expect(screen.getByText('100% complete')).toBeInTheDocument();
  });

  it("toasts 'Failed to load study data' when the dashboard call fails", async () => {
    jest.spyOn(dashboardApi, 'getDashboard').mockRejectedValue(new Error('down'));

    renderAt('/study');

    expect(await screen.findByText('Your daily goal could not be loaded.')).toBeInTheDocument();
    expect(toastError).toHaveBeenCalledWith('Failed to load study data');
  });

  it('links to the study options relative to where the shell mounted it', async () => {
    jest.spyOn(dashboardApi, 'getDashboard').mockResolvedValue(dashboard({ cardsStudied: 0, dailyGoal: 15 }));
    const user = userEvent.setup();

    renderAt('/study');
    await screen.findByText('0/15');

    expect(screen.getByRole('link', { name: 'Start Flashcards' })).toHaveAttribute('href', '/study/flashcards');
    await user.click(screen.getByRole('link', { name: 'Start Timed Practice' }));

    expect(screen.getByTestId('location')).toHaveTextContent('/study/timed');
    expect(screen.getByText('Coming soon')).toBeInTheDocument();
  });
});

describe('Study placeholders', () => {
  beforeEach(() => {
    jest.spyOn(dashboardApi, 'getDashboard').mockResolvedValue(dashboard({ cardsStudied: 0, dailyGoal: 15 }));
  });

  it.each([
    ['/study/multiple-choice', 'Multiple Choice'],
    ['/study/timed', 'Timed Practice'],
    ['/study/review', 'Review Session'],
    ['/study/flashcards', 'Review Session'],
    ['/study/new', 'Learn New Cards'],
  ])("%s reads 'Coming soon'", (path, title) => {
    renderAt(path);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText('Coming soon')).toBeInTheDocument();
  });

  it('goes back to the hub from a placeholder', async () => {
    renderAt('/study/multiple-choice');

    await userEvent.setup().click(screen.getByRole('link', { name: 'Back to Study' }));

    expect(screen.getByTestId('location')).toHaveTextContent(/^\/study$/);
    expect(screen.getByRole('heading', { level: 1, name: 'Study' })).toBeInTheDocument();
    expect(await screen.findByText('0/15')).toBeInTheDocument();
  });

  it('sends unknown sub-paths to the hub', async () => {
    renderAt('/study/nowhere/deeper');

    expect(await screen.findByRole('heading', { level: 1, name: 'Study' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/study$/);
    expect(await screen.findByText('0/15')).toBeInTheDocument();
  });
});
