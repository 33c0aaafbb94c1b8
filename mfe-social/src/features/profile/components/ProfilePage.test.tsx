import { MemoryRouter } from 'react-router-dom';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders } from 'axios';
import { authApi, gamificationApi, type Profile as ProfileJson, type User } from '@flashcard/api-contract';
import { useAuthStore } from '@flashcard/shared-auth';
import Profile from '../../../Profile';

const user: User = {
  id: 7,
  email: 'ada@example.com',
  display_name: 'Ada Lovelace',
  role: 'admin',
  created_at: '2024-03-15T10:00:00Z',
};

const profile: ProfileJson = {
  id: 7,
  display_name: 'Ada Lovelace',
  experience_points: 350,
  level: 3,
  level_progress: { current: 50, next: 300 },
  achievements_unlocked: 2,
  tokens: 15,
  current_streak: 2,
  longest_streak: 5,
  cards: 12,
  reviews: 1234,
};

/** A refusal as the API answers it: `{ error }` in the body. */
function serverError(status: number, error: string) {
  const headers = new AxiosHeaders();
  return new AxiosError('Request failed', 'ERR_BAD_REQUEST', { headers }, undefined, {
    status,
    statusText: '',
    headers: {},
    config: { headers },
    data: { error },
  });
}

beforeEach(() => {
  useAuthStore.setState({ user, isAuthenticated: true, isLoading: false, error: null });
  jest.spyOn(gamificationApi, 'profile').mockResolvedValue(profile);
});

afterEach(() => {
  jest.restoreAllMocks();
  useAuthStore.setState({ user: null, isAuthenticated: false });
});

describe('Profile screen', () => {
  it('shows the signed-in user from the shared store', async () => {
    render(
      <MemoryRouter>
        <Profile />
      </MemoryRouter>,
    );
    await screen.findByRole('group', { name: 'Level' });

    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByTestId('profile-email')).toHaveTextContent('ada@example.com');
    expect(screen.getByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByText('Admin')).toBeInTheDocument();
    expect(screen.getByText('Member since March 2024')).toBeInTheDocument();
    // The e-mail appears exactly once, in the element the browser test reads.
    expect(screen.getAllByText('ada@example.com')).toHaveLength(1);
  });

  it('labels super admins and users without a display name', async () => {
    useAuthStore.setState({ user: { ...user, display_name: null, role: 'super_admin' } });

    render(
      <MemoryRouter>
        <Profile />
      </MemoryRouter>,
    );
    await screen.findByRole('group', { name: 'Level' });

    expect(screen.getByRole('heading', { name: 'No display name set' })).toBeInTheDocument();
    expect(screen.getByText('Super Admin')).toBeInTheDocument();
  });

  it('signs out through the shared store, which clears the session', async () => {
    const logoutCall = jest.spyOn(authApi, 'logout').mockResolvedValue({ message: 'ok' });

    render(
      <MemoryRouter>
        <Profile />
      </MemoryRouter>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(useAuthStore.getState().isAuthenticated).toBe(false));
    expect(useAuthStore.getState().user).toBeNull();
    expect(logoutCall).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('profile-email')).toBeEmptyDOMElement();
  });

  it('still signs out locally when the server call fails', async () => {
    jest.spyOn(authApi, 'logout').mockRejectedValue(new Error('server down'));

    render(
      <MemoryRouter>
        <Profile />
      </MemoryRouter>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(useAuthStore.getState().isAuthenticated).toBe(false));
    expect(useAuthStore.getState().user).toBeNull();
  });

  it("shows the learner's real numbers from the API, never sample ones", async () => {
    render(
      <MemoryRouter>
        <Profile />
      </MemoryRouter>,
    );

    const value = (name: string) =>
      within(screen.getByRole('group', { name })).getByText(/./, { selector: '.stat-value' });
    await screen.findByRole('group', { name: 'Level' });
    expect(value('Level')).toHaveTextContent('3');
    expect(value('Experience')).toHaveTextContent('350 XP');
    expect(value('Current Streak')).toHaveTextContent('2 days');
    expect(value('Longest Streak')).toHaveTextContent('5 days');
    expect(value('Cards')).toHaveTextContent('12');
    expect(value('Reviews')).toHaveTextContent('1,234');
    expect(value('Achievements Unlocked')).toHaveTextContent('2');
    expect(value('Tokens')).toHaveTextContent('15');
    expect(screen.getByRole('progressbar', { name: 'Progress to level 4' })).toHaveAttribute('aria-valuenow', '50');
    expect(screen.queryByText('14 days')).not.toBeInTheDocument();
    expect(screen.queryByText('156')).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Cards Mastered' })).not.toBeInTheDocument();
  });

  it('shows a new learner zeros, and a retry when the stats cannot be read', async () => {
    const call = jest
      .spyOn(gamificationApi, 'profile')
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValueOnce({
        ...profile,
        experience_points: 0,
        level: 1,
        current_streak: 0,
        longest_streak: 0,
        cards: 0,
        reviews: 0,
      });
    render(
      <MemoryRouter>
        <Profile />
      </MemoryRouter>,
    );

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load your learning stats');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    const longest = await screen.findByRole('group', { name: 'Longest Streak' });
    expect(longest).toHaveTextContent('0 days');
    expect(call).toHaveBeenCalledTimes(2);
  });

  describe('password change', () => {
    async function fill(oldPassword: string, newPassword: string, confirm = newPassword) {
      const ui = userEvent.setup();
      render(
        <MemoryRouter>
          <Profile />
        </MemoryRouter>,
      );
      await ui.type(screen.getByLabelText('Current password'), oldPassword);
      await ui.type(screen.getByLabelText('New password'), newPassword);
      await ui.type(screen.getByLabelText('Confirm new password'), confirm);
      await ui.click(screen.getByRole('button', { name: 'Change Password' }));
    }

    it('changes the password with the old and the new one', async () => {
      const call = jest.spyOn(authApi, 'changePassword').mockResolvedValue({
        success: true,
        message: 'Password changed successfully',
        tokens: { accessToken: 'new-access', refreshToken: 'new-refresh' },
      });
      await fill('old-secret', 'new-secret');
      expect(await screen.findByText('Password changed')).toBeInTheDocument();
      expect(call).toHaveBeenCalledWith('old-secret', 'new-secret');
      expect(screen.getByLabelText('Current password')).toHaveValue('');
    });

    it("shows the server's reason when the change is refused", async () => {
      jest.spyOn(authApi, 'changePassword').mockRejectedValue(serverError(400, 'Current password is incorrect'));
      await fill('wrong', 'new-secret');
      expect(await screen.findByRole('alert')).toHaveTextContent('Current password is incorrect');
    });

    it("falls back to 'Password change failed'", async () => {
      jest.spyOn(authApi, 'changePassword').mockRejectedValue(new Error('boom'));
      await fill('old-secret', 'new-secret');
      expect(await screen.findByRole('alert')).toHaveTextContent('Password change failed');
    });

    it('checks the length and the confirmation before calling', async () => {
      const call = jest.spyOn(authApi, 'changePassword');
      await fill('old-secret', 'short');
      expect(await screen.findByRole('alert')).toHaveTextContent('Password must be at least 6 characters long');
      await userEvent.setup().type(screen.getByLabelText('New password'), '-longer');
      await userEvent.setup().click(screen.getByRole('button', { name: 'Change Password' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Passwords do not match');
      expect(call).not.toHaveBeenCalled();
    });
  });
});
