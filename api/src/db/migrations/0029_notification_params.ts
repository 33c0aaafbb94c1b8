// Notifications are worded by the screens in the learner's language: each row keeps
// its kind (`type`) and, here, the values its text needs as a JSON object. Frozen: a change is a
// new migration.
// - params: null for rows written before this migration; the screens then show their stored
//   English title and message, which every row still carries.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notifications').addColumn('params', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notifications').dropColumn('params').execute();
}
