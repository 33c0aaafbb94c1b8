import '@testing-library/jest-dom';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import {
  authApi,
  dashboardApi,
  notificationsApi,
  platformApi,
  type Role,
  type User,
  dailyBonusApi,
} from '@flashcard/api-contract';
import { STORAGE_KEYS, useAuthStore } from '@flashcard/shared-auth';
import { App } from '../App';
import { prepareArea } from '../federation/areas';
import { usePlatformStore } from '../federation/platform';
import { useUpdateStore } from '../offline/update-store';
import { TEST_MANIFEST } from '../federation/testing';

jest.mock('../federation/RemoteArea', () => ({
  RemoteArea: ({ remote, exposed }: { remote: string; exposed?: string }) =>
    `Remote area ${remote}${exposed ? ` ${exposed}` : ''}`,
  PendingArea: () => 'Waiting for the registry',
}));
jest.mock('../federation/areas', () => ({
  ...jest.requireActual('../federation/areas'),
  prepareArea: jest.fn(),
}));
jest.mock('../federation/platform', () => ({
  ...jest.requireActual('../federation/platform'),
  refreshManifest: jest.fn(() => new Promise(() => undefined)),
}));

const baseUser: User = {
  id: 1,
  email: 'ada@example.com',
  display_name: 'Ada',
  role: 'user',
  created_at: '2024-01-01T00:00:00Z',
};

function LocationProbe() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

async function renderSignedIn(path = '/dashboard', user: Partial<User> = {}) {
  const signedIn = { ...baseUser, ...user };
  localStorage.setItem(STORAGE_KEYS.sessionHint, '1');
  useAuthStore.setState({ user: signedIn, isAuthenticated: true, isLoading: false, error: null });
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <App />
      <LocationProbe />
    </MemoryRouter>,
  );
  // Let the dashboard's data load settle, so later assertions see a quiet page.
  if (path === '/dashboard') await screen.findByText(/No recent activity yet/);
  return view;
}

const mainNav = () => within(screen.getByRole('navigation', { name: 'Main' }));

beforeEach(() => {
  localStorage.clear();
  usePlatformStore.setState({ manifest: TEST_MANIFEST, failed: false, overridden: [] });
  jest.mocked(prepareArea).mockClear();
  jest.spyOn(dashboardApi, 'getDashboard').mockResolvedValue({
    userStats: { totalCardsStudied: 0, averageAccuracy: 0, currentStreak: 0 },
    recentSessions: [],
    dailyGoal: { cardsStudied: 0, dailyGoal: 15 },
  });
  jest.spyOn(notificationsApi, 'unreadCount').mockResolvedValue({ count: 0 });
});

afterEach(() => jest.restoreAllMocks());

