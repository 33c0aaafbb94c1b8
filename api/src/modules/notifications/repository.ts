// SQL over a user's notifications. Every query is scoped to the user, so another learner's
// notification id reads as "not found".
import type { Kysely } from 'kysely';
import type { Database, NewNotification, NotificationRow } from '../../db/schema';

export class NotificationsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Adds the notification; false when one with the same dedupe_key exists already (the unique
   * index decides, so two concurrent requests still create it once).
   */
  async create(notification: NewNotification): Promise<boolean> {
    const row = await this.db
      .insertInto('notifications')
      .values(notification)
      .onConflict((oc) => oc.columns(['user_id', 'dedupe_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
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
    return this.db.selectFrom('notifications').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
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

  /** Marks the notification with this dedupe key read (e.g. a bonus that was just claimed). */
  async markReadByKey(userId: number, dedupeKey: string, at: string): Promise<void> {
    await this.db
      .updateTable('notifications')
      .set({ read_at: at })
      .where('user_id', '=', userId)
      .where('dedupe_key', '=', dedupeKey)
      .where('read_at', 'is', null)
      .execute();
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
