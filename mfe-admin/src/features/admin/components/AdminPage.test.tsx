import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import type { Role } from '@flashcard/api-contract';
import { useAuthStore } from '@flashcard/shared-auth';
import { renderAdminApp } from '../../../test/render';

function signInAs(role: Role) {
  useAuthStore.setState({
    user: { id: 1, email: 'signed-in@example.com', display_name: 'Signed In', role, created_at: '2025-01-01T00:00:00Z' },
    token: 'token',
    isAuthenticated: true,
    isLoading: false,
  });
}

afterEach(() => {
  jest.restoreAllMocks();
  useAuthStore.setState({ user: null, token: null, isAuthenticated: false });
});

describe('Admin screen', () => {
  it("tells a plain user 'Access Denied' and shows none of the admin content", () => {
    signInAs('user');

    renderAdminApp();

    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText('You need administrator privileges to access this page.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('denies access when nobody is signed in', () => {
    useAuthStore.setState({ user: null, isAuthenticated: false });
    renderAdminApp();
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
  });

  it.each<Role>(['admin', 'super_admin'])('shows the overview to %s', (role) => {
    signInAs(role);

    renderAdminApp();

    expect(screen.queryByText('Access Denied')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Total Users' })).toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'Recent Users' });
    const [head, body] = within(table).getAllByRole('rowgroup');
    expect(within(head).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Name',
      'Email',
      'Role',
      'Joined',
    ]);
    expect(within(body).getAllByRole('row')).toHaveLength(10);
    expect(within(body).getAllByRole('rowheader')).toHaveLength(10);

    expect(screen.getByRole('link', { name: 'Legacy Admin Panel' })).toHaveAttribute('href', '/legacy-admin');
    expect(screen.getByRole('link', { name: 'Super Admin Panel' })).toHaveAttribute('href', '/super-admin');
    expect(screen.getByRole('link', { name: 'Platform console' })).toHaveAttribute('href', '/admin/platform');

    // The signed-in e-mail belongs to the Profile screen only.
    expect(screen.queryByText('signed-in@example.com')).not.toBeInTheDocument();
  });

  it('sends an unknown sub-path back to the dashboard', () => {
    signInAs('admin');
    renderAdminApp('/admin/nowhere');
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/);
  });

  it('switches to Access Denied as soon as the shared store loses the admin role', () => {
    signInAs('admin');
    renderAdminApp();
    expect(screen.getByRole('table')).toBeInTheDocument();

    act(() => signInAs('user'));

    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
  });

  it('names every quick action and says, when pressed, that it is not available yet', async () => {
    signInAs('admin');

    // The shell renders the Toaster in the app; here the test brings its own, and the
    // matchMedia it asks about (jsdom has none).
    window.matchMedia ??= ((query: string) => ({ matches: false, media: query }) as MediaQueryList);
    renderAdminApp('/admin', <Toaster />);
    const buttons = ['Manage Users', 'View Reports', 'System Settings', 'Export Data'].map((name) =>
      screen.getByRole('button', { name }),
    );

    await userEvent.setup().click(buttons[2]);

    expect(await screen.findByText('System Settings is not available yet')).toBeInTheDocument();
  });
});
