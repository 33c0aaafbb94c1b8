import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { toast } from 'react-hot-toast';
import { socialApi, type SocialProfile } from '@flashcard/api-contract';
import PublicProfile from '../../PublicProfile';

jest.mock('@flashcard/api-contract', () => ({
  socialApi: { profile: jest.fn(), follow: jest.fn(), unfollow: jest.fn(), sendFriendRequest: jest.fn() },
}));

const api = jest.mocked(socialApi);

const profile: SocialProfile = {
  id: 7,
  display_name: 'Nina Berg',
  level: 4,
  experience_points: 420,
  current_streak: 3,
  cards_count: 58,
  achievements_count: 5,
  is_friend: false,
  is_following: false,
};

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/profile/:id" element={<PublicProfile />} />
        <Route path="/social" element={<h1>Social page</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  jest.clearAllMocks();
  jest.spyOn(toast, 'success').mockImplementation(() => 'toast-id');
});
afterEach(() => jest.restoreAllMocks());

describe('public profile', () => {
  it('focuses its heading once loaded and links back (to Social when opened directly)', async () => {
    api.profile.mockResolvedValue(profile);
    renderAt('/profile/7');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Nina Berg' });
    expect(heading).toHaveFocus();
    await userEvent.click(screen.getByRole('link', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Social page' })).toBeInTheDocument();
  });

  it('focuses its heading beside the error of a profile one may not see', async () => {
    api.profile.mockRejectedValue(
      Object.assign(new Error('x'), {
        isAxiosError: true,
        response: { status: 404, data: { error: 'Learner not found' } },
      }),
    );
    renderAt('/profile/9');
    expect(await screen.findByRole('alert')).toHaveTextContent('Learner not found');
    expect(screen.getByRole('heading', { level: 1, name: 'Learner profile' })).toHaveFocus();
  });

  it('reads the id from the route and shows the public numbers', async () => {
    api.profile.mockResolvedValue(profile);
    renderAt('/profile/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nina Berg' })).toBeInTheDocument();
    expect(api.profile).toHaveBeenCalledWith(7);
    const region = screen.getByRole('region', { name: 'Public profile' });
    expect(region).toHaveTextContent('Level4');
    expect(region).toHaveTextContent('Experience points420');
    expect(region).toHaveTextContent('Current streak3 days');
    expect(region).toHaveTextContent('Cards58');
    expect(region).toHaveTextContent('Achievements5');
  });

  it('follows and sends a friend request', async () => {
    api.profile.mockResolvedValueOnce(profile).mockResolvedValue({ ...profile, is_following: true });
    api.follow.mockResolvedValue({ message: 'ok' });
    api.sendFriendRequest.mockResolvedValue({
      id: 1,
      direction: 'outgoing',
      user: { id: 7, display_name: 'Nina Berg' },
      email: null,
      created_at: '',
    });
    const user = userEvent.setup();
    renderAt('/profile/7');
    await user.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(api.follow).toHaveBeenCalledWith(7);
    expect(await screen.findByRole('button', { name: 'Unfollow' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add friend' }));
    expect(api.sendFriendRequest).toHaveBeenCalledWith({ userId: 7 });
  });

  it('shows the server message when the profile is private or missing', async () => {
    api.profile.mockRejectedValue(
      Object.assign(new Error('x'), {
        isAxiosError: true,
        response: { status: 404, data: { error: 'This profile does not exist or is private' } },
      }),
    );
    renderAt('/profile/9');
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });

  it('does not call the API for an id that names nobody', () => {
    renderAt('/profile/abc');
    expect(screen.getByRole('alert')).toHaveTextContent('This profile does not exist or is private');
    expect(api.profile).not.toHaveBeenCalled();
  });
});
