// Notes with several cards (basic and reversed, cloze), suspension and burying, the language a
// set is read aloud in, and the learner's media (images). Frozen: a change is a new migration.
//
// A note is the group of cards sharing (user_id, note_guid): its text is stored on each card
// (the service writes every sibling together), `ord` tells the cards apart (reversed: 0
// forward, 1 backward; cloze: the cloze number). The guid is what a re-import matches on.
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../index';
import { withIdColumn } from './columns';

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const booleanType = dialect === 'postgres' ? 'boolean' : 'integer';
  const falseValue = dialect === 'postgres' ? false : 0;

  await db.schema
    .alterTable('cards')
    .addColumn('note_guid', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('cards')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('basic'))
    .execute();
  await db.schema
    .alterTable('cards')
    .addColumn('ord', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('cards')
    .addColumn('suspended', booleanType, (c) => c.notNull().defaultTo(falseValue))
    .execute();
  // Buried: left out of the queues until this instant (the learner's next local midnight).
  await db.schema.alterTable('cards').addColumn('buried_until', 'text').execute();
  // Every card written before notes existed is a note of its own.
  await sql`update cards set note_guid = 'c' || id where note_guid = ''`.execute(db);
  await db.schema
    .createIndex('cards_user_note_idx')
    .on('cards')
    .columns(['user_id', 'note_guid', 'ord'])
    .unique()
    .execute();

  // BCP 47 tag ('fr-FR') the set's cards are read aloud in; null: the page's language.
  await db.schema.alterTable('categories').addColumn('language', 'text').execute();

  await withIdColumn(db.schema.createTable('media'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The file name cards refer to (`![alt](name.png)`), unique per learner.
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('data', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('media_user_name_idx').on('media').columns(['user_id', 'name']).unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('media').execute();
  await db.schema.alterTable('categories').dropColumn('language').execute();
  await db.schema.dropIndex('cards_user_note_idx').execute();
  for (const column of ['buried_until', 'suspended', 'ord', 'kind', 'note_guid']) {
    await db.schema.alterTable('cards').dropColumn(column).execute();
  }
}
