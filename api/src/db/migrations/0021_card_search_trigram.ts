// PostgreSQL: a trigram index answers the card search (`search_text LIKE '%term%'`) for one
// learner, so a search visits the cards that may match instead of every card of the learner
// (5,000 rows per search before). pg_trgm and btree_gin are contrib extensions marked trusted:
// a role that may create objects in the database installs them. Where they cannot be installed,
// nothing changes (the search still reads the learner's rows). SQLite keeps its covering index
// (0007). Frozen: a change is a new migration.
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../index';

const EXTENSIONS = ['pg_trgm', 'btree_gin'];
/** Migrations of separate schemas may run at once: extensions are per database. */
const EXTENSION_LOCK = 0x66_63_74_67; // 'fctg'

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(${EXTENSION_LOCK})`.execute(db);
  const { rows } = await sql<{ name: string; installed: string | null; can_create: boolean }>`
    select name, installed_version as installed, has_database_privilege(current_database(), 'CREATE') as can_create
      from pg_available_extensions where name in (${sql.join(EXTENSIONS)})`.execute(db);
  const usable = EXTENSIONS.every((name) =>
    rows.some((row) => row.name === name && (row.installed !== null || row.can_create)),
  );
  if (!usable) return;
  for (const name of EXTENSIONS)
    await sql`create extension if not exists ${sql.id(name)} with schema public`.execute(db);
  // The operator class lives where pg_trgm was installed (public, unless installed before us).
  const { rows: where } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension x join pg_namespace n on n.oid = x.extnamespace where x.extname = 'pg_trgm'`.execute(
    db,
  );
  const opclass = sql`${sql.id(where[0]!.schema)}.gin_trgm_ops`;
  await sql`create index cards_user_search_trgm_idx on cards using gin (user_id, search_text ${opclass})`.execute(db);
}

export async function down(db: Kysely<any>, dialect: DialectName): Promise<void> {
  if (dialect !== 'postgres') return;
  // The extensions stay: other schemas of the database may use them.
  await sql`drop index if exists cards_user_search_trgm_idx`.execute(db);
}
