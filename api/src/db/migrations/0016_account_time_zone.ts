// The learner's time zone lives on the account. Frozen: a change is a new migration.
// - users.time_zone: where the learner's days begin (streaks, the daily bonus, "today"); null
//   until the first signed-in request names one (X-Time-Zone), which is then kept.
// - users.time_zone_changed_at: the last change through settings; changes are limited to one a
//   day, so a day boundary cannot be moved back and forth to claim a day twice.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('time_zone', 'text').execute();
  await db.schema.alterTable('users').addColumn('time_zone_changed_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('time_zone_changed_at').execute();
  await db.schema.alterTable('users').dropColumn('time_zone').execute();
}
