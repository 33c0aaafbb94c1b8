// Per-card review totals, kept on write so statistics read one row per reviewed card instead
// of every review log (measured: insights at 200,000 logs read 200,000 index entries). Frozen:
// a change is a new migration.
// - card_review_totals: a card's reviews, those rated above Again and their time, always equal
//   to the sums over its review_logs: the study repository changes both in one transaction
//   (review, undo, imported history); deleting the card or the user deletes the row.
// - Existing histories are summed into it here.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('card_review_totals')
    .addColumn('card_id', 'integer', (c) => c.primaryKey().references('cards.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reviews', 'integer', (c) => c.notNull())
    .addColumn('remembered', 'integer', (c) => c.notNull())
    .addColumn('time_spent_ms', 'bigint', (c) => c.notNull())
    .execute();
  // A learner's rows read from the index alone (both databases), in card order for the join.
  await db.schema
    .createIndex('card_review_totals_user_idx')
    .on('card_review_totals')
    .columns(['user_id', 'card_id', 'reviews', 'remembered', 'time_spent_ms'])
    .execute();
  // Remembered = rated above Again (ts-fsrs Rating 1).
  await sql`
    insert into card_review_totals (card_id, user_id, reviews, remembered, time_spent_ms)
    select card_id, user_id, count(*), sum(case when rating > 1 then 1 else 0 end), sum(time_spent_ms)
    from review_logs
    group by card_id, user_id
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('card_review_totals').execute();
}
