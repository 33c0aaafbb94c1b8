import '@testing-library/jest-dom';
import type { ReactElement } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, type InitialEntry } from 'react-router-dom';
import { authApi, dashboardApi, notificationsApi, type User, dailyBonusApi } from '@flashcard/api-contract';
import { useAuthStore } from '@flashcard/shared-auth';
import { App } from '../App';
import { usePlatformStore } from '../federation/platform';
import { TEST_MANIFEST } from '../federation/testing';
import { returnPath, RouteGuard } from './RouteGuard';

jest.mock('../federation/RemoteArea', () => ({
  RemoteArea: ({ remote }: { remote: string }) => `Remote area ${remote}`,
  PendingArea: () => 'Waiting for the registry',
}));
jest.mock('../federation/platform', () => ({
  ...jest.requireActual('../federation/platform'),
  refreshManifest: jest.fn(() => new Promise(() => undefined)),
}));

const user: User = {
  id: 1,
  email: 'ada@example.com',
  display_name: 'Ada',
  role: 'user',
  created_at: '2024-01-01T00:00:00Z',
};

function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

function setSignedIn(signedIn: boolean) {
  useAuthStore.setState(
    signedIn
      ? { user, isAuthenticated: true, isLoading: false, error: null }
      : { user: null, isAuthenticated: false, isLoading: false, error: null },
  );
}

function renderApp(entry: InitialEntry) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <App />
      <LocationProbe />
    </MemoryRouter>,
  );
}

const location = () => screen.getByTestId('location');

beforeEach(() => {
  usePlatformStore.setState({ manifest: TEST_MANIFEST, failed: false, overridden: [] });
  localStorage.clear();
  // The top bar's bell polls the unread count: answer it here, not over the network.
  jest.spyOn(notificationsApi, 'unreadCount').mockResolvedValue({ count: 0 });
  jest.spyOn(dashboardApi, 'getDashboard').mockResolvedValue({
    userStats: { totalCardsStudied: 0, averageAccuracy: 0, currentStreak: 0 },
    recentSessions: [],
    dailyGoal: { cardsStudied: 0, dailyGoal: 15 },
  });
});

afterEach(() => jest.restoreAllMocks());

describe('RouteGuard in the app', () => {
  it('sends a signed-out user from /progress to /login, and back to /progress after login', async () => {
    jest
      .spyOn(authApi, 'login')
      .mockResolvedValue({ user, tokens: { accessToken: 'a', refreshToken: 'r' }, message: 'ok' });
    setSignedIn(false);
    renderApp('/progress?range=week');
    expect(location()).toHaveTextContent('/login');
    expect(screen.queryByText('Remote area mfe_progress')).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Remote area mfe_progress')).toBeInTheDocument();
    expect(location()).toHaveTextContent('/progress?range=week');
  });

  it.each(['/dashboard', '/settings', '/cards/42', '/study/review', '/admin', '/profile'])('protects %s', (path) => {
    setSignedIn(false);
    renderApp(path);
    expect(location()).toHaveTextContent('/login');
  });

  it('sends a signed-in user on /login or /signup to /dashboard', async () => {
    setSignedIn(true);
    renderApp('/login');
    expect(location()).toHaveTextContent('/dashboard');
    await screen.findByText(/No recent activity yet/);
  });

  it('sends a signed-in user on /signup to /dashboard', async () => {
    setSignedIn(true);
    renderApp('/signup');
    expect(location()).toHaveTextContent('/dashboard');
    await screen.findByText(/No recent activity yet/);
  });

  it('sends a signed-in user on /login to the remembered page', () => {
    setSignedIn(true);
    renderApp({ pathname: '/login', state: { from: { pathname: '/cards', search: '?q=x', hash: '' } } });
    expect(location()).toHaveTextContent('/cards?q=x');
    expect(screen.getByText('Remote area mfe_cards')).toBeInTheDocument();
  });

  it.each([true, false])('redirects / and unknown paths to /dashboard (signed in: %s)', async (signedIn) => {
    setSignedIn(signedIn);
    renderApp('/no/such/page');
    // Signed out, the dashboard itself is guarded and goes on to /login.
    expect(location()).toHaveTextContent(signedIn ? '/dashboard' : '/login');
    if (signedIn) await screen.findByText(/No recent activity yet/);
  });

  it('lets a learner restored offline (the kept profile, no access token) into protected pages and areas', () => {
    useAuthStore.setState({ user, isAuthenticated: true, isOffline: true, isLoading: false, error: null });
    renderApp('/cards/42');
    expect(location()).toHaveTextContent('/cards/42');
    expect(screen.getByText('Remote area mfe_cards')).toBeInTheDocument();
  });

  it('redirects / to /dashboard', async () => {
    setSignedIn(true);
    renderApp('/');
    expect(location()).toHaveTextContent('/dashboard');
    await screen.findByText(/No recent activity yet/);
  });
});

