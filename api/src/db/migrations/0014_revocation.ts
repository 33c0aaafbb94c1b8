// Ending sessions at once and keeping review keys used. Frozen: a change is a new migration.
// - users.token_version: in every access token; bumped by sign-out, password change, role change
//   and disabling, so the tokens issued before stop working within a second on every instance.
// - undone_review_keys: an undone review's Idempotency-Key, so a late retry of that request is
//   refused instead of storing the review again.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('undone_review_keys')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('undone_review_keys_pk', ['user_id', 'idempotency_key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('undone_review_keys').execute();
  await db.schema.alterTable('users').dropColumn('token_version').execute();
}
