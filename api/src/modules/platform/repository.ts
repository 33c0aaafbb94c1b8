// SQL of the platform registry. Registry rows are not owned by a learner: the routes decide
// who may read or change them (admin views, super_admin or a deploy token changes).
import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { DialectName } from '../../db';
import type { Database, DeployTokensTable, RemoteReleasesTable, RemoteStateTable } from '../../db/schema';
import { runTransaction } from '../../db/transaction';

export type ReleaseRow = Selectable<RemoteReleasesTable>;
export type StateRow = Selectable<RemoteStateTable>;
export type DeployTokenRow = Selectable<DeployTokensTable>;

export type ServedRelease = ReleaseRow & { role: 'active' | 'canary'; canary_percent: number };

export interface NewReleaseFile {
  path: string;
  content_type: string;
  content: Buffer;
}

export interface FailureCountRow {
  remote: string;
  version: string;
  count: number;
  last_message: string;
  last_at: string;
}

const RELEASE_COLUMNS = [
  'id',
  'name',
  'version',
  'package_version',
  'kernel_range',
  'metadata',
  'first_load_gzip',
  'total_bytes',
  'file_count',
  'published_by',
  'published_at',
] as const;

export class PlatformRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  transaction<T>(work: (repository: PlatformRepository) => Promise<T>): Promise<T> {
    return runTransaction(this.db, (trx) => work(new PlatformRepository(trx, this.dialect)));
  }

  async insertRelease(release: Omit<ReleaseRow, 'id'>, files: NewReleaseFile[]): Promise<ReleaseRow> {
    const row = await this.db.insertInto('remote_releases').values(release).returning(RELEASE_COLUMNS).executeTakeFirstOrThrow();
    // One insert per file keeps each statement's parameters small (a build has tens of files).
    for (const file of files) {
      await this.db.insertInto('release_files').values({ release_id: row.id, ...file }).execute();
    }
    return row;
  }

  findRelease(name: string, version: string): Promise<ReleaseRow | undefined> {
    return this.db
      .selectFrom('remote_releases')
      .select(RELEASE_COLUMNS)
      .where('name', '=', name)
      .where('version', '=', version)
      .executeTakeFirst();
  }

  /** Every release of every remote, newest first (metadata only, never file bodies). */
  listReleases(): Promise<ReleaseRow[]> {
    return this.db.selectFrom('remote_releases').select(RELEASE_COLUMNS).orderBy('id', 'desc').execute();
  }

  /** The releases browsers may load: each remote's active and canary versions, with the canary's share. */
  listServedReleases(): Promise<ServedRelease[]> {
    return this.db
      .selectFrom('remote_state as s')
      .innerJoin('remote_releases as r', (join) =>
        join.onRef('r.name', '=', 's.name').on((eb) =>
          eb.or([
            eb('r.version', '=', eb.ref('s.active_version')),
            eb.and([eb('r.version', '=', eb.ref('s.canary_version')), eb('s.canary_percent', '>', 0)]),
          ]),
        ),
      )
      .select(RELEASE_COLUMNS.map((column) => `r.${column}` as const))
      .select('s.canary_percent')
      .select((eb) =>
        eb.case().when('r.version', '=', eb.ref('s.active_version')).then(sql.lit('active')).else(sql.lit('canary')).end().as('role'),
      )
      .orderBy('r.name')
      .execute() as Promise<ServedRelease[]>;
  }

  listStates(): Promise<StateRow[]> {
    return this.db.selectFrom('remote_state').selectAll().orderBy('name').execute();
  }

  /** The remote's state; inside a transaction on PostgreSQL, locked until it ends. */
  findState(name: string, forUpdate = false): Promise<StateRow | undefined> {
    let query = this.db.selectFrom('remote_state').selectAll().where('name', '=', name);
    if (forUpdate && this.dialect === 'postgres') query = query.forUpdate();
    return query.executeTakeFirst();
  }

  /** Creates the state of a remote's first release; false when another request made it first. */
  async insertState(state: StateRow): Promise<boolean> {
    const result = await this.db
      .insertInto('remote_state')
      .values(state)
      .onConflict((oc) => oc.column('name').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async updateState(name: string, changes: Omit<StateRow, 'name'>): Promise<void> {
    await this.db.updateTable('remote_state').set(changes).where('name', '=', name).execute();
  }

  async insertEvent(event: {
    remote: string;
    action: 'publish' | 'promote' | 'rollback' | 'canary';
    from_version: string | null;
    to_version: string | null;
    percent: number | null;
    actor: string;
    created_at: string;
  }): Promise<void> {
    await this.db.insertInto('registry_events').values(event).execute();
  }

  /** The latest audit rows, of one remote when `remote` is given. */
  listEvents(limit: number, remote?: string) {
    let query = this.db.selectFrom('registry_events').selectAll();
    if (remote) query = query.where('remote', '=', remote);
    return query.orderBy('id', 'desc').limit(limit).execute();
  }

  /** The bytes every release of a remote stores (what its quota limits). */
  async storedBytes(name: string): Promise<number> {
    const row = await this.db
      .selectFrom('remote_releases')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('total_bytes'), sql<number>`0`).as('bytes'))
      .where('name', '=', name)
      .executeTakeFirst();
    return Number(row?.bytes ?? 0);
  }

  /** One built file of a release. */
  findFile(name: string, version: string, path: string): Promise<{ content: Buffer; content_type: string } | undefined> {
    return this.db
      .selectFrom('release_files as f')
      .innerJoin('remote_releases as r', 'r.id', 'f.release_id')
      .select(['f.content', 'f.content_type'])
      .where('r.name', '=', name)
      .where('r.version', '=', version)
      .where('f.path', '=', path)
      .executeTakeFirst();
  }

  async insertFailure(failure: { remote: string; version: string; message: string; user_id: number | null; created_at: string }) {
    await this.db.insertInto('remote_load_failures').values(failure).execute();
  }

  /** Load failures since `since`, per remote and version, with the latest message. */
  async failureCounts(since: string): Promise<FailureCountRow[]> {
    const groups = await this.db
      .selectFrom('remote_load_failures')
      .select((eb) => ['remote', 'version', eb.fn.countAll<number>().as('count'), eb.fn.max('id').as('last_id')])
      .where('created_at', '>=', since)
      .groupBy(['remote', 'version'])
      .execute();
    if (groups.length === 0) return [];
    const latest = await this.db
      .selectFrom('remote_load_failures')
      .select(['id', 'message', 'created_at'])
      .where(
        'id',
        'in',
        groups.map((group) => Number(group.last_id)),
      )
      .execute();
    const byId = new Map(latest.map((row) => [row.id, row]));
    return groups.map((group) => {
      const last = byId.get(Number(group.last_id));
      return {
        remote: group.remote,
        version: group.version,
        count: Number(group.count),
        last_message: last?.message ?? '',
        last_at: last?.created_at ?? '',
      };
    });
  }

  async emailOf(userId: number): Promise<string> {
    return (await emailOfUser(this.db, userId)) ?? String(userId);
  }

  async insertDeployToken(token: Insertable<DeployTokensTable>): Promise<DeployTokenRow> {
    return this.db.insertInto('deploy_tokens').values(token).returningAll().executeTakeFirstOrThrow();
  }

  findDeployToken(tokenHash: string): Promise<DeployTokenRow | undefined> {
    return this.db.selectFrom('deploy_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  async markDeployTokenUsed(id: number, at: string): Promise<void> {
    await this.db.updateTable('deploy_tokens').set({ last_used_at: at }).where('id', '=', id).execute();
  }

  /** Newest first. */
  listDeployTokens(): Promise<DeployTokenRow[]> {
    return this.db.selectFrom('deploy_tokens').selectAll().orderBy('id', 'desc').execute();
  }

  /** False when no such token exists; revoking twice keeps the first time. */
  async revokeDeployToken(id: number, at: string): Promise<boolean> {
    const row = await this.db.selectFrom('deploy_tokens').select('revoked_at').where('id', '=', id).executeTakeFirst();
    if (!row) return false;
    if (!row.revoked_at) await this.db.updateTable('deploy_tokens').set({ revoked_at: at }).where('id', '=', id).execute();
    return true;
  }
}

/** Who a signed-in actor is, for the audit trail. */
export async function emailOfUser(db: Kysely<Database>, userId: number): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  return row?.email;
}
