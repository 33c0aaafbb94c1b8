// A card created offline is sent when the network answers again, maybe more than once (an answer
// lost on the way): its create carries an Idempotency-Key, kept here on the note's first card.
// Frozen: a change is a new migration.
// - idempotency_key: null for cards created without one (every card before this migration).
// - cards_user_key_idx: unique per learner, for keyed rows only, so a resend (or two copies
//   racing) finds the first card instead of making a second.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('cards').addColumn('idempotency_key', 'text').execute();
  await db.schema
    .createIndex('cards_user_key_idx')
    .on('cards')
    .columns(['user_id', 'idempotency_key'])
    .unique()
    .where(sql.ref('idempotency_key'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('cards_user_key_idx').execute();
  await db.schema.alterTable('cards').dropColumn('idempotency_key').execute();
}
