import '@testing-library/jest-dom';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import {
  dashboardApi,
  learningApi,
  type DashboardData,
  type Manifest,
  type SessionType,
  type StudySession,
  type User,
  dailyBonusApi,
} from '@flashcard/api-contract';
import { useAuthStore } from '@flashcard/shared-auth';
import { relativeTime } from '@flashcard/shared-ui';
import { usePlatformStore } from '../federation/platform';
import { TEST_MANIFEST } from '../federation/testing';
import { DashboardPage, EMPTY_ACTIVITY_TEXT, FIRST_STEP_TEXT, formatSuccessRate, sessionTitle } from './DashboardPage';

const user: User = {
  id: 1,
  email: 'ada@example.com',
  display_name: 'Ada',
  role: 'user',
  created_at: '2024-01-01T00:00:00Z',
};
const HOUR = 3_600_000;

function session(id: number, type: SessionType, cards: number, accuracy: number, hoursAgo: number): StudySession {
  const at = new Date(Date.now() - hoursAgo * HOUR).toISOString();
  return { id, session_type: type, cards_studied: cards, accuracy, started_at: at, ended_at: at, created_at: at };
}

function data(recentSessions: StudySession[], overrides: Partial<DashboardData> = {}): DashboardData {
  return {
    userStats: {
      totalCardsStudied: 120,
      averageAccuracy: 80,
      currentStreak: 4,
      successRate: 72.4,
      totalReviews: 140,
      totalCards: 30,
    },
    recentSessions,
    dailyGoal: { cardsStudied: 3, dailyGoal: 15 },
    ...overrides,
  };
}

/** A first-time learner: no card, no review (the dashboard then links to the cards area). */
const newLearner = () =>
  data([], { userStats: { ...data([]).userStats!, totalCardsStudied: 0, totalReviews: 0, totalCards: 0 } });

/** The manifest without these remotes, and with an area moved to another path. */
function manifestWithout(names: string[], moved: Record<string, string> = {}) {
  return {
    ...TEST_MANIFEST,
    remotes: TEST_MANIFEST.remotes
      .filter((remote) => !names.includes(remote.name))
      .map((remote) =>
        moved[remote.name]
          ? {
              ...remote,
              routes: [{ path: `${moved[remote.name]}/*`, module: './App' }],
              navigation: remote.navigation.map((entry) => ({ ...entry, path: moved[remote.name] })),
            }
          : remote,
      ),
  };
}

function renderDashboard(u: User | null = user, manifest: Manifest | null = TEST_MANIFEST) {
  useAuthStore.setState({ user: u, isAuthenticated: true, isLoading: false });
  usePlatformStore.setState({ manifest, failed: false, overridden: [] });
  return render(
    <MemoryRouter>
      <DashboardPage />
    </MemoryRouter>,
  );
}

function dueNow(dueCount: number) {
  return jest.spyOn(learningApi, 'reviewQueue').mockResolvedValue({
    dueCount,
    newCount: 0,
    due: [],
    new: [],
    dailyGoal: { cardsStudied: 0, dailyGoal: 15 },
    scheduler: { desiredRetention: 0.9, maximumInterval: 36_500, parameters: null },
  });
}

beforeEach(() => {
  dueNow(0);
});
afterEach(() => jest.restoreAllMocks());

