// The columns the insights join to each reviewed card's totals (card_review_totals, 0017), in
// one index: a learner's 20,000 reviewed cards are read from it instead of their whole rows
// (question, answer, search text). Frozen: a change is a new migration.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('cards_user_statistics_idx')
    .on('cards')
    .columns(['user_id', 'id', 'difficulty_level', 'category_id', 'lapses'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('cards_user_statistics_idx').execute();
}