describe('Layout navigation', () => {
  it('lists the entries with the current page marked', async () => {
    await renderSignedIn('/study/review');
    const links = mainNav().getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(
      ['Dashboard', 'Study', 'My Cards', 'Progress', 'Social', 'Achievements'].map((l) => expect.stringContaining(l)),
    );
    expect(mainNav().getByRole('link', { name: /Study/ })).toHaveAttribute('aria-current', 'page');
    expect(mainNav().getByRole('link', { name: /Dashboard/ })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('main')).toHaveTextContent('Remote area mfe_study');
  });

  it.each<[Role, boolean]>([
    ['user', false],
    ['admin', true],
    ['super_admin', true],
  ])('role %s sees Admin: %s', async (role, visible) => {
    await renderSignedIn('/dashboard', { role });
    expect(mainNav().queryByRole('link', { name: /Admin/ }) !== null).toBe(visible);
  });

  it('prepares a remote area when its entry is hovered or focused', async () => {
    await renderSignedIn();
    await userEvent.hover(mainNav().getByRole('link', { name: /My Cards/ }));
    expect(prepareArea).toHaveBeenLastCalledWith('mfe_cards', './App', '/cards');
    mainNav()
      .getByRole('link', { name: /Progress/ })
      .focus();
    expect(prepareArea).toHaveBeenLastCalledWith('mfe_progress', './App', '/progress');

    await userEvent.hover(mainNav().getByRole('link', { name: /Achievements/ }));
    expect(prepareArea).toHaveBeenLastCalledWith('mfe_social', './Achievements', '/achievements');

    jest.mocked(prepareArea).mockClear();
    await userEvent.hover(mainNav().getByRole('link', { name: /Dashboard/ }));
    expect(prepareArea).not.toHaveBeenCalled();
  });

  it("offers a waiting release on the shell's pages only, never inside an area", async () => {
    const apply = jest.fn();
    useUpdateStore.setState({ waiting: true, apply });
    try {
      await renderSignedIn('/cards');
      expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
      await userEvent.click(mainNav().getByRole('link', { name: /Dashboard/ }));
      expect(await screen.findByText('Update available —')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
      expect(apply).toHaveBeenCalledTimes(1);
    } finally {
      useUpdateStore.setState({ waiting: false, apply: null });
    }
  });

  it('says in the top bar while the browser is offline, and nothing online', async () => {
    const onLine = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    try {
      await renderSignedIn();
      const status = document.querySelector('.shell-offline')!;
      expect(status).toHaveAttribute('role', 'status');
      expect(status).toBeEmptyDOMElement();
      onLine.mockReturnValue(false);
      act(() => {
        window.dispatchEvent(new Event('offline'));
      });
      expect(status).toHaveTextContent('Offline');
      onLine.mockReturnValue(true);
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
      expect(status).toBeEmptyDOMElement();
    } finally {
      onLine.mockRestore();
    }
  });

  it('has the search box, the bell and the user menu in the top bar', async () => {
    await renderSignedIn();
    const search = screen.getByRole('combobox', { name: 'Search' });
    expect(search).toHaveAttribute('placeholder', 'Search cards, sets, or users...');
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'User menu' })).toHaveTextContent('A');
  });

  it('shows the unread count on the bell, and its dialog closes on Escape back to the bell', async () => {
    jest.mocked(notificationsApi.unreadCount).mockResolvedValue({ count: 3 });
    jest.spyOn(notificationsApi, 'list').mockResolvedValue({
      notifications: [
        {
          id: 1,
          type: 'achievement',
          params: null,
          title: 'First Steps',
          message: 'You reviewed your first card.',
          read: false,
          created_at: new Date().toISOString(),
        },
      ],
      unreadCount: 3,
    });
    await renderSignedIn();
    const bell = await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    await userEvent.click(bell);
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(dialog).findByText('First Steps')).toBeInTheDocument();
    // Escape closes the dialog only: the mobile menu stays as it was.
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bell).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
  });

  it('shows the e-mail letter in the avatar when there is no display name', async () => {
    await renderSignedIn('/dashboard', { display_name: null, email: 'zed@example.com' });
    expect(screen.getByRole('button', { name: 'User menu' })).toHaveTextContent('Z');
  });
});

