import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-hot-toast';
import { adminApi, type AdminUser } from '@flashcard/api-contract';
import { renderAdminApp, signInAs, signOut } from '../../../test/render';
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
// id 1 is the signed-in user (test/render.tsx).
const me = makeUser(1, { email: 'signed-in@example.com', role: 'super_admin' });
const ann = makeUser(2, { display_name: 'Ann', email: 'ann@example.com' });
const boss = makeUser(3, { display_name: null, email: 'boss@example.com', role: 'super_admin' });
const off = makeUser(4, { email: 'off@example.com', disabled: true });
const page = (users: AdminUser[], total = users.length, offset = 0) => ({ users, total, limit: 20, offset });

beforeEach(() => {
  api.users.mockReset().mockResolvedValue(page([ann, boss, off, me]));
  api.setRole.mockReset().mockImplementation(async (id, role) => ({ ...ann, id, role }));
  api.disable.mockReset().mockImplementation(async (id) => ({ ...ann, id, disabled: true }));
  api.enable.mockReset().mockImplementation(async (id) => ({ ...off, id, disabled: false }));
  jest.spyOn(toast, 'success').mockImplementation(() => 'toast-id');
});

afterEach(() => {
  jest.restoreAllMocks();
  signOut();
});

async function openUsers() {
  renderAdminApp('/admin/users');
  await screen.findByRole('heading', { level: 1, name: 'Users' });
  return screen.findByRole('table', { name: 'All users' });
}

describe('Users screen', () => {
  it("tells a plain user 'Access Denied' without calling the API", () => {
    signInAs('user');
    renderAdminApp('/admin/users');
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText('You need administrator privileges to access this page.')).toBeInTheDocument();
    expect(api.users).not.toHaveBeenCalled();
  });

  it('searches by e-mail or name with a labelled field and pages through the results', async () => {
    signInAs('admin');
    await openUsers();
    expect(api.users).toHaveBeenLastCalledWith('', 0, 20);
    const user = userEvent.setup();

    api.users.mockResolvedValue(
      page(
        Array.from({ length: 20 }, (_, i) => makeUser(100 + i)),
        45,
      ),
    );
    await user.type(screen.getByLabelText('Search by e-mail or name'), ' ann ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByRole('table', { name: 'Users matching "ann"' });
    expect(api.users).toHaveBeenLastCalledWith('ann', 0, 20);
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(pages).toHaveTextContent('1–20 of 45');
    expect(within(pages).getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(api.users).toHaveBeenLastCalledWith('ann', 20, 20));
    expect(await screen.findByText('21–40 of 45')).toBeInTheDocument();
  });

  it('lets an admin disable a user after confirming, but shows no role select and no button for a super_admin or themselves', async () => {
    signInAs('admin');
    const table = await openUsers();
    expect(within(table).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Disable boss@example.com' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /signed-in@example.com/ })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: 'Disable ann@example.com' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Confirm' });
    expect(dialog).toHaveTextContent('Disable Ann? They are signed out and cannot sign in until enabled.');
    expect(api.disable).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Disable ann@example.com' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Confirm' }));
    expect(api.disable).toHaveBeenCalledWith(2);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Ann is disabled'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await waitFor(() => expect(api.users).toHaveBeenCalledTimes(2));
  });

  it('enables a disabled user after confirming', async () => {
    signInAs('admin');
    const table = await openUsers();
    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: 'Enable off@example.com' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('Enable User 4? They can sign in again.');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(api.enable).toHaveBeenCalledWith(4);
  });

  it('lets a super_admin change a role (not their own) after confirming', async () => {
    signInAs('super_admin');
    const table = await openUsers();
    expect(within(table).queryByRole('combobox', { name: 'Role of signed-in@example.com' })).not.toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Disable boss@example.com' })).toBeInTheDocument();

    const user = userEvent.setup();
    const select = within(table).getByRole('combobox', { name: 'Role of ann@example.com' });
    await user.selectOptions(select, 'admin');
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Change the role of Ann to Admin?');
    expect(api.setRole).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(api.setRole).toHaveBeenCalledWith(2, 'admin');
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Ann is now Admin'));
  });

  it('keeps the confirmation open when the call fails (the client shows the error)', async () => {
    signInAs('super_admin');
    api.disable.mockRejectedValueOnce(new Error('403'));
    const table = await openUsers();
    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: 'Disable ann@example.com' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Confirm' })).toBeEnabled());
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('scrolls the table inside a positioned container and links back', async () => {
    signInAs('admin');
    const table = await openUsers();
    expect(table.parentElement).toHaveClass('admin-table-wrap');
    expect(screen.getByRole('link', { name: 'Back to Admin' })).toHaveAttribute('href', '/admin');
  });
});
