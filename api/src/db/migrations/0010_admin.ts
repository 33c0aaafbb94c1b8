// The admin area: accounts can be disabled (disabled_at set), and every role change, disable
// and enable is an admin_events row. Frozen: a change is a new migration file.
import type { Kysely } from 'kysely';
import type { DialectName } from '../index';
import { withIdColumn } from './columns';

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await db.schema.alterTable('users').addColumn('disabled_at', 'text').execute();

  await withIdColumn(db.schema.createTable('admin_events'), dialect)
    // role_change | disable | enable
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // E-mails as they were at the time, so the trail survives a deleted account.
    .addColumn('actor_email', 'text', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('target_email', 'text', (c) => c.notNull())
    .addColumn('detail', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('admin_events_created_idx').on('admin_events').columns(['created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('admin_events').execute();
  await db.schema.alterTable('users').dropColumn('disabled_at').execute();
}
