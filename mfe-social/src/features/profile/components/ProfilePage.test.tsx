import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authApi, type User } from '@flashcard/api-contract';
import { useAuthStore } from '@flashcard/shared-auth';
import Profile from '../../../Profile';

const user: User = {
  id: 7,
  email: 'ada@example.com',
  display_name: 'Ada Lovelace',
  role: 'admin',
  created_at: '2024-03-15T10:00:00Z',
};

beforeEach(() => {
  useAuthStore.setState({ user, token: 'access-token', isAuthenticated: true, isLoading: false, error: null });
});

afterEach(() => {
  jest.restoreAllMocks();
  useAuthStore.setState({ user: null, token: null, isAuthenticated: false });
});

describe('Profile screen', () => {
  it('shows the signed-in user from the shared store next to the sample content', () => {
    render(<Profile />);

    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByTestId('profile-email')).toHaveTextContent('ada@example.com');
    expect(screen.getByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByText('Admin')).toBeInTheDocument();
    expect(screen.getByText('Member since March 2024')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Cards Mastered' })).toBeInTheDocument();
    // The e-mail appears exactly once, in the element the browser test reads.
    expect(screen.getAllByText('ada@example.com')).toHaveLength(1);
  });

  it('labels super admins and users without a display name', () => {
    useAuthStore.setState({ user: { ...user, display_name: null, role: 'super_admin' } });

    render(<Profile />);

    expect(screen.getByRole('heading', { name: 'No display name set' })).toBeInTheDocument();
    expect(screen.getByText('Super Admin')).toBeInTheDocument();
  });

  it('signs out through the shared store, which clears the session', async () => {
    const logoutCall = jest.spyOn(authApi, 'logout').mockResolvedValue({ message: 'ok' });

    render(<Profile />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(useAuthStore.getState().isAuthenticated).toBe(false));
    expect(useAuthStore.getState().user).toBeNull();
    expect(useAuthStore.getState().token).toBeNull();
    expect(logoutCall).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('profile-email')).toBeEmptyDOMElement();
  });

  it('still signs out locally when the server call fails', async () => {
    jest.spyOn(authApi, 'logout').mockRejectedValue(new Error('server down'));

    render(<Profile />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(useAuthStore.getState().isAuthenticated).toBe(false));
    expect(useAuthStore.getState().user).toBeNull();
  });
});
