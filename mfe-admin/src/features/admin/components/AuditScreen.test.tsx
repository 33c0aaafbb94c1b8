import { screen, within } from '@testing-library/react';
import { adminApi } from '@flashcard/api-contract';
import { renderAdminApp, signInAs, signOut } from '../../../test/render';

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

afterEach(() => signOut());

describe('Audit screen', () => {
  it("tells a plain user 'Access Denied'", () => {
    signInAs('user');
    renderAdminApp('/admin/audit');
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(api.audit).not.toHaveBeenCalled();
  });

  it('lists who did what to whom and when, newest first', async () => {
    signInAs('admin');
    api.audit.mockResolvedValue({
      total: 2,
      limit: 20,
      offset: 0,
      events: [
        {
          id: 2,
          action: 'disable',
          actorId: 1,
          actorEmail: 'admin@example.com',
          targetId: 5,
          targetEmail: 'ann@example.com',
          detail: null,
          at: '2026-02-03T10:15:00.000Z',
        },
        {
          id: 1,
          action: 'role_change',
          actorId: 9,
          actorEmail: 'boss@example.com',
          targetId: 5,
          targetEmail: 'ann@example.com',
          detail: 'user -> admin',
          at: '2026-02-01T09:00:00.000Z',
        },
      ],
    });
    renderAdminApp('/admin/audit');
    const table = await screen.findByRole('table', { name: 'Admin actions' });
    const rows = within(within(table).getAllByRole('rowgroup')[1]).getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Disabled');
    expect(rows[0]).toHaveTextContent('ann@example.com');
    expect(rows[0]).toHaveTextContent('admin@example.com');
    expect(within(rows[0]).getByRole('rowheader')).toHaveTextContent('Feb 3, 2026');
    expect(rows[1]).toHaveTextContent('Role changed (user → admin)');
    expect(api.audit).toHaveBeenCalledWith(0, 20);
  });

  it('says when there is nothing yet', async () => {
    signInAs('super_admin');
    api.audit.mockResolvedValue({ total: 0, limit: 20, offset: 0, events: [] });
    renderAdminApp('/admin/audit');
    expect(await screen.findByText('No admin actions yet.')).toBeInTheDocument();
  });
});
