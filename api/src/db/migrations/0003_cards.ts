// Cards and the sets (categories) that group them. Frozen: a change is a new migration file.
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../index';
import { withIdColumn } from './columns';

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await withIdColumn(db.schema.createTable('categories'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // The name trimmed and lower-cased by the service: a plain unique index on it makes names
    // unique per user regardless of case, identically on both databases (no collations).
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('categories_user_name_key_idx')
    .on('categories')
    .columns(['user_id', 'name_key'])
    .unique()
    .execute();

  // SQLite has no boolean type: 0/1 in an integer column (see db/sqlite-connection.ts).
  const booleanType = dialect === 'postgres' ? 'boolean' : 'integer';
  const falseValue = dialect === 'postgres' ? false : 0;

  await withIdColumn(db.schema.createTable('cards'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('difficulty_level', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('tags', 'text')
    .addColumn('college', 'text')
    .addColumn('class_name', 'text')
    // Deleting a set never deletes its cards: they become unfiled.
    .addColumn('category_id', 'integer', (c) => c.references('categories.id').onDelete('set null'))
    .addColumn('known', booleanType, (c) => c.notNull().defaultTo(falseValue))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    // Scheduler state, the fields of a ts-fsrs Card; filled by the study endpoints.
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('due', 'text')
    .addColumn('stability', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('difficulty', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('elapsed_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('scheduled_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('learning_steps', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('repetitions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lapses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_review', 'text')
    .addCheckConstraint('cards_difficulty_level_check', sql`difficulty_level between 1 and 5`)
    .addCheckConstraint('cards_state_check', sql`state between 0 and 3`)
    .execute();

  // Every card query starts from one user's rows. (user_id, id) serves the newest-first list
  // and the search scan; the others serve the filters and, later, the due-card queue.
  const indexes: Array<[string, string[]]> = [
    ['cards_user_id_idx', ['user_id', 'id']],
    ['cards_user_category_idx', ['user_id', 'category_id']],
    ['cards_user_college_idx', ['user_id', 'college']],
    ['cards_user_class_name_idx', ['user_id', 'class_name']],
    ['cards_user_state_due_idx', ['user_id', 'state', 'due']],
    // ON DELETE SET NULL looks the referencing cards up by category_id alone; without this
    // index deleting one set would scan every card of every user.
    ['cards_category_id_idx', ['category_id']],
  ];
  for (const [name, columns] of indexes) {
    await db.schema.createIndex(name).on('cards').columns(columns).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('cards').execute();
  await db.schema.dropTable('categories').execute();
}
