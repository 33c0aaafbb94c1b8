import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { toast } from 'react-hot-toast';
import { gamificationApi, socialApi, type FriendRequestList, type SocialConnection } from '@flashcard/api-contract';
import { useAuthStore } from '@flashcard/shared-auth';
import { relativeTime } from '@flashcard/shared-ui';
import Social from '../../../Social';

jest.mock('@flashcard/api-contract', () => ({
  socialApi: {
    friends: jest.fn(),
    following: jest.fn(),
    followers: jest.fn(),
    friendRequests: jest.fn(),
    feed: jest.fn(),
    privacy: jest.fn(),
    searchUsers: jest.fn(),
    sendFriendRequest: jest.fn(),
    acceptFriendRequest: jest.fn(),
    deleteFriendRequest: jest.fn(),
    removeFriend: jest.fn(),
    follow: jest.fn(),
    unfollow: jest.fn(),
    updatePrivacy: jest.fn(),
  },
  gamificationApi: { leaderboard: jest.fn() },
}));

const api = jest.mocked(socialApi);
const NOW = new Date('2025-03-10T12:00:00Z');

const maya: SocialConnection = { id: 2, display_name: 'Maya Chen', since: '2025-03-01T00:00:00Z' };
const leo: SocialConnection = { id: 3, display_name: 'Leo Park', since: '2025-03-02T00:00:00Z' };
const requests: FriendRequestList = {
  incoming: [
    {
      id: 10,
      direction: 'incoming',
      user: { id: 4, display_name: 'Sofia Rossi' },
      email: null,
      created_at: '2025-03-09T00:00:00Z',
    },
  ],
  outgoing: [
    {
      id: 11,
      direction: 'outgoing',
      user: { id: 5, display_name: 'Omar Ali' },
      email: null,
      created_at: '2025-03-09T00:00:00Z',
    },
  ],
};
/** What the API answers for a request by e-mail, whether or not anyone uses the address. */
const byEmail = {
  id: 12,
  direction: 'outgoing' as const,
  user: null,
  email: 'friend@example.com',
  created_at: '2025-03-10T00:00:00Z',
};

beforeEach(() => {
  jest.clearAllMocks();
  api.friends.mockResolvedValue([maya]);
  api.following.mockResolvedValue([leo]);
  api.followers.mockResolvedValue([maya]);
  api.friendRequests.mockResolvedValue(requests);
  api.feed.mockResolvedValue({
    items: [
      {
        id: 'session:1',
        type: 'session',
        user: { id: 2, display_name: 'Maya Chen' },
        message: 'Maya Chen finished a study session: 12 cards, 90% correct',
        details: { cards: 12, accuracy: 90 },
        created_at: '2025-03-10T11:55:00Z',
      },
      {
        id: 'achievement:1',
        type: 'streak',
        user: { id: 2, display_name: 'Maya Chen' },
        message: 'Maya Chen reached a 3-day study streak',
        details: { days: 3 },
        created_at: '2025-03-08T12:00:00Z',
      },
    ],
  });
  api.privacy.mockResolvedValue({ visibility: 'everyone' });
  jest.mocked(gamificationApi.leaderboard).mockResolvedValue({
    leaderboard: [
      { rank: 1, id: 2, display_name: 'Maya Chen', experience_points: 1200, level: 5 },
      { rank: 2, id: 8, display_name: 'Maya Chen', experience_points: 900, level: 4 },
      { rank: 3, id: 9, display_name: null, experience_points: 400, level: 2 },
      { rank: 4, id: 7, display_name: 'Ada', experience_points: 300, level: 2 },
    ],
    me: { rank: 4, experience_points: 300 },
  });
  jest.spyOn(toast, 'success').mockImplementation(() => 'toast-id');
});

afterEach(() => {
  jest.restoreAllMocks();
  useAuthStore.setState({ user: null });
});

async function renderSocial() {
  render(
    <MemoryRouter>
      <Social now={NOW} />
    </MemoryRouter>,
  );
  return screen.findByRole('list', { name: 'Friends' });
}

