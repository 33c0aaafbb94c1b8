// The learner's (re)learning steps, Anki's way ("1m 10m", "10m"), beside the other scheduler
// settings; a row saved before this migration takes Anki's defaults.
// Frozen: a change is a new migration.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('user_settings')
    .addColumn('learning_steps', 'text', (col) => col.notNull().defaultTo('1m 10m'))
    .execute();
  await db.schema
    .alterTable('user_settings')
    .addColumn('relearning_steps', 'text', (col) => col.notNull().defaultTo('10m'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user_settings').dropColumn('relearning_steps').execute();
  await db.schema.alterTable('user_settings').dropColumn('learning_steps').execute();
}
