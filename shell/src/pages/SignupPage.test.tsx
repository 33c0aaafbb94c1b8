import '@testing-library/jest-dom';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders } from 'axios';
import { MemoryRouter, useLocation } from 'react-router-dom';
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

jest.mock('../federation/RemoteArea', () => ({
  RemoteArea: ({ remote }: { remote: string }) => `Remote area ${remote}`,
  PendingArea: () => 'Waiting for the registry',
}));
jest.mock('../federation/platform', () => ({
  ...jest.requireActual('../federation/platform'),
  refreshManifest: jest.fn(() => new Promise(() => undefined)),
}));

const user: User = {
  id: 2,
  email: 'new@example.com',
  display_name: null,
  role: 'user',
  created_at: '2024-01-01T00:00:00Z',
};

function LocationProbe() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function renderSignup() {
  return render(
    <MemoryRouter initialEntries={['/signup']}>
      <App />
      <LocationProbe />
    </MemoryRouter>,
  );
}

async function fill(email: string, password: string, confirm: string) {
  if (email) await userEvent.type(screen.getByLabelText('Email'), email);
  if (password) await userEvent.type(screen.getByLabelText('Password'), password);
  if (confirm) await userEvent.type(screen.getByLabelText('Confirm Password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
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

const LABELS = { email: 'Email', password: 'Password', confirmPassword: 'Confirm Password' } as const;

describe('the checks before sending', () => {
  it.each([
    [
      '',
      '',
      '',
      { email: 'Email is required', password: 'Password is required', confirmPassword: 'Please confirm your password' },
    ],
    ['not-an-email', 'secret1', 'secret1', { email: 'Please enter a valid email address' }],
    ['a@b', 'secret1', 'secret1', { email: 'Please enter a valid email address' }],
    ['a@b.co', '12345', '12345', { password: 'Password must be at least 6 characters long' }],
    ['a@b.co', 'secret1', 'secret2', { confirmPassword: 'Passwords do not match' }],
    ['a@b.co', '123456', '123456', {}],
  ])('(%p, %p, %p)', async (email, password, confirm, expected: Partial<Record<keyof typeof LABELS, string>>) => {
    const register = jest.spyOn(authApi, 'register').mockReturnValue(new Promise(() => undefined));
    renderSignup();
    await fill(email, password, confirm);
    for (const field of Object.keys(LABELS) as (keyof typeof LABELS)[])
      expect(screen.getByLabelText(LABELS[field])).toHaveAccessibleDescription(expected[field] ?? '');
    // Only a form without a message is sent.
    expect(register).toHaveBeenCalledTimes(Object.keys(expected).length === 0 ? 1 : 0);
  });
});

describe('SignupPage', () => {
  it('has the three labelled fields and a link back to sign in', () => {
    renderSignup();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm Password')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('shows every required message and focuses the first field', async () => {
    const register = jest.spyOn(authApi, 'register');
    renderSignup();
    await fill('', '', '');
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(register).not.toHaveBeenCalled();
  });

  it.each([
    ['not-an-email', 'secret1', 'secret1', 'Please enter a valid email address', 'Email'],
    ['new@example.com', '12345', '12345', 'Password must be at least 6 characters long', 'Password'],
    ['new@example.com', 'secret1', 'secret2', 'Passwords do not match', 'Confirm Password'],
  ])('%p / %p / %p shows %p', async (email, password, confirm, message, field) => {
    const register = jest.spyOn(authApi, 'register');
    renderSignup();
    await fill(email, password, confirm);
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText(field)).toHaveAccessibleDescription(message);
    expect(screen.getByLabelText(field)).toHaveFocus();
    expect(register).not.toHaveBeenCalled();
  });

  it('registers with email, password and confirmPassword, then goes to /dashboard', async () => {
    let resolve!: (value: AuthResponse) => void;
    const register = jest.spyOn(authApi, 'register').mockReturnValue(new Promise((r) => (resolve = r)));
    renderSignup();
    await fill('new@example.com', 'secret1', 'secret1');

    expect(await screen.findByRole('button', { name: 'Creating account...' })).toBeDisabled();
    expect(register).toHaveBeenCalledWith({
      email: 'new@example.com',
      password: 'secret1',
      confirmPassword: 'secret1',
    });

    resolve({ user, tokens: { accessToken: 'a', refreshToken: 'r' }, message: 'ok' });
    expect(await screen.findByRole('heading', { name: 'Welcome back, new@example.com!' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
  });

  it("shows the server's refusal in the alert box, e.g. a password too easy to guess", async () => {
    const reason =
      'Choose a stronger password: Repeated characters like "aaa" are easy to guess. Add more words that are less common. Avoid repeated words and characters.';
    const headers = new AxiosHeaders();
    const refusal = new AxiosError('Request failed', 'ERR_BAD_REQUEST', { headers }, undefined, {
      status: 400,
      statusText: '',
      headers: {},
      config: { headers },
      data: { error: reason },
    });
    jest.spyOn(authApi, 'register').mockRejectedValue(refusal);
    renderSignup();
    await fill('new@example.com', 'aaaaaa', 'aaaaaa');
    expect(await screen.findByRole('alert')).toHaveTextContent(reason);
    expect(screen.getByRole('button', { name: 'Create account' })).toBeEnabled();
    expect(screen.getByTestId('location')).toHaveTextContent('/signup');
  });

  it("shows 'Registration failed' in the alert box when no tokens come back", async () => {
    jest.spyOn(authApi, 'register').mockResolvedValue({ user, message: 'nope' } as unknown as AuthResponse);
    renderSignup();
    await fill('new@example.com', 'secret1', 'secret1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration failed');
    expect(screen.getByRole('button', { name: 'Create account' })).toBeEnabled();
    expect(screen.getByTestId('location')).toHaveTextContent('/signup');
  });
});

// The dashboard's daily-bonus card asks too; these tests are not about it.
beforeEach(() => {
  jest.spyOn(dailyBonusApi, 'info').mockRejectedValue(new Error('not under test'));
});
