// The due-card index with `known` at its end: the forecast counts a year of due cards per day
// (20,000 at most) from the index alone instead of fetching every row for that flag. The queue
// queries use the same leading columns. Frozen: a change is a new migration.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('cards_user_state_due_known_idx')
    .on('cards')
    .columns(['user_id', 'state', 'due', 'known'])
    .execute();
  await db.schema.dropIndex('cards_user_state_due_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('cards_user_state_due_idx').on('cards').columns(['user_id', 'state', 'due']).execute();
  await db.schema.dropIndex('cards_user_state_due_known_idx').execute();
}
