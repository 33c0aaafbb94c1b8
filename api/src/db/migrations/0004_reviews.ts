// Review logs (every rating, with the card's state before it), the experience-point ledger,
// the scheduler settings, and a version on each card for optimistic concurrency.
// Frozen: a change is a new migration file.
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../index';
import { withIdColumn } from './columns';

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  // Bumped by every scheduling write; a write that finds another version lost a race.
  await db.schema
    .alterTable('cards')
    .addColumn('sched_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withIdColumn(db.schema.createTable('review_logs'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('card_id', 'integer', (c) => c.notNull().references('cards.id').onDelete('cascade'))
    .addColumn('session_id', 'integer', (c) => c.references('study_sessions.id').onDelete('set null'))
    // ts-fsrs Rating 1-4 (Again..Easy).
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('reviewed_at', 'text', (c) => c.notNull())
    .addColumn('time_spent_ms', 'integer', (c) => c.notNull())
    // The card exactly as it was before this review: what undo restores.
    .addColumn('state', 'integer', (c) => c.notNull())
    .addColumn('due', 'text')
    .addColumn('stability', 'double precision', (c) => c.notNull())
    .addColumn('difficulty', 'double precision', (c) => c.notNull())
    .addColumn('elapsed_days', 'integer', (c) => c.notNull())
    .addColumn('scheduled_days', 'integer', (c) => c.notNull())
    .addColumn('learning_steps', 'integer', (c) => c.notNull())
    .addColumn('repetitions', 'integer', (c) => c.notNull())
    .addColumn('lapses', 'integer', (c) => c.notNull())
    .addColumn('last_review', 'text')
    .addColumn('sched_version', 'integer', (c) => c.notNull())
    // What the review scheduled, for statistics without replaying the scheduler.
    .addColumn('state_after', 'integer', (c) => c.notNull())
    .addColumn('due_after', 'text', (c) => c.notNull())
    .addColumn('stability_after', 'double precision', (c) => c.notNull())
    .addColumn('scheduled_days_after', 'integer', (c) => c.notNull())
    .addColumn('sched_version_after', 'integer', (c) => c.notNull())
    // The client's Idempotency-Key: a retried submit finds its first answer instead of a second review.
    .addColumn('idempotency_key', 'text')
    .addCheckConstraint('review_logs_rating_check', sql`rating between 1 and 4`)
    .execute();
  await db.schema
    .createIndex('review_logs_user_key_idx')
    .on('review_logs')
    .columns(['user_id', 'idempotency_key'])
    .unique()
    .execute();
  // Undo looks for the newest log of a card; statistics read one user's logs by date.
  await db.schema.createIndex('review_logs_card_idx').on('review_logs').columns(['card_id', 'id']).execute();
  await db.schema
    .createIndex('review_logs_user_reviewed_idx')
    .on('review_logs')
    .columns(['user_id', 'reviewed_at'])
    .execute();
  // ON DELETE SET NULL of a session looks its logs up by session_id.
  await db.schema.createIndex('review_logs_session_idx').on('review_logs').column('session_id').execute();

  // Experience points as a ledger: a user's XP is the sum of their rows, and undoing a review
  // removes its row with it (cascade from the log).
  await withIdColumn(db.schema.createTable('experience_events'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('review_log_id', 'integer', (c) => c.references('review_logs.id').onDelete('cascade'))
    .addColumn('session_id', 'integer', (c) => c.references('study_sessions.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('experience_events_user_created_idx')
    .on('experience_events')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('experience_events_review_log_idx')
    .on('experience_events')
    .column('review_log_id')
    .execute();
  await db.schema.createIndex('experience_events_session_idx').on('experience_events').column('session_id').execute();

  // Scheduler settings beside the daily goal; defaults as ts-fsrs and Anki ship them.
  await db.schema
    .alterTable('user_settings')
    .addColumn('desired_retention', 'double precision', (c) => c.notNull().defaultTo(0.9))
    .execute();
  await db.schema
    .alterTable('user_settings')
    .addColumn('maximum_interval', 'integer', (c) => c.notNull().defaultTo(36500))
    .execute();
  await db.schema
    .alterTable('user_settings')
    .addColumn('new_cards_per_day', 'integer', (c) => c.notNull().defaultTo(20))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user_settings').dropColumn('new_cards_per_day').execute();
  await db.schema.alterTable('user_settings').dropColumn('maximum_interval').execute();
  await db.schema.alterTable('user_settings').dropColumn('desired_retention').execute();
  await db.schema.dropTable('experience_events').execute();
  await db.schema.dropTable('review_logs').execute();
  await db.schema.alterTable('cards').dropColumn('sched_version').execute();
}
