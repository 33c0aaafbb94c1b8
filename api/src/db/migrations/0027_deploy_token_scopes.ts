// Deploy tokens belong to a team: each names the only remotes it may change, may expire,
// and can be revoked. Frozen: a change is a new migration.
// - remotes: a JSON array of remote names. Tokens made before this migration get '[]': they
//   were master keys of the whole registry, and now may change nothing until reissued.
// - expires_at, revoked_at: null while the token is good.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('deploy_tokens')
    .addColumn('remotes', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema.alterTable('deploy_tokens').addColumn('expires_at', 'text').execute();
  await db.schema.alterTable('deploy_tokens').addColumn('revoked_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['revoked_at', 'expires_at', 'remotes']) {
    await db.schema.alterTable('deploy_tokens').dropColumn(column).execute();
  }
}
