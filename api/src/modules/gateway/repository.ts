// SQL of the service gateway: registered services, their audit rows and the signing keys.
// Nothing here is a learner's: the routes decide who may read or change it.
import type { Insertable, Kysely, Selectable } from 'kysely';
import type {
  Database,
  GatewayServiceEventsTable,
  GatewayServicesTable,
  GatewaySigningKeysTable,
} from '../../db/schema';

export type ServiceRow = Selectable<GatewayServicesTable>;
export type ServiceEventRow = Selectable<GatewayServiceEventsTable>;
export type SigningKeyRow = Selectable<GatewaySigningKeysTable>;

export class GatewayRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** False when the name is taken (also by another instance at the same moment). */
  async insertService(row: Insertable<GatewayServicesTable>): Promise<boolean> {
    const result = await this.db
      .insertInto('gateway_services')
      .values(row)
      .onConflict((oc) => oc.column('name').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  findService(name: string): Promise<ServiceRow | undefined> {
    return this.db.selectFrom('gateway_services').selectAll().where('name', '=', name).executeTakeFirst();
  }

  listServices(): Promise<ServiceRow[]> {
    return this.db.selectFrom('gateway_services').selectAll().orderBy('name').execute();
  }

  /** The removed row, or undefined when there was none. */
  async deleteService(name: string): Promise<ServiceRow | undefined> {
    return this.db.deleteFrom('gateway_services').where('name', '=', name).returningAll().executeTakeFirst();
  }

  async insertEvent(event: Insertable<GatewayServiceEventsTable>): Promise<void> {
    await this.db.insertInto('gateway_service_events').values(event).execute();
  }

  /** The latest audit rows, of one service when `service` is given; newest first. */
  listEvents(limit: number, service?: string): Promise<ServiceEventRow[]> {
    let query = this.db.selectFrom('gateway_service_events').selectAll();
    if (service) query = query.where('service', '=', service);
    return query.orderBy('id', 'desc').limit(limit).execute();
  }

  /** Every signing key still kept, oldest generation first (a few rows: retired ones are deleted). */
  listSigningKeys(): Promise<SigningKeyRow[]> {
    return this.db.selectFrom('gateway_signing_keys').selectAll().orderBy('generation').execute();
  }

  /** False when another instance made this generation first: the caller reads theirs back. */
  async insertSigningKey(row: Insertable<GatewaySigningKeysTable>): Promise<boolean> {
    const result = await this.db
      .insertInto('gateway_signing_keys')
      .values(row)
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Forgets retired keys: no token they signed is still valid. */
  async deleteSigningKeysBefore(generation: number): Promise<void> {
    await this.db.deleteFrom('gateway_signing_keys').where('generation', '<', generation).execute();
  }
}
