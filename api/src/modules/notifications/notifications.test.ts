import type { FastifyInstance } from 'fastify';
import { DEFAULT_RATE_LIMITS } from '../../config';
import { signedInClient, type ApiClient } from '../../test/api-client';
import { describeEachDb } from '../../test/harness';

const START = new Date('2024-06-11T05:00:00.000Z');
const DAY = 86_400_000;
const MANY_SIGNUPS = {
  rateLimits: { ...DEFAULT_RATE_LIMITS, registerPerAddress: { max: 10_000, timeWindowMs: 60_000 } },
};

interface NotificationJson {
  id: number;
  type: string;
  params: Record<string, string | number | null> | null;
  title: string;
  message: string;
  read: boolean;
  created_at: string;
}

describeEachDb('notifications: /api/notifications/*', (ctx) => {
  let now = START;
  let app: FastifyInstance;
  let me: ApiClient;

  beforeAll(async () => {
    app = await ctx.buildApp(MANY_SIGNUPS, { now: () => now });
  });
  beforeEach(async () => {
    now = START;
    me = await signedInClient(app);
  });

  const list = async (client = me, query = '') => {
    const response = await client.get(`/api/notifications${query}`);
    expect(response.statusCode).toBe(200);
    return response.json() as { notifications: NotificationJson[]; unreadCount: number };
  };
  const unread = async (client = me) => {
    const response = await client.get('/api/notifications/unread-count');
    expect(response.statusCode).toBe(200);
    return response.json().count as number;
  };
  const claimBonus = async (client = me) => expect((await client.post('/api/daily-bonus/claim')).statusCode).toBe(200);
  /** A review and a check: unlocks first_review, which notifies. */
  const unlockFirstReview = async (client = me) => {
    const card = await client.createCard();
    expect(
      (await client.post('/api/spaced-repetition/review', { cardId: card.id, result: 2, timeSpent: 3000 })).statusCode,
    ).toBe(200);
    expect((await client.post('/api/gamification/achievements/check')).json().unlocked).toHaveLength(1);
  };

  describe('the daily bonus notification', () => {
    it('appears once a day while the bonus can be claimed', async () => {
      const first = await list();
      expect(first).toEqual({
        notifications: [
          {
            id: expect.any(Number),
            type: 'daily_bonus',
            params: { tokens: 10, xp: 5 },
            title: 'Daily bonus available',
            message: "Claim today's bonus: 10 tokens and 5 XP.",
            read: false,
            created_at: START.toISOString(),
          },
        ],
        unreadCount: 1,
      });
      await Promise.all([list(), list(), unread(), unread()]);
      expect((await list()).notifications).toHaveLength(1);
      expect(await unread()).toBe(1);
    });

    it('is gone once the bonus is claimed, and comes back the next day', async () => {
      expect(await unread()).toBe(1);
      await claimBonus();
      expect(await list()).toEqual({ notifications: [], unreadCount: 0 });

      now = new Date(START.getTime() + DAY);
      const nextDay = await list();
      expect(nextDay.unreadCount).toBe(1);
      expect(nextDay.notifications.map((n) => [n.type, n.read, n.params, n.message])).toEqual([
        ['daily_bonus', false, { tokens: 20, xp: 10 }, "Claim today's bonus: 20 tokens and 10 XP."],
      ]);
    });

    it('is gone once read and then claimed, and an unclaimed one expires with its day', async () => {
      const [offer] = (await list()).notifications;
      expect((await me.put(`/api/notifications/${offer!.id}/mark-read`)).statusCode).toBe(200);
      await claimBonus();
      expect((await list()).notifications).toEqual([]);

      // Not claimed on day 2: day 3's offer replaces it, one offer in the bell.
      now = new Date(START.getTime() + DAY);
      expect(await unread()).toBe(1);
      now = new Date(START.getTime() + 2 * DAY);
      const later = await list();
      expect(later.unreadCount).toBe(1);
      expect(later.notifications.map((n) => [n.type, n.read, n.params])).toEqual([
        ['daily_bonus', false, { tokens: 10, xp: 5 }],
      ]);
    });

    it('leaves the other notifications alone when the bonus is claimed', async () => {
      expect(await unread()).toBe(1);
      await unlockFirstReview();
      await claimBonus();
      expect((await list()).notifications.map((n) => n.type)).toEqual(['achievement_unlocked']);
    });

    it('is not created when the bonus was claimed before looking', async () => {
      await claimBonus();
      expect(await list()).toEqual({ notifications: [], unreadCount: 0 });
    });
  });

  it('announces an unlocked achievement, newest first', async () => {
    await claimBonus();
    await unlockFirstReview();
    const { notifications, unreadCount } = await list();
    expect(unreadCount).toBe(1);
    expect(notifications[0]).toEqual({
      id: expect.any(Number),
      type: 'achievement_unlocked',
      // The key and values the screens word it with; the English text stays for older clients.
      params: { achievement: 'first_review', xp: 10, tokens: 5 },
      title: 'Achievement unlocked: First Steps',
      message: 'Review your first card. You earned 10 XP and 5 tokens.',
      read: false,
      created_at: START.toISOString(),
    });
  });

  it('answers a notification written before texts had keys with params null and its stored text', async () => {
    await claimBonus();
    // As migration 0029 left the rows it found: no params column value.
    await ctx.db
      .insertInto('notifications')
      .values({
        user_id: me.user.id,
        type: 'achievement_unlocked',
        title: 'Achievement unlocked: Centurion',
        message: 'Review 100 cards. You earned 50 XP and 20 tokens.',
        dedupe_key: 'achievement:reviews_100',
        created_at: START.toISOString(),
      })
      .execute();
    // And one whose params cannot be read: shown from its stored text as well, never a 500.
    await ctx.db
      .insertInto('notifications')
      .values({
        user_id: me.user.id,
        type: 'leech',
        title: 'Leech card suspended',
        message: 'Old text',
        params: '[1,2]',
        created_at: START.toISOString(),
      })
      .execute();
    const { notifications } = await list();
    expect(notifications.map((n) => [n.type, n.params, n.title, n.message])).toEqual([
      ['leech', null, 'Leech card suspended', 'Old text'],
      [
        'achievement_unlocked',
        null,
        'Achievement unlocked: Centurion',
        'Review 100 cards. You earned 50 XP and 20 tokens.',
      ],
    ]);
    const [, old] = notifications;
    expect((await me.put(`/api/notifications/${old!.id}/mark-read`)).json()).toEqual({
      notification: { ...old, read: true },
    });
  });

  it('limits the list (default 20, 1-100) while counting every unread one', async () => {
    await unlockFirstReview();
    const one = await list(me, '?limit=1');
    expect(one.notifications).toHaveLength(1);
    expect(one.unreadCount).toBe(2);
    for (const limit of ['0', '101', 'abc', '-3']) {
      const response = await me.get(`/api/notifications?limit=${limit}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'limit must be between 1 and 100' });
    }
  });

  describe('PUT /notifications/:id/mark-read', () => {
    it('marks one notification read, and again is harmless', async () => {
      await unlockFirstReview();
      const [achievement] = (await list()).notifications;
      const response = await me.put(`/api/notifications/${achievement!.id}/mark-read`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ notification: { ...achievement, read: true } });
      expect(await unread()).toBe(1);
      const again = await me.put(`/api/notifications/${achievement!.id}/mark-read`);
      expect(again.json().notification.read).toBe(true);
      expect(await unread()).toBe(1);
    });

    it("answers 404 for another learner's notification or an unknown id, and changes nothing", async () => {
      const stranger = await signedInClient(app);
      const [theirs] = (await list(stranger)).notifications;
      for (const id of [String(theirs!.id), '999999', 'abc', '0', '-1']) {
        const response = await me.put(`/api/notifications/${id}/mark-read`);
        expect({ id, status: response.statusCode, body: response.json() }).toEqual({
          id,
          status: 404,
          body: { error: 'Notification not found' },
        });
      }
      expect(await unread(stranger)).toBe(1);
    });
  });

  describe('PUT /notifications/mark-all-read', () => {
    it("marks every unread notification of the learner read (and nobody else's)", async () => {
      const stranger = await signedInClient(app);
      expect(await unread(stranger)).toBe(1);
      await unlockFirstReview();
      expect(await unread()).toBe(2);

      // The static path, not ":id/mark-read" with id "mark-all-read".
      const response = await me.put('/api/notifications/mark-all-read');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ updated: 2 });
      expect(await list()).toMatchObject({ unreadCount: 0 });
      expect((await me.put('/api/notifications/mark-all-read')).json()).toEqual({ updated: 0 });
      expect(await unread(stranger)).toBe(1);
    });
  });

  it('requires authentication', async () => {
    const calls = [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread-count'],
      ['PUT', '/api/notifications/1/mark-read'],
      ['PUT', '/api/notifications/mark-all-read'],
    ] as const;
    for (const [method, url] of calls) {
      const response = await app.inject({ method, url });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'Authentication required' });
    }
  });
});
