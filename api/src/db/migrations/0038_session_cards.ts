// The cards each study session counted, so a session counts a card once however often it is
// rated (a new card comes back through its learning steps). Frozen: a change is a new migration.
// - answers: how many of its answers the session holds (undo takes one back; at 0 the row goes).
// - correct: its first answer in the session was right (the session's accuracy counts those).
// - The session's or the card's deletion takes the row with it.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('study_session_cards')
    .addColumn('session_id', 'integer', (c) => c.notNull().references('study_sessions.id').onDelete('cascade'))
    .addColumn('card_id', 'integer', (c) => c.notNull().references('cards.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('answers', 'integer', (c) => c.notNull())
    .addColumn('correct', 'boolean', (c) => c.notNull())
    .addPrimaryKeyConstraint('study_session_cards_pkey', ['session_id', 'card_id'])
    .execute();
  await db.schema.createIndex('study_session_cards_card_id_idx').on('study_session_cards').column('card_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('study_session_cards').execute();
}
