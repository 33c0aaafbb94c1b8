import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminApi, type AdminOverview, type Role } from '@flashcard/api-contract';
import { useAuthStore } from '@flashcard/shared-auth';
import { renderAdminApp } from '../../../test/render';
import { makeUser } from '../admin-fixtures';

jest.mock('@flashcard/api-contract', () => ({
  ADMIN_PAGE_SIZE: 20,
  adminApi: {
    overview: jest.fn(),
    users: jest.fn(),
    setRole: jest.fn(),
    disable: jest.fn(),
    enable: jest.fn(),
    audit: jest.fn(),
  },
}));

const api = jest.mocked(adminApi);

const overview: AdminOverview = {
  totals: { users: 1248, activeToday: 31, cards: 18530, reviews: 90210, sessions: 6904 },
  recentUsers: Array.from({ length: 10 }, (_, i) =>
    makeUser(100 - i, i === 2 ? { role: 'admin', disabled: true, display_name: null } : {}),
  ),
};

beforeEach(() => {
  api.overview.mockReset().mockResolvedValue(overview);
});

function signInAs(role: Role) {
  useAuthStore.setState({
    user: {
      id: 1,
      email: 'signed-in@example.com',
      display_name: 'Signed In',
      role,
      created_at: '2025-01-01T00:00:00Z',
    },
    isAuthenticated: true,
    isLoading: false,
  });
}

afterEach(() => {
  jest.restoreAllMocks();
  useAuthStore.setState({ user: null, isAuthenticated: false });
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

  it.each<Role>(['admin', 'super_admin'])('shows the real totals and the 10 newest users to %s', async (role) => {
    signInAs(role);

    renderAdminApp();

    expect(screen.queryByText('Access Denied')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'Total Users' })).toHaveTextContent('1,248');
    expect(screen.getByRole('group', { name: 'Active Today' })).toHaveTextContent('31');
    expect(screen.getByRole('group', { name: 'Total Cards' })).toHaveTextContent('18,530');
    expect(screen.getByRole('group', { name: 'Total Reviews' })).toHaveTextContent('90,210');
    expect(screen.getByRole('group', { name: 'Study Sessions' })).toHaveTextContent('6,904');
    expect(api.overview).toHaveBeenCalledTimes(1);

    const table = screen.getByRole('table', { name: 'Recent Users' });
    const [head, body] = within(table).getAllByRole('rowgroup');
    expect(
      within(head)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['User', 'Role', 'Joined', 'Status']);
    expect(within(body).getAllByRole('row')).toHaveLength(10);
    expect(within(body).getAllByRole('rowheader')).toHaveLength(10);
    const third = within(body).getAllByRole('row')[2];
    expect(within(third).getByRole('rowheader')).toHaveTextContent('user98@example.com');
    expect(third).toHaveTextContent('Admin');
    expect(third).toHaveTextContent('Disabled');
    expect(within(body).getAllByRole('row')[0]).toHaveTextContent('User 100user100@example.com');
    // The table scrolls inside its own container on a phone.
    expect(table.parentElement).toHaveClass('admin-table-wrap');

    // The retired server consoles are linked no more: the spec's stats, quick actions and recent users.
    expect(screen.queryByRole('link', { name: /legacy|super admin/i })).not.toBeInTheDocument();
    expect(document.querySelector('a[href="/legacy-admin"], a[href="/super-admin"]')).toBeNull();
    expect(screen.getByRole('link', { name: 'Platform console' })).toHaveAttribute('href', '/admin/platform');

    // The signed-in e-mail belongs to the Profile screen only.
    expect(screen.queryByText('signed-in@example.com')).not.toBeInTheDocument();
  });

  it('sends an unknown sub-path back to the dashboard', async () => {
    signInAs('admin');
    renderAdminApp('/admin/nowhere');
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    await screen.findByRole('table');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/);
  });

  it('switches to Access Denied as soon as the shared store loses the admin role', async () => {
    signInAs('admin');
    renderAdminApp();
    expect(await screen.findByRole('table')).toBeInTheDocument();

    act(() => signInAs('user'));

    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
  });

  it('offers a Retry when the overview cannot be loaded', async () => {
    signInAs('admin');
    api.overview.mockRejectedValueOnce(new Error('offline'));
    renderAdminApp();
    const alert = await screen.findByRole('alert');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('group', { name: 'Total Users' })).toHaveTextContent('1,248');
  });

  it('leads every quick action to a real screen', async () => {
    signInAs('admin');
    renderAdminApp();
    const actions = within(screen.getByRole('region', { name: 'Quick Actions' }));
    expect(actions.getByRole('link', { name: 'Manage Users' })).toHaveAttribute('href', '/admin/users');
    expect(actions.getByRole('link', { name: 'Audit Log' })).toHaveAttribute('href', '/admin/audit');
    expect(actions.getByRole('link', { name: 'Platform Releases' })).toHaveAttribute('href', '/admin/platform');
    await screen.findByRole('table');
  });
});
