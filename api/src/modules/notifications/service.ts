// Notifications come from real events: an achievement unlocked (modules/gamification), and
// "daily bonus available", created here the first time the learner looks at notifications on
// a local day when the bonus can be claimed (the dedupe key makes it once per day). An offer is
// deleted once claimed (daily-bonus) or when the next day's replaces it: the bell never offers
// a bonus that cannot be claimed.
import type { NotificationListQuery } from '@flashcard/api-contract/schemas';
import type { NotificationRow } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { notificationKey } from '../../lib/notification-text';
import { parseId } from '../../lib/params';
import { toTimestamp } from '../../lib/time';
import { bonusNotificationKey, type DailyBonusStatus } from '../daily-bonus';
import type { NotificationsRepository } from './repository';

export const MESSAGES = {
  notFound: 'Notification not found',
} as const;

export interface NotificationsServiceDeps {
  repository: NotificationsRepository;
  dailyBonus: { status(userId: number, timeZone: string): Promise<DailyBonusStatus> };
  now: () => Date;
}

export class NotificationsService {
  constructor(private readonly deps: NotificationsServiceDeps) {}

  async list(
    userId: number,
    timeZone: string,
    { limit }: NotificationListQuery,
  ): Promise<{ notifications: NotificationRow[]; unreadCount: number }> {
    await this.offerDailyBonus(userId, timeZone);
    const { repository } = this.deps;
    const [notifications, unreadCount] = await Promise.all([
      repository.list(userId, limit),
      repository.countUnread(userId),
    ]);
    return { notifications, unreadCount };
  }

  /** The bell polls this one, so it announces the daily bonus too. */
  async unreadCount(userId: number, timeZone: string): Promise<number> {
    await this.offerDailyBonus(userId, timeZone);
    return this.deps.repository.countUnread(userId);
  }

  async markRead(userId: number, rawId: string): Promise<NotificationRow> {
    const id = parseId(rawId);
    if (id === null) throw notFound(MESSAGES.notFound);
    await this.deps.repository.markRead(userId, id, toTimestamp(this.deps.now()));
    const notification = await this.deps.repository.find(userId, id);
    if (!notification) throw notFound(MESSAGES.notFound);
    return notification;
  }

  markAllRead(userId: number): Promise<number> {
    return this.deps.repository.markAllRead(userId, toTimestamp(this.deps.now()));
  }

  private async offerDailyBonus(userId: number, timeZone: string): Promise<void> {
    const bonus = await this.deps.dailyBonus.status(userId, timeZone);
    if (!bonus.available) return;
    const key = bonusNotificationKey(bonus.today);
    // An unclaimed offer of an earlier day has expired: today's replaces it.
    await this.deps.repository.removeBonusOffers(userId, key);
    await this.deps.repository.create({
      user_id: userId,
      ...notificationKey('daily_bonus', { tokens: bonus.reward.tokens, xp: bonus.reward.xp }),
      // The English text: what an older client shows.
      title: 'Daily bonus available',
      message: `Claim today's bonus: ${bonus.reward.tokens} tokens and ${bonus.reward.xp} XP.`,
      dedupe_key: key,
      created_at: toTimestamp(this.deps.now()),
    });
  }
}
