// SQL over a user's notifications. Every query is scoped to the user, so another learner's
// notification id reads as "not found".
import type { Kysely } from 'kysely';
import type { Database, NewNotification, NotificationRow, UserSettingsTable } from '../../db/schema';

/**
 * The setting (user_settings column) that lets each kind of notification be created; a kind not
 * listed is always created. Missing settings row = the defaults, all on.
 */
const SWITCH_OF_KIND = {
  daily_bonus: 'study_reminders',
  friend_request: 'friend_notifications',
  friend_accepted: 'friend_notifications',
  achievement_unlocked: 'achievement_notifications',
} as const satisfies Record<string, keyof UserSettingsTable>;

const isSwitchedKind = (type: string): type is keyof typeof SWITCH_OF_KIND => Object.hasOwn(SWITCH_OF_KIND, type);

export class NotificationsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Adds the notification; false when one with the same dedupe_key exists already (the unique
   * index decides, so two concurrent requests still create it once) or when the learner switched
   * this kind off in their settings.
   */
  async create(notification: NewNotification): Promise<boolean> {
    if (!(await this.wanted(notification.user_id, notification.type))) return false;
    const row = await this.db
      .insertInto('notifications')
      .values(notification)
      .onConflict((oc) => oc.columns(['user_id', 'dedupe_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Whether the learner's settings let this kind of notification be created. */
  private async wanted(userId: number, type: string): Promise<boolean> {
    if (!isSwitchedKind(type)) return true;
    const column = SWITCH_OF_KIND[type];
    const row = await this.db
      .selectFrom('user_settings')
      .select(column)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row === undefined || Boolean(row[column]);
  }

  /** Newest first. */
  list(userId: number, limit: number): Promise<NotificationRow[]> {
    return this.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  find(userId: number, id: number): Promise<NotificationRow | undefined> {
    return this.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async countUnread(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Marks one notification read; the first read time is kept. */
  async markRead(userId: number, id: number, at: string): Promise<void> {
    await this.db
      .updateTable('notifications')
      .set({ read_at: at })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .where('read_at', 'is', null)
      .execute();
  }

  /**
   * Deletes the learner's daily-bonus offers, all but `keep` when given: an offer claimed or of a
   * day gone by offers nothing any more, so the bell must not show it (read or not).
   */
  async removeBonusOffers(userId: number, keep?: string): Promise<void> {
    let query = this.db.deleteFrom('notifications').where('user_id', '=', userId).where('type', '=', 'daily_bonus');
    if (keep !== undefined) query = query.where('dedupe_key', '<>', keep);
    await query.execute();
  }

  /** Number of notifications that were unread. */
  async markAllRead(userId: number, at: string): Promise<number> {
    const result = await this.db
      .updateTable('notifications')
      .set({ read_at: at })
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
