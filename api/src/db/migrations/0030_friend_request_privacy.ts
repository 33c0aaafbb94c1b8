// A friend request by e-mail answers the same whether or not a learner uses the address
// (no account oracle): such a request keeps the address it was sent to (receiver_email) and the learner
// it reached (receiver_id, now null when it reached no one: no such learner, or one it is not
// delivered to). hidden_at: the receiver no longer sees it (declined), while its sender still
// sees it pending until they cancel it, so a decline tells the sender nothing either.
// One pending request by id per pair stays unique; one per sender and address too.
// Frozen: a change is a new migration file.
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../index';
import { withIdColumn } from './columns';

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  if (dialect === 'postgres') {
    await sql`alter table friend_requests alter column receiver_id drop not null`.execute(db);
    await db.schema.alterTable('friend_requests').addColumn('receiver_email', 'text').execute();
    await db.schema.alterTable('friend_requests').addColumn('hidden_at', 'text').execute();
    await sql`alter table friend_requests add constraint friend_requests_target check (receiver_id is not null or receiver_email is not null)`.execute(
      db,
    );
    await db.schema.dropIndex('friend_requests_pair_idx').execute();
  } else {
    // SQLite cannot drop a NOT NULL: the table is rebuilt (nothing references it).
    await withIdColumn(db.schema.createTable('friend_requests_next'), dialect)
      .addColumn('sender_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('receiver_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('receiver_email', 'text')
      .addColumn('hidden_at', 'text')
      .addCheckConstraint('friend_requests_not_self', sql`sender_id <> receiver_id`)
      .addCheckConstraint('friend_requests_target', sql`receiver_id is not null or receiver_email is not null`)
      .execute();
    await sql`insert into friend_requests_next (id, sender_id, receiver_id, created_at) select id, sender_id, receiver_id, created_at from friend_requests`.execute(
      db,
    );
    await db.schema.dropTable('friend_requests').execute();
    await sql`alter table friend_requests_next rename to friend_requests`.execute(db);
    await db.schema.createIndex('friend_requests_receiver_idx').on('friend_requests').column('receiver_id').execute();
  }
  // Requests by e-mail do not count here: one to a learner's address must not refuse (and so
  // reveal) a later request to that learner chosen in search.
  await db.schema
    .createIndex('friend_requests_pair_idx')
    .on('friend_requests')
    .columns(['sender_id', 'receiver_id'])
    .unique()
    .where(sql.ref('receiver_email'), 'is', null)
    .execute();
  await db.schema
    .createIndex('friend_requests_email_idx')
    .on('friend_requests')
    .columns(['sender_id', 'receiver_email'])
    .unique()
    .execute();
}
