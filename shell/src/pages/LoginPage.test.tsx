import '@testing-library/jest-dom';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import {
  authApi,
  dashboardApi,
  notificationsApi,
  type AuthResponse,
  type User,
  dailyBonusApi,
} from '@flashcard/api-contract';
import { useAuthStore } from '@flashcard/shared-auth';
import { App } from '../App';
import { usePlatformStore } from '../federation/platform';
import { TEST_MANIFEST } from '../federation/testing';

// Remote areas cannot load in jsdom: each renders a stub naming the remote.
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
const okResponse: AuthResponse = { user, tokens: { accessToken: 'access', refreshToken: 'refresh' }, message: 'ok' };

function LocationProbe() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App />
      <LocationProbe />
    </MemoryRouter>,
  );
}

function serverError(message: string, status = 401) {
  const response = {
    data: { error: message },
    status,
    statusText: '',
    headers: {},
    config: { headers: new AxiosHeaders() },
  };
  return new AxiosError('Request failed', 'ERR_BAD_REQUEST', undefined, undefined, response as AxiosResponse);
}

beforeEach(() => {
  usePlatformStore.setState({ manifest: TEST_MANIFEST, failed: false, overridden: [] });
  localStorage.clear();
  // The top bar's bell polls the unread count: answer it here, not over the network.
  jest.spyOn(notificationsApi, 'unreadCount').mockResolvedValue({ count: 0 });
  useAuthStore.setState({ user: null, isAuthenticated: false, isLoading: false, error: null });
  jest.spyOn(dashboardApi, 'getDashboard').mockResolvedValue({
    userStats: { totalCardsStudied: 0, averageAccuracy: 0, currentStreak: 0 },
    recentSessions: [],
    dailyGoal: { cardsStudied: 0, dailyGoal: 15 },
  });
});

afterEach(() => jest.restoreAllMocks());

describe('LoginPage', () => {
  it('has labelled Email and Password fields, a Sign in button and a link to sign up', () => {
    renderAt('/login');
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });

  it('requires both fields without calling the server', async () => {
    const login = jest.spyOn(authApi, 'login');
    renderAt('/login');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(login).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(login).not.toHaveBeenCalled();
  });

  it("shows 'Signing in...' on a disabled button while working, then goes to /dashboard", async () => {
    let resolve!: (value: AuthResponse) => void;
    const login = jest.spyOn(authApi, 'login').mockReturnValue(new Promise((r) => (resolve = r)));
    renderAt('/login');
    await userEvent.type(screen.getByLabelText('Email'), ' ada@example.com ');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    expect(login).toHaveBeenCalledWith('ada@example.com', 'secret1');

    resolve(okResponse);
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada!' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
  });

  it("shows the server's error in an alert box and lets the user try again", async () => {
    jest.spyOn(authApi, 'login').mockRejectedValue(serverError('Invalid email or password'));
    renderAt('/login');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it("falls back to 'Login failed' when the answer has no access token", async () => {
    jest.spyOn(authApi, 'login').mockResolvedValue({ ...okResponse, tokens: undefined } as unknown as AuthResponse);
    renderAt('/login');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });

  it('links to "Forgot password?", which opens the reset request page', async () => {
    renderAt('/login');
    await userEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/forgot-password');
  });

  it('says the account was disabled when the session ended for that reason, until the next sign-in', async () => {
    useAuthStore.setState({ endedBecause: 'disabled' });
    jest.spyOn(authApi, 'login').mockRejectedValue(serverError('This account is disabled', 403));
    renderAt('/login');
    expect(screen.getByRole('alert')).toHaveTextContent('This account has been disabled.');

    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    // The server's own message now (the spec: login errors show it), in one alert.
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('This account is disabled'));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(useAuthStore.getState().endedBecause).toBeNull();
  });

  it('shows no reason after a session that ended without one', () => {
    useAuthStore.setState({ endedBecause: null });
    renderAt('/login');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('returns to the remembered page after signing in (replacing the login entry)', async () => {
    jest.spyOn(authApi, 'login').mockResolvedValue(okResponse);
    renderAt('/progress');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');

    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Remote area mfe_progress')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/progress'));
  });
});

// The dashboard's daily-bonus card asks too; these tests are not about it.
beforeEach(() => {
  jest.spyOn(dailyBonusApi, 'info').mockRejectedValue(new Error('not under test'));
});
