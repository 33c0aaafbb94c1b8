// The platform registry: immutable releases of remote areas (with their built files, so every
// API instance serves them), which version of each remote is active or in canary, the audit
// trail of changes, deploy tokens and the load failures browsers report.
// Frozen: a change is a new migration file.
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../index';
import { withIdColumn } from './columns';

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const bytes = dialect === 'postgres' ? 'bytea' : 'blob';

  await withIdColumn(db.schema.createTable('remote_releases'), dialect)
    .addColumn('name', 'text', (c) => c.notNull())
    // package version + '+' + content hash: immutable, so a version is never reused.
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('package_version', 'text', (c) => c.notNull())
    .addColumn('kernel_range', 'text', (c) => c.notNull())
    // JSON: { routes, navigation, exposes }.
    .addColumn('metadata', 'text', (c) => c.notNull())
    .addColumn('first_load_gzip', 'integer', (c) => c.notNull())
    .addColumn('total_bytes', 'integer', (c) => c.notNull())
    .addColumn('file_count', 'integer', (c) => c.notNull())
    // 'token:<label>', 'user:<email>' or 'built-in'.
    .addColumn('published_by', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text', (c) => c.notNull())
    .execute();
  // Publishing a name+version twice is refused here, also between two instances at once.
  await db.schema
    .createIndex('remote_releases_name_version_idx')
    .on('remote_releases')
    .columns(['name', 'version'])
    .unique()
    .execute();

  await withIdColumn(db.schema.createTable('release_files'), dialect)
    .addColumn('release_id', 'integer', (c) => c.notNull().references('remote_releases.id').onDelete('cascade'))
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('content', bytes, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('release_files_release_path_idx')
    .on('release_files')
    .columns(['release_id', 'path'])
    .unique()
    .execute();

  await db.schema
    .createTable('remote_state')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('active_version', 'text', (c) => c.notNull())
    .addColumn('canary_version', 'text')
    .addColumn('canary_percent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('remote_state_canary_check', sql`canary_percent between 0 and 100`)
    .execute();

  await withIdColumn(db.schema.createTable('registry_events'), dialect)
    .addColumn('remote', 'text', (c) => c.notNull())
    // publish | promote | rollback | canary
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('from_version', 'text')
    .addColumn('to_version', 'text')
    .addColumn('percent', 'integer')
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withIdColumn(db.schema.createTable('deploy_tokens'), dialect)
    .addColumn('label', 'text', (c) => c.notNull())
    // sha256 of the token: the token itself is shown once and never stored.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute();

  await withIdColumn(db.schema.createTable('remote_load_failures'), dialect)
    .addColumn('remote', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // "Failures per version in the last 24 h" reads one remote's recent rows.
  await db.schema
    .createIndex('remote_load_failures_remote_time_idx')
    .on('remote_load_failures')
    .columns(['remote', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'remote_load_failures',
    'deploy_tokens',
    'registry_events',
    'remote_state',
    'release_files',
    'remote_releases',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