describe('RouteGuard on its own', () => {
  function renderGuarded(element: ReactElement, path = '/secret') {
    return render(
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={element}>
            <Route path="/secret" element={<p>Secret page</p>} />
            <Route path="/guest" element={<p>Guest page</p>} />
          </Route>
          <Route path="/login" element={<p>Login page</p>} />
          <Route path="/dashboard" element={<p>Dashboard page</p>} />
        </Routes>
      </MemoryRouter>,
    );
  }

  it('requires auth by default', () => {
    setSignedIn(false);
    renderGuarded(<RouteGuard />);
    expect(screen.getByText('Login page')).toBeInTheDocument();
  });

  it('lets a signed-in user through by default', () => {
    setSignedIn(true);
    renderGuarded(<RouteGuard />);
    expect(screen.getByText('Secret page')).toBeInTheDocument();
  });

  it('shows a spinner on protected pages while the session is being checked', () => {
    useAuthStore.setState({ user: null, isAuthenticated: false, isLoading: true });
    renderGuarded(<RouteGuard />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  });

  it('renders a protected page at once for a stored session, and sends to /login when the check ends it', () => {
    useAuthStore.setState({ user, isAuthenticated: true, isLoading: true });
    renderGuarded(<RouteGuard />);
    expect(screen.getByText('Secret page')).toBeInTheDocument();
    act(() => useAuthStore.setState({ user: null, isAuthenticated: false, isLoading: false }));
    expect(screen.getByText('Login page')).toBeInTheDocument();
  });

  it('keeps guest pages mounted while a sign-in is in flight', () => {
    useAuthStore.setState({ user: null, isAuthenticated: false, isLoading: true });
    renderGuarded(<RouteGuard requireAuth={false} />, '/guest');
    expect(screen.getByText('Guest page')).toBeInTheDocument();
  });

  it('sends a signed-in user away from a guest page', async () => {
    setSignedIn(true);
    renderGuarded(<RouteGuard requireAuth={false} />, '/guest');
    await waitFor(() => expect(screen.getByText('Dashboard page')).toBeInTheDocument());
  });
});

describe('returnPath', () => {
  it('returns the remembered page with its query and hash', () => {
    expect(returnPath({ from: { pathname: '/progress', search: '?a=1', hash: '#x' } })).toBe('/progress?a=1#x');
  });

  it('defaults to /dashboard, and never returns to a guest page', () => {
    expect(returnPath(null)).toBe('/dashboard');
    expect(returnPath(undefined)).toBe('/dashboard');
    expect(returnPath({})).toBe('/dashboard');
    expect(returnPath({ from: { pathname: '/login' } })).toBe('/dashboard');
    expect(returnPath({ from: { pathname: '/signup' } })).toBe('/dashboard');
    expect(returnPath({ from: { pathname: '/forgot-password' } })).toBe('/dashboard');
    expect(returnPath({ from: { pathname: '/reset-password', search: '?token=x' } })).toBe('/dashboard');
    expect(returnPath({ from: { pathname: '/login-help' } })).toBe('/login-help');
  });
});

// The dashboard's daily-bonus card asks too; these tests are not about it.
beforeEach(() => {
  jest.spyOn(dailyBonusApi, 'info').mockRejectedValue(new Error('not under test'));
});
