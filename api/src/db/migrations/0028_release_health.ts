// Canary cohorts, preview links and release health. Frozen: a change is a new migration.
// - remote_state.canary_roles / canary_user_ids: JSON arrays; users of those roles and those
//   accounts get the canary whatever its percent (QA or staff first).
// - registry_events.detail: what else a change said (a canary's cohort, a halt's figures).
// - remote_served: which signed-in user the manifest gave which version, and the last hour it did
//   (one row per user and version, moved forward at most once an hour). A health report counts
//   only for a version its user was served in the window; failure rates divide by these users.
// - remote_health_reports: load failures, render errors and Web Vitals from browsers, unique per
//   (remote, version, user, kind, hour), so nobody can weigh one version down by repeating; rows
//   older than the window are deleted as new ones arrive.
// - preview_links: a waiting version pinned for whoever opens the link (sha256 of its token).
// - remote_load_failures is replaced by remote_health_reports: its rows (never tied to what was
//   served) are not carried over.
import type { Kysely } from 'kysely';
import type { DialectName } from '../index';
import { withIdColumn } from './columns';

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable('remote_state')
    .addColumn('canary_roles', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('remote_state')
    .addColumn('canary_user_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema.alterTable('registry_events').addColumn('detail', 'text').execute();

  await db.schema
    .createTable('remote_served')
    .addColumn('remote', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The last hour it was served, 'YYYY-MM-DDTHH' (UTC).
    .addColumn('hour', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('remote_served_pk', ['remote', 'version', 'user_id'])
    .execute();
  await db.schema
    .createIndex('remote_served_remote_hour_idx')
    .on('remote_served')
    .columns(['remote', 'hour'])
    .execute();

  const real = dialect === 'postgres' ? 'double precision' : 'real';
  await withIdColumn(db.schema.createTable('remote_health_reports'), dialect)
    .addColumn('remote', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // load-failure | render-error | vitals
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('hour', 'text', (c) => c.notNull())
    .addColumn('message', 'text')
    .addColumn('lcp', real as 'real')
    .addColumn('inp', real as 'real')
    .addColumn('cls', real as 'real')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('remote_health_reports_once_idx')
    .on('remote_health_reports')
    .columns(['remote', 'version', 'user_id', 'kind', 'hour'])
    .unique()
    .execute();
  await db.schema
    .createIndex('remote_health_reports_remote_hour_idx')
    .on('remote_health_reports')
    .columns(['remote', 'hour'])
    .execute();

  await withIdColumn(db.schema.createTable('preview_links'), dialect)
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('remote', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema.dropTable('remote_load_failures').execute();
}

export async function down(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await withIdColumn(db.schema.createTable('remote_load_failures'), dialect)
    .addColumn('remote', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  for (const table of ['preview_links', 'remote_health_reports', 'remote_served'])
    await db.schema.dropTable(table).execute();
  await db.schema.alterTable('registry_events').dropColumn('detail').execute();
  await db.schema.alterTable('remote_state').dropColumn('canary_user_ids').execute();
  await db.schema.alterTable('remote_state').dropColumn('canary_roles').execute();
}
