// The account's settings beyond the scheduler (GET|PUT /user/settings): notification switches,
// theme, autoplay, language. Study sessions left open get closed as abandoned, kept apart from
// finished ones. Frozen: a change is a new migration file.
import type { Kysely } from 'kysely';
import type { DialectName } from '../index';

/** Each new switch with its default (the spec's defaults; new switches start on). */
const SWITCHES = [
  ['email_notifications', true],
  ['push_notifications', false],
  ['study_reminders', true],
  ['friend_notifications', true],
  ['achievement_notifications', true],
  ['dark_mode', false],
  ['autoplay', true],
] as const;

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  // SQLite has no boolean type: 0/1 in an integer column (see db/sqlite-connection.ts).
  const booleanType = dialect === 'postgres' ? 'boolean' : 'integer';
  const asValue = (value: boolean) => (dialect === 'postgres' ? value : value ? 1 : 0);

  for (const [column, value] of SWITCHES) {
    await db.schema
      .alterTable('user_settings')
      .addColumn(column, booleanType, (c) => c.notNull().defaultTo(asValue(value)))
      .execute();
  }
  await db.schema
    .alterTable('user_settings')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .execute();
  await db.schema
    .alterTable('study_sessions')
    .addColumn('abandoned', booleanType, (c) => c.notNull().defaultTo(asValue(false)))
    .execute();
  // When a card was last counted in the session (null: none yet, the start is its last activity).
  await db.schema.alterTable('study_sessions').addColumn('last_activity_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('study_sessions').dropColumn('last_activity_at').execute();
  await db.schema.alterTable('study_sessions').dropColumn('abandoned').execute();
  await db.schema.alterTable('user_settings').dropColumn('language').execute();
  for (const [column] of [...SWITCHES].reverse()) {
    await db.schema.alterTable('user_settings').dropColumn(column).execute();
  }
}