describe('DashboardPage', () => {
  it('welcomes the user back and links the three tiles', async () => {
    jest.spyOn(dashboardApi, 'getDashboard').mockResolvedValue(data([]));
    renderDashboard();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada!' })).toBeInTheDocument();
    expect(screen.getByText('Here is where you left off.')).toBeInTheDocument();
    expect(screen.queryByText(FIRST_STEP_TEXT)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /My Cards/ })).toHaveAttribute('href', '/cards');
    expect(screen.getByRole('link', { name: /Study Session/ })).toHaveAttribute('href', '/study');
    expect(screen.getByRole('link', { name: /Progress/ })).toHaveAttribute('href', '/progress');
    await screen.findByText(EMPTY_ACTIVITY_TEXT);
  });

  it('falls back to the e-mail in the welcome text', async () => {
    jest.spyOn(dashboardApi, 'getDashboard').mockResolvedValue(data([]));
    renderDashboard({ ...user, display_name: null });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back, ada@example.com!' }),
    ).toBeInTheDocument();
    await screen.findByText(EMPTY_ACTIVITY_TEXT);
  });

  it('shows at most three recent sessions with type, cards, accuracy and relative time', async () => {
    jest
      .spyOn(dashboardApi, 'getDashboard')
      .mockResolvedValue(
        data([
          session(1, 'review', 12, 83.4, 0.2),
          session(2, 'practice', 1, 100, 5),
          session(3, 'other', 7, 50, 50),
          session(4, 'review', 9, 90, 100),
        ]),
      );
    renderDashboard();
    const region = screen.getByRole('region', { name: 'Recent Activity' });
    const items = await within(region).findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Completed review session');
    expect(items[0]).toHaveTextContent('12 cards · 83% accuracy');
    expect(items[0]).toHaveTextContent('Just now');
    expect(items[1]).toHaveTextContent('Completed practice session');
    expect(items[1]).toHaveTextContent('1 card · 100% accuracy');
    expect(items[1]).toHaveTextContent('5h ago');
    expect(items[2]).toHaveTextContent('Studied 7 cards');
    expect(items[2]).toHaveTextContent('2d ago');
    expect(screen.queryByText(EMPTY_ACTIVITY_TEXT)).not.toBeInTheDocument();
  });

  it('shows the daily goal and the streak', async () => {
    jest.spyOn(dashboardApi, 'getDashboard').mockResolvedValue(data([]));
    renderDashboard();
    const goal = screen.getByRole('region', { name: 'Daily Goal' });
    expect(await within(goal).findByText('3/15')).toBeInTheDocument();
    expect(within(goal).getByRole('progressbar', { name: 'Daily goal progress' })).toHaveAttribute(
      'aria-valuenow',
      '3',
    );
    expect(screen.getByRole('region', { name: 'Study Streak' })).toHaveTextContent('4 days');
    expect(screen.getByRole('region', { name: 'Study Streak' })).not.toHaveTextContent('freeze');
  });

  it('says when a streak freeze kept a day of the streak', async () => {
    const base = data([]);
    jest
      .spyOn(dashboardApi, 'getDashboard')
      .mockResolvedValue({ ...base, userStats: { ...base.userStats, currentStreak: 4, frozenDays: 1 } });
    renderDashboard();
    const streak = screen.getByRole('region', { name: 'Study Streak' });
    expect(await within(streak).findByText('Kept over 1 day by a streak freeze')).toBeInTheDocument();
    expect(streak).toHaveTextContent('4 days');
  });

  it('tells a first-time learner (no card, no review) what to do first', async () => {
    jest.spyOn(dashboardApi, 'getDashboard').mockResolvedValue(
      data([], {
        userStats: {
          totalCardsStudied: 0,
          averageAccuracy: 0,
          currentStreak: 0,
          successRate: null,
          totalReviews: 0,
          totalCards: 0,
        },
      }),
    );
    renderDashboard();
    expect(await screen.findByText(FIRST_STEP_TEXT, { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Ada!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My Cards' })).toHaveAttribute('href', '/cards');
    expect(screen.queryByText(/Welcome back/)).not.toBeInTheDocument();
    expect(screen.queryByText('Here is where you left off.')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Success Rate' })).toHaveTextContent('—');
  });

  it('shows the success rate from the API (correct reviews / all reviews)', async () => {
    jest.spyOn(dashboardApi, 'getDashboard').mockResolvedValue(data([]));
    renderDashboard();
    expect(await within(screen.getByRole('region', { name: 'Success Rate' })).findByText('72%')).toBeInTheDocument();
  });

  it('shows the cards due now with a Study now button', async () => {
    jest.spyOn(dashboardApi, 'getDashboard').mockResolvedValue(data([]));
    const call = dueNow(7);
    renderDashboard();
    const due = await screen.findByRole('region', { name: 'Due Now' });
    expect(due).toHaveTextContent('7 cards');
    expect(within(due).getByRole('link', { name: 'Study now' })).toHaveAttribute('href', '/study');
    expect(call).toHaveBeenCalledWith(0);
  });

  it('has no Study now button when nothing is due, and no due count when it cannot be read', async () => {
    jest.spyOn(dashboardApi, 'getDashboard').mockResolvedValue(data([]));
    const { unmount } = renderDashboard();
    const due = await screen.findByRole('region', { name: 'Due Now' });
    expect(due).toHaveTextContent('0 cards');
    expect(screen.queryByRole('link', { name: 'Study now' })).not.toBeInTheDocument();
    unmount();

    jest.spyOn(learningApi, 'reviewQueue').mockRejectedValue(new Error('down'));
    renderDashboard();
    await screen.findByText(EMPTY_ACTIVITY_TEXT);
    expect(screen.queryByRole('region', { name: 'Due Now' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Study now' })).not.toBeInTheDocument();
  });

  it("takes each area's link from the manifest, wherever the registry serves it", async () => {
    jest.spyOn(dashboardApi, 'getDashboard').mockResolvedValue(newLearner());
    dueNow(3);
    renderDashboard(user, manifestWithout([], { mfe_cards: '/decks', mfe_study: '/learn', mfe_progress: '/stats' }));
    expect(await screen.findByRole('link', { name: 'Go to My Cards' })).toHaveAttribute('href', '/decks');
    expect(screen.getByRole('link', { name: /^My Cards/ })).toHaveAttribute('href', '/decks');
    expect(screen.getByRole('link', { name: /Study Session/ })).toHaveAttribute('href', '/learn');
    expect(screen.getByRole('link', { name: /Progress/ })).toHaveAttribute('href', '/stats');
    expect(await screen.findByRole('link', { name: 'Study now' })).toHaveAttribute('href', '/learn');
  });

  it('shows no link to an area the manifest does not serve', async () => {
    jest.spyOn(dashboardApi, 'getDashboard').mockResolvedValue(newLearner());
    dueNow(3);
    renderDashboard(user, manifestWithout(['mfe_cards', 'mfe_study']));
    // The texts stay; only the links to the missing areas go.
    expect(await screen.findByText(FIRST_STEP_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Go to My Cards' })).not.toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Due Now' })).toHaveTextContent('3 cards');
    expect(screen.queryByRole('link', { name: 'Study now' })).not.toBeInTheDocument();
    const shortcuts = screen.getByRole('region', { name: 'Shortcuts' });
    expect(
      within(shortcuts)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/progress']);
  });

  it('has no shortcuts before the manifest arrives', async () => {
    jest.spyOn(dashboardApi, 'getDashboard').mockResolvedValue(data([]));
    renderDashboard(user, null);
    await screen.findByText(EMPTY_ACTIVITY_TEXT);
    expect(screen.queryByRole('region', { name: 'Shortcuts' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows the empty note when there is no activity', async () => {
    jest.spyOn(dashboardApi, 'getDashboard').mockResolvedValue(data([]));
    renderDashboard();
    expect(await screen.findByText(EMPTY_ACTIVITY_TEXT)).toBeInTheDocument();
  });

  it('shows the empty note and no made-up figures when the call fails', async () => {
    jest.spyOn(dashboardApi, 'getDashboard').mockRejectedValue(new Error('boom'));
    renderDashboard();
    expect(await screen.findByText(EMPTY_ACTIVITY_TEXT)).toBeInTheDocument();
    expect(screen.queryByText('0/15')).toBeNull();
    const goal = screen.getByRole('region', { name: 'Daily Goal' });
    expect(goal.querySelector('.stat-value')).toHaveTextContent('—');
  });

  it('offline, shows what it loaded last time and says from when', async () => {
    localStorage.clear();
    jest
      .spyOn(dashboardApi, 'getDashboard')
      .mockResolvedValueOnce(data([], { dailyGoal: { cardsStudied: 6, dailyGoal: 20 } }));
    const first = renderDashboard();
    expect(await screen.findByText('6/20')).toBeInTheDocument();
    first.unmount();
    const offline = Object.assign(new Error('Network Error'), { isAxiosError: true, response: undefined });
    jest.spyOn(dashboardApi, 'getDashboard').mockRejectedValue(offline);
    renderDashboard();
    expect(await screen.findByText(/^Offline — showing what was loaded at /)).toBeInTheDocument();
    expect(screen.getByText('6/20')).toBeInTheDocument();
  });
});

describe('the activity times (shared-ui relativeTime, compact style)', () => {
  const now = Date.parse('2024-05-10T12:00:00Z');
  it.each([
    ['2024-05-10T11:30:00Z', 'Just now'],
    ['2024-05-10T13:00:00Z', 'Just now'], // clock skew: never "in the future"
    ['2024-05-10T09:00:00Z', '3h ago'],
    ['2024-05-09T12:30:00Z', '23h ago'],
    ['2024-05-09T12:00:00Z', '1d ago'],
    ['2024-05-01T12:00:00Z', '9d ago'],
    ['not a date', ''],
  ])('%s -> %p', (iso, expected) => expect(relativeTime(iso, { now })).toBe(expected));
});

describe('formatSuccessRate', () => {
  it('rounds a rate and shows a dash before any review', () => {
    expect(formatSuccessRate(66.7)).toBe('67%');
    expect(formatSuccessRate(0)).toBe('0%');
    expect(formatSuccessRate(null)).toBe('—');
    expect(formatSuccessRate(undefined)).toBe('—');
  });
});

describe('sessionTitle', () => {
  it('names practice and review sessions, else counts the cards', () => {
    expect(sessionTitle(session(1, 'practice', 2, 0, 0))).toBe('Completed practice session');
    expect(sessionTitle(session(1, 'review', 2, 0, 0))).toBe('Completed review session');
    expect(sessionTitle(session(1, 'other', 2, 0, 0))).toBe('Studied 2 cards');
  });
});

// The dashboard's daily-bonus card asks too; these tests are not about it.
beforeEach(() => {
  jest.spyOn(dailyBonusApi, 'info').mockRejectedValue(new Error('not under test'));
});