describe('Social screen', () => {
  it('shows friends, follows, requests and the feed with relative times', async () => {
    const friends = await renderSocial();
    expect(screen.getByRole('heading', { level: 1, name: 'Social' })).toBeInTheDocument();
    expect(within(friends).getByRole('link', { name: 'Maya Chen' })).toHaveAttribute('href', '/profile/2');
    expect(within(screen.getByRole('list', { name: 'Following' })).getByText('Leo Park')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Followers' })).getByText('Maya Chen')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Incoming requests' })).getByText('Sofia Rossi'),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Outgoing requests' })).getByText('Omar Ali')).toBeInTheDocument();

    const feed = screen.getByRole('list', { name: 'Activity feed' });
    const items = within(feed).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Maya Chen finished a study session: 12 cards, 90% correct 5 minutes ago');
    expect(items[1]).toHaveTextContent('Maya Chen reached a 3-day study streak 2 days ago');
  });

  it("links each leaderboard name to the learner's profile, oneself to one's own", async () => {
    useAuthStore.setState({
      user: { id: 7, email: 'ada@example.com', display_name: 'Ada', role: 'user', created_at: '2025-01-01T00:00:00Z' },
    });
    await renderSocial();
    const board = screen.getByRole('list', { name: 'Leaderboard' });
    const rows = within(board).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      '#1Maya ChenLearner #21,200 XP · Level 5',
      '#2Maya ChenLearner #8900 XP · Level 4',
      '#3Learner #9400 XP · Level 2',
      '#4Ada (you)Learner #7300 XP · Level 2',
    ]);
    // Two learners of one name: two links, to two profiles, told apart by their public ids.
    expect(within(rows[0]!).getByRole('link', { name: 'Maya Chen' })).toHaveAttribute('href', '/profile/2');
    expect(within(rows[1]!).getByRole('link', { name: 'Maya Chen' })).toHaveAttribute('href', '/profile/8');
    expect(within(rows[2]!).getByRole('link', { name: 'Learner #9' })).toHaveAttribute('href', '/profile/9');
    expect(within(rows[3]!).getByRole('link', { name: 'Ada (you)' })).toHaveAttribute('href', '/profile');
    expect(rows[3]).toHaveAttribute('aria-current', 'true');
    expect(screen.getByText('Your place: #4 with 300 XP')).toBeInTheDocument();
  });

  it('accepts, declines, cancels and removes, then reloads', async () => {
    api.acceptFriendRequest.mockResolvedValue(maya);
    api.deleteFriendRequest.mockResolvedValue({ message: 'ok' });
    api.removeFriend.mockResolvedValue({ message: 'Friend removed' });
    const user = userEvent.setup();
    await renderSocial();

    await user.click(screen.getByRole('button', { name: 'Accept Sofia Rossi' }));
    expect(api.acceptFriendRequest).toHaveBeenCalledWith(10);
    await user.click(screen.getByRole('button', { name: 'Decline Sofia Rossi' }));
    expect(api.deleteFriendRequest).toHaveBeenCalledWith(10);
    await user.click(screen.getByRole('button', { name: 'Cancel request to Omar Ali' }));
    expect(api.deleteFriendRequest).toHaveBeenCalledWith(11);
    await user.click(screen.getByRole('button', { name: 'Remove Maya Chen' }));
    expect(api.removeFriend).toHaveBeenCalledWith(2);
    await user.click(screen.getByRole('button', { name: 'Unfollow Leo Park' }));
    expect(api.unfollow).toHaveBeenCalledWith(3);
    await waitFor(() => expect(api.friends.mock.calls.length).toBeGreaterThanOrEqual(5));
    expect(toast.success).toHaveBeenCalledWith('Friend request accepted');
  });

  it('searches learners and sends a request or follows from the results', async () => {
    api.searchUsers.mockResolvedValue([
      { id: 7, display_name: 'Nina Berg', is_friend: false, is_following: false, request: null },
    ]);
    api.sendFriendRequest.mockResolvedValue(requests.outgoing[0]);
    api.follow.mockResolvedValue({ message: 'ok' });
    const user = userEvent.setup();
    await renderSocial();

    await user.type(screen.getByLabelText('Search learners by name'), 'nina');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(api.searchUsers).toHaveBeenCalledWith('nina');
    const results = await screen.findByRole('list', { name: 'Search results' });
    await user.click(within(results).getByRole('button', { name: 'Add friend: Nina Berg' }));
    expect(api.sendFriendRequest).toHaveBeenCalledWith({ userId: 7 });
    await user.click(within(results).getByRole('button', { name: 'Follow Nina Berg' }));
    expect(api.follow).toHaveBeenCalledWith(7);
  });

  it('links each result to its profile and tells learners of one name, or of none, apart', async () => {
    api.searchUsers.mockResolvedValue([
      { id: 7, display_name: 'Nina', is_friend: false, is_following: false, request: null },
      { id: 8, display_name: 'Nina', is_friend: false, is_following: false, request: null },
      { id: 1234, display_name: null, is_friend: false, is_following: false, request: null },
    ]);
    const user = userEvent.setup();
    await renderSocial();
    await user.type(screen.getByLabelText('Search learners by name'), 'nin');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const results = await screen.findByRole('list', { name: 'Search results' });
    const links = within(results).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Nina', '/profile/7'],
      ['Nina', '/profile/8'],
      ['Learner #1234', '/profile/1234'],
    ]);
    const items = within(results).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Learner #7');
    expect(items[1]).toHaveTextContent('Learner #8');
  });

  it('sends a request to a typed e-mail and then shows it pending by its address, naming no one', async () => {
    api.sendFriendRequest.mockResolvedValue(byEmail);
    const user = userEvent.setup();
    await renderSocial();
    expect(screen.getByLabelText('Send a friend request by e-mail')).toHaveAccessibleDescription(
      'If a learner uses this address, they will see your request. It stays pending here until it is accepted or you cancel it.',
    );
    api.friendRequests.mockResolvedValue({ ...requests, outgoing: [byEmail, ...requests.outgoing] });
    await user.type(screen.getByLabelText('Send a friend request by e-mail'), 'friend@example.com');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(api.sendFriendRequest).toHaveBeenCalledWith({ email: 'friend@example.com' });
    expect(toast.success).toHaveBeenCalledWith('Friend request sent');
    const outgoing = screen.getByRole('list', { name: 'Outgoing requests' });
    await waitFor(() => expect(within(outgoing).getAllByRole('listitem')).toHaveLength(2));
    expect(within(outgoing).getAllByRole('listitem')[0]).toHaveTextContent('friend@example.comPending');
    api.deleteFriendRequest.mockResolvedValue({ message: 'Friend request cancelled' });
    await user.click(within(outgoing).getByRole('button', { name: 'Cancel request to friend@example.com' }));
    expect(api.deleteFriendRequest).toHaveBeenCalledWith(12);
  });

  it('shows an outgoing request to a learner one may no longer see as "A learner"', async () => {
    api.friendRequests.mockResolvedValue({ incoming: [], outgoing: [{ ...requests.outgoing[0]!, user: null }] });
    await renderSocial();
    expect(within(screen.getByRole('list', { name: 'Outgoing requests' })).getByRole('listitem')).toHaveTextContent(
      'A learnerPending',
    );
  });

  it('sends a request to a typed e-mail and shows the server message on failure', async () => {
    api.sendFriendRequest.mockRejectedValue(
      Object.assign(new Error('x'), {
        isAxiosError: true,
        response: { status: 409, data: { error: 'You already sent a friend request to this address' } },
      }),
    );
    const user = userEvent.setup();
    await renderSocial();
    await user.type(screen.getByLabelText('Send a friend request by e-mail'), 'friend@example.com');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(api.sendFriendRequest).toHaveBeenCalledWith({ email: 'friend@example.com' });
    expect(await screen.findByRole('alert')).toHaveTextContent('You already sent a friend request to this address');
  });

  it('saves the privacy setting', async () => {
    api.updatePrivacy.mockResolvedValue({ visibility: 'friends' });
    const user = userEvent.setup();
    await renderSocial();
    const setting = screen.getByLabelText('Who can find me and see my profile');
    expect(setting).toHaveAccessibleDescription(expect.stringContaining('the leaderboard'));
    await user.selectOptions(setting, 'friends');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(api.updatePrivacy).toHaveBeenCalledWith('friends');
  });

  it('offers Retry when loading fails', async () => {
    api.friends.mockRejectedValueOnce(new Error('boom'));
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <Social now={NOW} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Could not load your friends and activity.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Friends' })).toBeInTheDocument();
  });
});

describe("the feed's relative times (shared-ui relativeTime, sentence style)", () => {
  it.each([
    ['2025-03-10T11:59:40Z', 'just now'],
    ['2025-03-10T11:59:00Z', '1 minute ago'],
    ['2025-03-10T09:00:00Z', '3 hours ago'],
    ['2025-03-09T11:00:00Z', 'yesterday'],
    ['2025-03-01T12:00:00Z', '9 days ago'],
  ])('%s -> %s', (iso, text) => expect(relativeTime(iso, { now: NOW, style: 'sentence' })).toBe(text));
});
