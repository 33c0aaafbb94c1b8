import '@testing-library/jest-dom';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notificationsApi, type AppNotification } from '@flashcard/api-contract';
import { bellLabel, NotificationsBell } from './NotificationsBell';
import { announceNotificationsChanged } from './notifications-changed';
import { UNREAD_POLL_MS } from './use-unread-count';

const HOUR = 3_600_000;

function notification(id: number, overrides: Partial<AppNotification> = {}): AppNotification {
  return {
    id,
    type: 'achievement',
    // No key and values: shown as stored (as notifications written before they had them).
    params: null,
    title: `Title ${id}`,
    message: `Message ${id}`,
    read: false,
    created_at: new Date().toISOString(),
    ...overrides,
  };
}

const NOTIFICATIONS = [
  notification(3, {
    title: 'Daily bonus available',
    message: 'Claim your daily bonus.',
    created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  }),
  notification(2, {
    title: 'Achievement unlocked',
    message: 'You reached a 3-day streak.',
    created_at: new Date(Date.now() - 3 * HOUR).toISOString(),
  }),
  notification(1, {
    title: 'Welcome',
    message: 'Glad to have you here.',
    read: true,
    created_at: new Date(Date.now() - 2 * 24 * HOUR).toISOString(),
  }),
];

let unreadCount: jest.SpyInstance;
let warn: jest.SpyInstance;

beforeEach(() => {
  unreadCount = jest.spyOn(notificationsApi, 'unreadCount').mockResolvedValue({ count: 2 });
  jest.spyOn(notificationsApi, 'list').mockResolvedValue({ notifications: NOTIFICATIONS, unreadCount: 2 });
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('bell label', () => {
  it.each([
    [0, 'Notifications'],
    [1, 'Notifications, 1 unread'],
    [12, 'Notifications, 12 unread'],
  ])('%i unread reads %s', (count, label) => {
    expect(bellLabel(count)).toBe(label);
  });
});

describe('unread count', () => {
  it('shows the count as a badge and in the accessible name', async () => {
    render(<NotificationsBell />);
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(within(bell).getByTestId('notifications-badge')).toHaveTextContent('2');
    expect(bell).toHaveAttribute('aria-haspopup', 'dialog');
    expect(bell).toHaveAttribute('aria-expanded', 'false');
  });

  it('has no badge at 0 and caps the badge at 99+', async () => {
    unreadCount.mockResolvedValueOnce({ count: 0 });
    const { unmount } = render(<NotificationsBell />);
    await waitFor(() => expect(unreadCount).toHaveBeenCalled());
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByTestId('notifications-badge')).not.toBeInTheDocument();
    unmount();

    unreadCount.mockResolvedValueOnce({ count: 150 });
    render(<NotificationsBell />);
    expect(await screen.findByRole('button', { name: 'Notifications, 150 unread' })).toBeInTheDocument();
    expect(screen.getByTestId('notifications-badge')).toHaveTextContent('99+');
  });

  it('polls on mount, every minute and on window focus, and stops when unmounted', async () => {
    jest.useFakeTimers();
    // (No findBy* here: with fake timers, their waiting would itself advance the clock.)
    const flush = () => act(async () => undefined);
    unreadCount.mockResolvedValueOnce({ count: 1 }).mockResolvedValueOnce({ count: 4 }).mockResolvedValue({ count: 6 });
    const { unmount } = render(<NotificationsBell />);
    await flush();
    expect(unreadCount).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();

    await act(async () => {
      jest.advanceTimersByTime(UNREAD_POLL_MS - 1);
    });
    expect(unreadCount).toHaveBeenCalledTimes(1);
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    await flush();
    expect(unreadCount).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('button', { name: 'Notifications, 4 unread' })).toBeInTheDocument();

    await act(async () => {
      window.dispatchEvent(new Event('focus'));
    });
    await flush();
    expect(unreadCount).toHaveBeenCalledTimes(3);
    expect(screen.getByRole('button', { name: 'Notifications, 6 unread' })).toBeInTheDocument();

    unmount();
    await act(async () => {
      jest.advanceTimersByTime(5 * UNREAD_POLL_MS);
      window.dispatchEvent(new Event('focus'));
    });
    expect(unreadCount).toHaveBeenCalledTimes(3);
  });

  it('skips the timed poll while the page is hidden', async () => {
    jest.useFakeTimers();
    render(<NotificationsBell />);
    expect(unreadCount).toHaveBeenCalledTimes(1);
    const visibility = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await act(async () => {
      jest.advanceTimersByTime(UNREAD_POLL_MS);
    });
    expect(unreadCount).toHaveBeenCalledTimes(1);
    visibility.mockReturnValue('visible');
    await act(async () => {
      jest.advanceTimersByTime(UNREAD_POLL_MS);
    });
    expect(unreadCount).toHaveBeenCalledTimes(2);
  });

  it('ignores a failed poll: it only logs, and the last count stays', async () => {
    jest.useFakeTimers();
    const flush = () => act(async () => undefined);
    unreadCount.mockResolvedValueOnce({ count: 5 }).mockRejectedValueOnce(new Error('offline'));
    render(<NotificationsBell />);
    await flush();
    expect(screen.getByRole('button', { name: 'Notifications, 5 unread' })).toBeInTheDocument();

    await act(async () => {
      jest.advanceTimersByTime(UNREAD_POLL_MS);
    });
    await flush();
    expect(unreadCount).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toMatch(/unread notification count/);
    expect(screen.getByRole('button', { name: 'Notifications, 5 unread' })).toBeInTheDocument();
  });
});

