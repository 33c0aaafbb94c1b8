import { AxiosError } from 'axios';
import { setErrorNotifier } from '@flashcard/shared-auth';
import { fakeServer } from '@flashcard/shared-auth/testing';
import { dashboardApi } from './dashboard';
import { notificationsApi } from './engagement';
import { gamificationApi } from './gamification';

const analytics = {
  days: [{ date: '2025-01-31', reviews: 4, correct: 3, successRate: 75 }],
  totals: { reviews: 4, correct: 3, successRate: 75 },
};

test('analytics and recent activity send days and limit only when given', async () => {
  const server = fakeServer((config) => ({
    status: 200,
    data: config.url === '/dashboard/analytics' ? analytics : { sessions: [] },
  }));
  await expect(dashboardApi.getAnalytics(7)).resolves.toEqual(analytics);
  await dashboardApi.getAnalytics();
  await expect(dashboardApi.getRecentActivity(3)).resolves.toEqual({ sessions: [] });
  await dashboardApi.getRecentActivity();
  expect(server.calls.map((c) => [c.method, c.url, c.params])).toEqual([
    ['get', '/dashboard/analytics', { days: 7 }],
    ['get', '/dashboard/analytics', {}],
    ['get', '/dashboard/recent-activity', { limit: 3 }],
    ['get', '/dashboard/recent-activity', {}],
  ]);
  server.restore();
});

test('user stats are returned as the server sent them', async () => {
  const stats = {
    totalCardsStudied: 1,
    averageAccuracy: 2,
    currentStreak: 3,
    longestStreak: 4,
    totalReviews: 5,
    reviewsToday: 6,
    totalCards: 7,
    studyTimeMs: 8,
  };
  const server = fakeServer(() => ({ status: 200, data: stats }));
  await expect(dashboardApi.getUserStats()).resolves.toEqual(stats);
  expect(server.calls[0].url).toBe('/dashboard/user-stats');
  server.restore();
});

test('the gamification profile is your own without an id and a public one with it', async () => {
  const server = fakeServer(() => ({ status: 200, data: { id: 2, experience_points: 40 } }));
  await gamificationApi.profile();
  await gamificationApi.profile(2);
  expect(server.calls.map((c) => c.url)).toEqual(['/gamification/profile', '/gamification/profile/2']);
  server.restore();
});

describe('notifications', () => {
  const notify = jest.fn();
  beforeEach(() => {
    notify.mockReset();
    setErrorNotifier(notify);
  });
  afterEach(() => setErrorNotifier(null));

  test('the list sends its limit only when given', async () => {
    const list = {
      notifications: [{ id: 1, type: 'achievement', title: 't', message: 'm', read: false, created_at: 'x' }],
      unreadCount: 1,
    };
    const server = fakeServer(() => ({ status: 200, data: list }));
    await expect(notificationsApi.list(5)).resolves.toEqual(list);
    await notificationsApi.list();
    expect(server.calls.map((c) => [c.method, c.url, c.params])).toEqual([
      ['get', '/notifications', { limit: 5 }],
      ['get', '/notifications', {}],
    ]);
    server.restore();
  });

  test('marking one and marking all are PUTs on their own paths', async () => {
    const server = fakeServer((config) => ({
      status: 200,
      data: config.url === '/notifications/mark-all-read' ? { updated: 3 } : { notification: { id: 9, read: true } },
    }));
    await expect(notificationsApi.markRead(9)).resolves.toEqual({ notification: { id: 9, read: true } });
    await expect(notificationsApi.markAllRead()).resolves.toEqual({ updated: 3 });
    expect(server.calls.map((c) => [c.method, c.url])).toEqual([
      ['put', '/notifications/9/mark-read'],
      ['put', '/notifications/mark-all-read'],
    ]);
    server.restore();
  });

  test('the polled unread count fails without a toast; other calls still toast', async () => {
    let server = fakeServer((config) => new AxiosError('failed', 'ERR_NETWORK', config));
    await expect(notificationsApi.unreadCount()).rejects.toBeDefined();
    expect(notify).not.toHaveBeenCalled();

    await expect(notificationsApi.markAllRead()).rejects.toBeDefined();
    expect(notify).toHaveBeenCalledWith('Network error. Please check your connection.');
    server.restore();

    server = fakeServer(() => ({ status: 200, data: { count: 4 } }));
    await expect(notificationsApi.unreadCount()).resolves.toEqual({ count: 4 });
    expect(server.calls[0].url).toBe('/notifications/unread-count');
    server.restore();
  });
});
