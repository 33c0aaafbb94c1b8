import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { useAuthStore } from '@flashcard/shared-auth';
import StandaloneSocialApp from './App';

// The router is under test, not the screens' data: every call stays pending (no network).
jest.mock('@flashcard/api-contract', () => {
  const pending = () => new Promise(() => undefined);
  const api = () => new Proxy({}, { get: () => pending });
  return { socialApi: api(), gamificationApi: api(), dashboardApi: api() };
});

beforeEach(() => {
  useAuthStore.setState({
    user: { id: 1, email: 'me@example.com', display_name: 'Me', role: 'user', created_at: '2025-01-01T00:00:00Z' },
    isAuthenticated: true,
  });
});

describe('standalone router', () => {
  it.each([
    ['/social', 'Social'],
    ['/achievements', 'Achievements'],
    ['/profile', 'Profile'],
    ['/', 'Social'],
  ])('%s shows %s', (path, heading) => {
    render(
      <MemoryRouter initialEntries={[path]}>
        <StandaloneSocialApp />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('moves between the three screens', async () => {
    render(
      <MemoryRouter initialEntries={['/social']}>
        <StandaloneSocialApp />
      </MemoryRouter>,
    );
    await userEvent.setup().click(screen.getByRole('link', { name: 'Profile' }));
    expect(screen.getByTestId('profile-email')).toHaveTextContent('me@example.com');
  });
});
