// Study sessions and per-user settings behind the dashboard. Frozen: change = new migration.
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../index';
import { withIdColumn } from './columns';

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await withIdColumn(db.schema.createTable('study_sessions'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_type', 'text', (c) => c.notNull())
    .addColumn('cards_studied', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('correct_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('accuracy', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('study_sessions_type_check', sql`session_type in ('practice', 'review', 'other')`)
    .addCheckConstraint('study_sessions_accuracy_check', sql`accuracy >= 0 and accuracy <= 100`)
    .execute();
  // Every dashboard query reads one user's sessions, newest first or within a date range.
  await db.schema
    .createIndex('study_sessions_user_created_idx')
    .on('study_sessions')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('user_settings')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('daily_goal', 'integer', (c) => c.notNull().defaultTo(15))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  if (dialect === 'postgres') {
    // The calendar day of an ISO timestamp in an IANA zone, as days since 1970-01-01.
    // SQLite gets the same function from createDb (JavaScript, Intl).
    await sql`
      create or replace function local_day_number(ts text, tz text) returns integer
      language sql stable strict parallel safe
      as $$ select ((ts::timestamptz at time zone tz)::date - date '1970-01-01') $$
    `.execute(db);
  }
}

export async function down(db: Kysely<any>, dialect: DialectName): Promise<void> {
  if (dialect === 'postgres') await sql`drop function if exists local_day_number(text, text)`.execute(db);
  await db.schema.dropTable('user_settings').execute();
  await db.schema.dropTable('study_sessions').execute();
}
