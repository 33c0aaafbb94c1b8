// Option presets shared by sets, as Anki's deck option presets. Frozen: a change is a new migration.
// - study_presets: a learner's named presets (name unique per learner ignoring case, `name_key`
//   lower-cased as categories do), each with the scheduler's options and optionally its own
//   FSRS-6 weights (JSON of 21 numbers; null: the learner's fitted ones in use, else the defaults).
// - categories.preset_id: the preset a set uses; null: the default preset (the account's
//   user_settings). Deleting a preset puts its sets back on the default (ON DELETE SET NULL).
// - user_settings.maximum_reviews_per_day: the default preset's review limit.
import type { Kysely } from 'kysely';
import type { DialectName } from '../index';
import { withIdColumn } from './columns';

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const realType = dialect === 'postgres' ? 'double precision' : 'real';
  await withIdColumn(db.schema.createTable('study_presets'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('new_cards_per_day', 'integer', (c) => c.notNull())
    .addColumn('maximum_reviews_per_day', 'integer', (c) => c.notNull())
    .addColumn('learning_steps', 'text', (c) => c.notNull())
    .addColumn('relearning_steps', 'text', (c) => c.notNull())
    .addColumn('desired_retention', realType, (c) => c.notNull())
    .addColumn('maximum_interval', 'integer', (c) => c.notNull())
    .addColumn('fsrs_parameters', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('study_presets_user_name_key_idx')
    .on('study_presets')
    .columns(['user_id', 'name_key'])
    .unique()
    .execute();
  await db.schema
    .alterTable('categories')
    .addColumn('preset_id', 'integer', (c) => c.references('study_presets.id').onDelete('set null'))
    .execute();
  // ON DELETE SET NULL looks the sets up by preset_id.
  await db.schema.createIndex('categories_preset_id_idx').on('categories').column('preset_id').execute();
  await db.schema
    .alterTable('user_settings')
    .addColumn('maximum_reviews_per_day', 'integer', (c) => c.notNull().defaultTo(200))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user_settings').dropColumn('maximum_reviews_per_day').execute();
  await db.schema.dropIndex('categories_preset_id_idx').execute();
  await db.schema.alterTable('categories').dropColumn('preset_id').execute();
  await db.schema.dropTable('study_presets').execute();
}
