import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuthStore } from '@flashcard/shared-auth';
import Social from '../../../Social';

beforeEach(() => {
  useAuthStore.setState({
    user: { id: 1, email: 'me@example.com', display_name: 'Me', role: 'user', created_at: '2025-01-01T00:00:00Z' },
    isAuthenticated: true,
  });
});

describe('Social screen', () => {
  it('shows the sample friends list and activity feed', () => {
    render(<Social />);

    expect(screen.getByRole('heading', { level: 1, name: 'Social' })).toBeInTheDocument();
    const friends = screen.getByRole('list', { name: 'Friends' });
    expect(within(friends).getAllByRole('listitem')).toHaveLength(5);
    expect(within(friends).getByText('Maya Chen')).toBeInTheDocument();

    const feed = screen.getByRole('list', { name: 'Activity Feed' });
    expect(within(feed).getAllByRole('listitem')).toHaveLength(5);
    expect(within(feed).getByText(/completed a review session/)).toBeInTheDocument();

    // The signed-in e-mail belongs to the Profile screen only.
    expect(screen.queryByText('me@example.com')).not.toBeInTheDocument();
  });

  it('filters friends by name through the labelled search box', async () => {
    const user = userEvent.setup();
    render(<Social />);

    await user.type(screen.getByLabelText('Search friends'), 'sofia');

    const friends = screen.getByRole('list', { name: 'Friends' });
    expect(within(friends).getAllByRole('listitem')).toHaveLength(1);
    expect(within(friends).getByText('Sofia Rossi')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Search friends'));
    await user.type(screen.getByLabelText('Search friends'), 'nobody');
    expect(screen.getByText('No friends match your search.')).toBeInTheDocument();
  });
});