describe('mobile menu', () => {
  it('opens and closes with the button, on Escape and on navigation', async () => {
    await renderSignedIn();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Close menu');
    expect(mainNav().getByRole('link', { name: /Dashboard/ })).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();

    await userEvent.click(toggle);
    await userEvent.click(mainNav().getByRole('link', { name: /Progress/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/progress');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('user menu', () => {
  it('opens with the keyboard, moves with arrows, and Escape closes it and returns focus', async () => {
    await renderSignedIn();
    const button = screen.getByRole('button', { name: 'User menu' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');

    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const items = within(screen.getByRole('menu')).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Your Profile', 'Settings', 'Sign out']);
    expect(items[0]).toHaveAttribute('href', '/profile');
    expect(items[1]).toHaveAttribute('href', '/settings');
    expect(items[0]).toHaveFocus();

    await userEvent.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(items[2]).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on a click outside', async () => {
    await renderSignedIn();
    await userEvent.click(screen.getByRole('button', { name: 'User menu' }));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('heading', { name: 'Welcome back, Ada!' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('goes to Settings and Your Profile', async () => {
    await renderSignedIn();
    await userEvent.click(screen.getByRole('button', { name: 'User menu' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Settings' }));
    expect(screen.getByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'User menu' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Your Profile' }));
    expect(screen.getByRole('main')).toHaveTextContent('Remote area mfe_social ./Profile');
  });

  it('Sign out clears the store and stored session and lands on /login', async () => {
    const logout = jest.spyOn(authApi, 'logout').mockResolvedValue({ message: 'ok' });
    await renderSignedIn('/progress');
    await userEvent.click(screen.getByRole('button', { name: 'User menu' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    // The server revokes and clears the session cookie; the page holds no token to send.
    expect(logout).toHaveBeenCalledWith();
    expect(useAuthStore.getState()).toMatchObject({ user: null, isAuthenticated: false });
    expect(localStorage.getItem(STORAGE_KEYS.sessionHint)).toBeNull();
  });

  it('Sign out still signs out locally when the server call fails, and forgets the page', async () => {
    jest.spyOn(authApi, 'logout').mockRejectedValue(new Error('offline'));
    jest.spyOn(authApi, 'login').mockResolvedValue({
      user: baseUser,
      tokens: { accessToken: 'a2', refreshToken: 'r2' },
      message: 'ok',
    });
    await renderSignedIn('/progress');
    await userEvent.click(screen.getByRole('button', { name: 'User menu' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(useAuthStore.getState().isAuthenticated).toBe(false);

    // The next sign-in starts at the dashboard, not at the page the last user was on.
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
  });
});

describe('preview badge', () => {
  const previews = [
    { remote: 'mfe_quiz', version: '0.2.0+1a2b3c4d', expiresAt: '2030-01-01T00:00:00Z' },
    { remote: 'mfe_cards', version: '1.1.0+5e6f7a8b', expiresAt: '2030-01-01T00:00:00Z' },
  ];

  it('is absent without previews', async () => {
    await renderSignedIn();
    expect(screen.queryByRole('status', { name: 'Preview' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Leave preview' })).not.toBeInTheDocument();
  });

  it('names each previewed remote and version, and Leave preview leaves them all', async () => {
    usePlatformStore.setState({ manifest: { ...TEST_MANIFEST, previews } });
    let answer!: () => void;
    const leave = jest
      .spyOn(platformApi, 'leavePreviews')
      .mockReturnValue(new Promise<undefined>((resolve) => (answer = () => resolve(undefined))));
    jest.spyOn(console, 'error').mockImplementation(() => undefined); // jsdom: "Not implemented: navigation (reload)"
    await renderSignedIn();
    const badge = screen.getByRole('status', { name: 'Preview' });
    expect(badge).toHaveTextContent('Preview: mfe_quiz 0.2.0+1a2b3c4d, mfe_cards 1.1.0+5e6f7a8b');

    // A keyboard user reaches the button and presses it.
    within(badge).getByRole('button', { name: 'Leave preview' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(leave).toHaveBeenCalledTimes(1);
    expect(within(badge).getByRole('button', { name: 'Leaving preview...' })).toBeDisabled();
    answer();
    // Then the page reloads (jsdom reports that it cannot).
    await waitFor(() =>
      expect(jest.mocked(console.error).mock.calls.flat().map(String).join('\n')).toMatch(
        /Not implemented: navigation/,
      ),
    );
  });

  it('lets the learner try again when leaving failed', async () => {
    usePlatformStore.setState({ manifest: { ...TEST_MANIFEST, previews: previews.slice(0, 1) } });
    jest.spyOn(platformApi, 'leavePreviews').mockRejectedValue(new Error('offline'));
    await renderSignedIn();
    await userEvent.click(screen.getByRole('button', { name: 'Leave preview' }));
    expect(await screen.findByRole('button', { name: 'Leave preview' })).toBeEnabled();
    expect(screen.getByRole('status', { name: 'Preview' })).toHaveTextContent('Preview: mfe_quiz 0.2.0+1a2b3c4d');
  });

  it('stands beside the override badge', async () => {
    usePlatformStore.setState({
      manifest: { ...TEST_MANIFEST, previews: previews.slice(0, 1) },
      overridden: ['mfe_cards'],
    });
    await renderSignedIn();
    expect(screen.getByRole('status', { name: 'Preview' })).toBeInTheDocument();
    expect(screen.getByText('Dev override: mfe_cards')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear overrides' })).toBeInTheDocument();
  });
});

// The dashboard's daily-bonus card asks too; these tests are not about it.
beforeEach(() => {
  jest.spyOn(dailyBonusApi, 'info').mockRejectedValue(new Error('not under test'));
});