describe('notifications dialog', () => {
  it('lists the latest notifications with title, message and relative time', async () => {
    render(<NotificationsBell />);
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));

    expect(notificationsApi.list).toHaveBeenCalledWith(10);
    const dialog = screen.getByRole('dialog', { name: 'Notifications' });
    expect(dialog).toHaveFocus();
    expect(screen.getByRole('button', { name: /^Notifications/ })).toHaveAttribute('aria-expanded', 'true');
    const items = await within(dialog).findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Daily bonus available');
    expect(items[0]).toHaveTextContent('(unread)');
    expect(items[0]).toHaveTextContent('Claim your daily bonus.');
    expect(items[0]).toHaveTextContent('Just now');
    expect(items[1]).toHaveTextContent('Achievement unlocked');
    expect(items[1]).toHaveTextContent('3h ago');
    expect(items[2]).toHaveTextContent('Welcome');
    expect(items[2]).toHaveTextContent('2d ago');
    expect(items[2]).not.toHaveTextContent('(unread)');
    expect(within(items[2]).queryByRole('button')).not.toBeInTheDocument();
  });

  it("'Mark all as read' marks them all, clears the badge and keeps focus in the dialog", async () => {
    const markAllRead = jest.spyOn(notificationsApi, 'markAllRead').mockResolvedValue({ updated: 2 });
    render(<NotificationsBell />);
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const dialog = screen.getByRole('dialog', { name: 'Notifications' });
    await within(dialog).findAllByRole('listitem');

    const markAll = within(dialog).getByRole('button', { name: 'Mark all as read' });
    await userEvent.click(markAll);

    expect(markAllRead).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByTestId('notifications-badge')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('(unread)')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Mark as read/ })).not.toBeInTheDocument();
    expect(within(dialog).getByText('All notifications marked as read.')).toBeInTheDocument();
    expect(markAll).toHaveFocus();
    expect(markAll).toHaveAttribute('aria-disabled', 'true');

    // Nothing left to mark: a second press does not call the server again.
    await userEvent.click(markAll);
    expect(markAllRead).toHaveBeenCalledTimes(1);
  });

  it('a poll answer that was sent before "Mark all as read" does not bring the old count back', async () => {
    jest.spyOn(notificationsApi, 'markAllRead').mockResolvedValue({ updated: 2 });
    render(<NotificationsBell />);
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const dialog = screen.getByRole('dialog');
    await within(dialog).findAllByRole('listitem');

    let answerPoll: (value: { count: number }) => void = () => undefined;
    unreadCount.mockReturnValueOnce(new Promise((resolve) => (answerPoll = resolve)));
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();

    await act(async () => answerPoll({ count: 2 }));
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByTestId('notifications-badge')).not.toBeInTheDocument();
  });

  it('a failed "Mark all as read" leaves the count and the list as they were', async () => {
    jest.spyOn(notificationsApi, 'markAllRead').mockRejectedValue(new Error('down'));
    render(<NotificationsBell />);
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const dialog = screen.getByRole('dialog');
    await within(dialog).findAllByRole('listitem');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark all as read' }));
    expect(screen.getByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    expect(within(dialog).getAllByText('(unread)')).toHaveLength(2);
  });

  it('marks one notification as read', async () => {
    const markRead = jest
      .spyOn(notificationsApi, 'markRead')
      .mockResolvedValue({ notification: { ...NOTIFICATIONS[1], read: true } });
    render(<NotificationsBell />);
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Mark as read: Achievement unlocked' }));

    expect(markRead).toHaveBeenCalledWith(2);
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    const items = within(dialog).getAllByRole('listitem');
    expect(items[1]).not.toHaveTextContent('(unread)');
    expect(items[0]).toHaveTextContent('(unread)');
    expect(dialog).toHaveFocus();
  });

  it('opens with the keyboard; Escape closes it and returns focus to the bell', async () => {
    render(<NotificationsBell />);
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    bell.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Notifications' });
    expect(dialog).toHaveFocus();
    await within(dialog).findAllByRole('listitem');

    await userEvent.tab();
    expect(within(dialog).getByRole('button', { name: 'Mark all as read' })).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bell).toHaveFocus();
    expect(bell).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on a click outside and when the bell is pressed again', async () => {
    render(
      <>
        <NotificationsBell />
        <p>Elsewhere</p>
      </>,
    );
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await userEvent.click(bell);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Elsewhere'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(bell);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await userEvent.click(bell);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says when there are none, and offers Retry when the list fails', async () => {
    const list = jest.mocked(notificationsApi.list);
    list.mockResolvedValueOnce({ notifications: [], unreadCount: 0 });
    render(<NotificationsBell />);
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await userEvent.click(bell);
    expect(await screen.findByText('No notifications yet.')).toBeInTheDocument();
    // The list's own count corrects the bell.
    expect(bell).toHaveAccessibleName('Notifications');

    await userEvent.click(bell);
    list.mockRejectedValueOnce(new Error('down'));
    await userEvent.click(bell);
    expect(await screen.findByText('Notifications could not be loaded.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry loading notifications' }));
    expect(await screen.findByText('Daily bonus available')).toBeInTheDocument();
  });
});

describe('after a page announces a change (the daily bonus claimed)', () => {
  it('asks the count again at once, and reloads the open list without the offer', async () => {
    render(<NotificationsBell />);
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Notifications, 2 unread' }));
    expect(await screen.findByText('Daily bonus available')).toBeInTheDocument();

    unreadCount.mockResolvedValue({ count: 1 });
    jest.spyOn(notificationsApi, 'list').mockResolvedValue({ notifications: NOTIFICATIONS.slice(1), unreadCount: 1 });
    act(() => announceNotificationsChanged());
    await waitFor(() => expect(screen.queryByText('Daily bonus available')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(screen.getByText('Achievement unlocked')).toBeInTheDocument();
  });
});
