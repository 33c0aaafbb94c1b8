// Social: friend requests (pending only: accepting makes a friendship, declining or cancelling
// deletes the row), friendships (one row each way), follows and each learner's privacy setting.
// Frozen: a change is a new migration file.
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../index';
import { withIdColumn } from './columns';

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await withIdColumn(db.schema.createTable('friend_requests'), dialect)
    .addColumn('sender_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('receiver_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('friend_requests_not_self', sql`sender_id <> receiver_id`)
    .execute();
  // One pending request from a sender to a receiver, also between two requests at once.
  await db.schema
    .createIndex('friend_requests_pair_idx')
    .on('friend_requests')
    .columns(['sender_id', 'receiver_id'])
    .unique()
    .execute();
  await db.schema.createIndex('friend_requests_receiver_idx').on('friend_requests').column('receiver_id').execute();

  await withIdColumn(db.schema.createTable('friendships'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('friend_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('friendships_pair_idx')
    .on('friendships')
    .columns(['user_id', 'friend_id'])
    .unique()
    .execute();

  await withIdColumn(db.schema.createTable('follows'), dialect)
    .addColumn('follower_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('followee_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('follows_pair_idx')
    .on('follows')
    .columns(['follower_id', 'followee_id'])
    .unique()
    .execute();
  await db.schema.createIndex('follows_followee_idx').on('follows').column('followee_id').execute();

  await db.schema
    .createTable('social_profiles')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // everyone | friends | nobody; no row means everyone.
    .addColumn('visibility', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}
