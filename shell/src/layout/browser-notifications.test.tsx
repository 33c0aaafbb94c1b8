import { renderHook, waitFor } from '@testing-library/react';
import { DEFAULT_USER_SETTINGS, notificationsApi } from '@flashcard/api-contract';
import { useSettingsStore } from '../settings/settings-store';
import { allowBrowserNotifications, useBrowserNotifications } from './browser-notifications';

const shown: Array<{ title: string; body?: string }> = [];
class FakeNotification {
  static permission: NotificationPermission = 'granted';
  static requestPermission = jest.fn(async () => FakeNotification.permission);
  constructor(title: string, options?: NotificationOptions) {
    shown.push({ title, body: options?.body });
  }
}

const item = (id: number, read = false) => ({
  id,
  type: 'friend_request',
  params: null,
  title: `Title ${id}`,
  message: `Message ${id}`,
  read,
  created_at: '2026-01-01T00:00:00Z',
});

beforeEach(() => {
  shown.length = 0;
  FakeNotification.permission = 'granted';
  Object.defineProperty(window, 'Notification', { value: FakeNotification, configurable: true, writable: true });
  useSettingsStore.setState({ settings: { ...DEFAULT_USER_SETTINGS, pushNotifications: true } });
  jest
    .spyOn(notificationsApi, 'list')
    .mockResolvedValue({ notifications: [item(3), item(2), item(1, true)], unreadCount: 2 });
});
afterEach(() => jest.restoreAllMocks());

it('shows what arrived when the unread count rises, once each, never the first count', async () => {
  const { rerender } = renderHook(({ unread }) => useBrowserNotifications(unread), { initialProps: { unread: 1 } });
  expect(notificationsApi.list).not.toHaveBeenCalled();
  rerender({ unread: 3 });
  await waitFor(() =>
    expect(shown).toEqual([
      { title: 'Title 3', body: 'Message 3' },
      { title: 'Title 2', body: 'Message 2' },
    ]),
  );
  expect(notificationsApi.list).toHaveBeenCalledWith(2);
  rerender({ unread: 2 });
  rerender({ unread: 3 });
  await waitFor(() => expect(notificationsApi.list).toHaveBeenCalledTimes(2));
  expect(shown).toHaveLength(2);
});

it('shows nothing when the setting is off or the browser refuses', async () => {
  useSettingsStore.setState({ settings: { ...DEFAULT_USER_SETTINGS, pushNotifications: false } });
  const { rerender } = renderHook(({ unread }) => useBrowserNotifications(unread), { initialProps: { unread: 0 } });
  rerender({ unread: 1 });
  useSettingsStore.setState({ settings: { ...DEFAULT_USER_SETTINGS, pushNotifications: true } });
  FakeNotification.permission = 'denied';
  rerender({ unread: 2 });
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(notificationsApi.list).not.toHaveBeenCalled();
  expect(shown).toEqual([]);
});

it('asks the browser only while it has not answered', async () => {
  FakeNotification.permission = 'default';
  FakeNotification.requestPermission.mockImplementationOnce(async () => {
    FakeNotification.permission = 'granted';
    return 'granted';
  });
  await expect(allowBrowserNotifications()).resolves.toBe(true);
  await expect(allowBrowserNotifications()).resolves.toBe(true);
  expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
});
