// SQL over the account's settings row (user_settings, one per user, written on first save), read
// and written as the contract's UserSettings: booleans come back as 1/0 on SQLite.
import type { Language, UserSettings } from '@flashcard/api-contract/schemas';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { schedulerColumnsOf, studySettingsOf } from '../study';

/** The settings row's fields; the account's time zone is kept on users (timeZone, changeTimeZone). */
export type StoredSettings = Omit<UserSettings, 'timeZone'>;

export class SettingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Undefined for an account that never saved one: the defaults apply. */
  async find(userId: number): Promise<StoredSettings | undefined> {
    const row = await this.db.selectFrom('user_settings').selectAll().where('user_id', '=', userId).executeTakeFirst();
    if (!row) return undefined;
    const { dailyGoal, ...scheduler } = studySettingsOf(row);
    return {
      emailNotifications: Boolean(row.email_notifications),
      pushNotifications: Boolean(row.push_notifications),
      studyReminders: Boolean(row.study_reminders),
      friendNotifications: Boolean(row.friend_notifications),
      achievementNotifications: Boolean(row.achievement_notifications),
      darkMode: Boolean(row.dark_mode),
      autoplay: Boolean(row.autoplay),
      studyGoal: dailyGoal,
      // Only the service writes this column, always one of the codes.
      language: row.language as Language,
      ...scheduler,
      // The default preset's review limit (modules/presets reads and writes the same column).
      maximumReviewsPerDay: row.maximum_reviews_per_day,
    };
  }

  /** The account's zone; null until a signed-in request named one. */
  async timeZone(userId: number): Promise<string | null> {
    const row = await this.db.selectFrom('users').select('time_zone').where('id', '=', userId).executeTakeFirst();
    return row?.time_zone ?? null;
  }

  /** Changes the zone unless it changed after `notChangedSince`; false when refused. */
  async changeTimeZone(userId: number, zone: string, now: string, notChangedSince: string): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ time_zone: zone, time_zone_changed_at: now })
      .where('id', '=', userId)
      .where((eb) => eb.or([eb('time_zone_changed_at', 'is', null), eb('time_zone_changed_at', '<=', notChangedSince)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Writes every setting (insert on first save). */
  async save(userId: number, settings: StoredSettings, now: string): Promise<void> {
    const values = {
      email_notifications: settings.emailNotifications,
      push_notifications: settings.pushNotifications,
      study_reminders: settings.studyReminders,
      friend_notifications: settings.friendNotifications,
      achievement_notifications: settings.achievementNotifications,
      dark_mode: settings.darkMode,
      autoplay: settings.autoplay,
      language: settings.language,
      ...schedulerColumnsOf({ ...settings, dailyGoal: settings.studyGoal }),
      maximum_reviews_per_day: settings.maximumReviewsPerDay,
      updated_at: now,
    };
    await this.db
      .insertInto('user_settings')
      .values({ user_id: userId, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .execute();
  }
}
