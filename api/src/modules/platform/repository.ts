// SQL of the platform registry. Registry rows are not owned by a learner: the routes decide
// who may read or change them (admin views, super_admin or a deploy token changes).
import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import { dialectOf } from '../../db';
import type {
  Database,
  DeployTokensTable,
  PreviewLinksTable,
  RemoteHealthReportsTable,
  RemoteReleasesTable,
  RemoteServedTable,
  RemoteStateTable,
  RegistryEventsTable,
} from '../../db/schema';
import { runTransaction } from '../../db/transaction';

export type ReleaseRow = Selectable<RemoteReleasesTable>;
export type StateRow = Selectable<RemoteStateTable>;
export type DeployTokenRow = Selectable<DeployTokensTable>;

export type ServedRelease = ReleaseRow & {
  role: 'active' | 'canary';
  canary_percent: number;
  canary_roles: string;
  canary_user_ids: string;
};

export interface NewReleaseFile {
  path: string;
  content_type: string;
  content: Buffer;
}

export interface ServedCountRow {
  remote: string;
  version: string;
  users: number;
}

export type HealthReportRow = Selectable<RemoteHealthReportsTable>;
export type PreviewRow = Selectable<PreviewLinksTable>;
export type EventRow = Selectable<RegistryEventsTable>;

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
  constructor(private readonly db: Kysely<Database>) {}

  transaction<T>(work: (repository: PlatformRepository) => Promise<T>): Promise<T> {
    return runTransaction(this.db, (trx) => work(new PlatformRepository(trx)));
  }

  async insertRelease(release: Omit<ReleaseRow, 'id'>, files: NewReleaseFile[]): Promise<ReleaseRow> {
    const row = await this.db
      .insertInto('remote_releases')
      .values(release)
      .returning(RELEASE_COLUMNS)
      .executeTakeFirstOrThrow();
    // One insert per file keeps each statement's parameters small (a build has tens of files).
    for (const file of files) {
      await this.db
        .insertInto('release_files')
        .values({ release_id: row.id, ...file })
        .execute();
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

  /** Every release (of one remote, or all), newest first (metadata only, never file bodies). */
  listReleases(name?: string): Promise<ReleaseRow[]> {
    let query = this.db.selectFrom('remote_releases').select(RELEASE_COLUMNS);
    if (name) query = query.where('name', '=', name);
    return query.orderBy('id', 'desc').execute();
  }

  /** The releases browsers may load: each remote's active and canary versions, with the canary's share. */
  listServedReleases(): Promise<ServedRelease[]> {
    return this.db
      .selectFrom('remote_state as s')
      .innerJoin('remote_releases as r', (join) =>
        join.onRef('r.name', '=', 's.name').on((eb) =>
          eb.or([
            eb('r.version', '=', eb.ref('s.active_version')),
            // A canary with percent 0 may still have a cohort (roles, accounts).
            eb('r.version', '=', eb.ref('s.canary_version')),
          ]),
        ),
      )
      .select(RELEASE_COLUMNS.map((column) => `r.${column}` as const))
      .select(['s.canary_percent', 's.canary_roles', 's.canary_user_ids'])
      .select((eb) =>
        eb
          .case()
          .when('r.version', '=', eb.ref('s.active_version'))
          .then(sql.lit('active'))
          .else(sql.lit('canary'))
          .end()
          .as('role'),
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
    if (forUpdate && dialectOf(this.db) === 'postgres') query = query.forUpdate();
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

  async insertEvent(event: Insertable<RegistryEventsTable>): Promise<void> {
    await this.db.insertInto('registry_events').values(event).execute();
  }

  /** The latest audit rows, of one remote when `remote` is given. */
  listEvents(limit: number, remote?: string): Promise<EventRow[]> {
    let query = this.db.selectFrom('registry_events').selectAll();
    if (remote) query = query.where('remote', '=', remote);
    return query.orderBy('id', 'desc').limit(limit).execute();
  }

  /** The latest halt or canary start of a remote: a halt is shown until a canary starts again. */
  lastCanaryChange(remote: string): Promise<EventRow | undefined> {
    return this.db
      .selectFrom('registry_events')
      .selectAll()
      .where('remote', '=', remote)
      .where((eb) =>
        eb.or([eb('action', '=', 'halt'), eb.and([eb('action', '=', 'canary'), eb('to_version', 'is not', null)])]),
      )
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
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
  findFile(
    name: string,
    version: string,
    path: string,
  ): Promise<{ content: Buffer; content_type: string } | undefined> {
    return this.db
      .selectFrom('release_files as f')
      .innerJoin('remote_releases as r', 'r.id', 'f.release_id')
      .select(['f.content', 'f.content_type'])
      .where('r.name', '=', name)
      .where('r.version', '=', version)
      .where('f.path', '=', path)
      .executeTakeFirst();
  }

  /** The versions a signed-in user was just given: one row per version, its hour moved forward (a repeat within the hour writes nothing). */
  async recordServed(rows: Array<Selectable<RemoteServedTable>>): Promise<void> {
    if (!rows.length) return;
    await this.db
      .insertInto('remote_served')
      .values(rows)
      .onConflict((oc) =>
        oc
          .columns(['remote', 'version', 'user_id'])
          .doUpdateSet({ hour: (eb) => eb.ref('excluded.hour') })
          .where('remote_served.hour', '<', (eb) => eb.ref('excluded.hour')),
      )
      .execute();
  }

  async wasServed(remote: string, version: string, userId: number, sinceHour: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('remote_served')
      .select('hour')
      .where('remote', '=', remote)
      .where('version', '=', version)
      .where('user_id', '=', userId)
      .where('hour', '>=', sinceHour)
      .limit(1)
      .executeTakeFirst();
    return Boolean(row);
  }

  /** False when this user already reported this kind for this version this hour. */
  async insertReport(report: Insertable<RemoteHealthReportsTable>): Promise<boolean> {
    const result = await this.db
      .insertInto('remote_health_reports')
      .values(report)
      .onConflict((oc) => oc.columns(['remote', 'version', 'user_id', 'kind', 'hour']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Reports older than the window go as new ones come (the window's index range). */
  async pruneReports(remote: string, beforeHour: string): Promise<void> {
    await this.db
      .deleteFrom('remote_health_reports')
      .where('remote', '=', remote)
      .where('hour', '<', beforeHour)
      .execute();
  }

  /** Distinct users served each version since `sinceHour` (of one remote, or all). */
  async servedUsers(sinceHour: string, remote?: string): Promise<ServedCountRow[]> {
    let query = this.db
      .selectFrom('remote_served')
      .select((eb) => ['remote', 'version', eb.fn.count<number>('user_id').distinct().as('users')])
      .where('hour', '>=', sinceHour);
    if (remote) query = query.where('remote', '=', remote);
    const rows = await query.groupBy(['remote', 'version']).execute();
    return rows.map((row) => ({ remote: row.remote, version: row.version, users: Number(row.users) }));
  }

  /** Every report since `sinceHour` (of one remote, or all), oldest first. */
  reports(sinceHour: string, remote?: string): Promise<HealthReportRow[]> {
    let query = this.db.selectFrom('remote_health_reports').selectAll().where('hour', '>=', sinceHour);
    if (remote) query = query.where('remote', '=', remote);
    return query.orderBy('id').execute();
  }

  async insertPreview(link: Insertable<PreviewLinksTable>): Promise<void> {
    await this.db.insertInto('preview_links').values(link).execute();
  }

  findPreview(tokenHash: string): Promise<Selectable<PreviewLinksTable> | undefined> {
    return this.db.selectFrom('preview_links').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  /** The unexpired links among `tokenHashes`, oldest first. */
  livePreviews(tokenHashes: string[], now: string): Promise<Array<Selectable<PreviewLinksTable>>> {
    if (!tokenHashes.length) return Promise.resolve([]);
    return this.db
      .selectFrom('preview_links')
      .selectAll()
      .where('token_hash', 'in', tokenHashes)
      .where('expires_at', '>', now)
      .orderBy('id')
      .execute();
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
    if (!row.revoked_at)
      await this.db.updateTable('deploy_tokens').set({ revoked_at: at }).where('id', '=', id).execute();
    return true;
  }
}

/** Who a signed-in actor is, for the audit trail. */
export async function emailOfUser(db: Kysely<Database>, userId: number): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  return row?.email;
}
