// A canary halt's reason is worded by the console in the admin's language: each halt
// row keeps, here, its figures as a JSON object (the contract's HaltFigures) besides the English
// `detail` the audit log keeps. Frozen: a change is a new migration.
// - params: null for rows written before this migration and for other actions; the console then
//   shows the stored English detail.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('registry_events').addColumn('params', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('registry_events').dropColumn('params').execute();
}
