// The service gateway: teams' own servers the API proxies to (/api/services/<name>/*), the audit
// of their registration, and the keys the gateway signs its identity tokens with. Frozen: a
// change is a new migration.
// - gateway_services: one row per registered service; `remotes` is a JSON array of the remotes
//   whose deploy tokens may read the service's health.
// - gateway_service_events: who registered or removed a service, when, and its url then.
// - gateway_signing_keys: ES256 key pairs as JWK JSON, the private half included: every API
//   instance signs with the same key, so the database is the platform's trust boundary (whoever
//   reads it could sign as the platform, as they could read every account). `generation` is
//   unique: instances that make the next key at once all keep the one that won. A key signs from
//   `signs_from` until the next generation's `signs_from`.
import type { Kysely } from 'kysely';
import type { DialectName } from '../index';
import { withIdColumn } from './columns';

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('gateway_services')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('remotes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withIdColumn(db.schema.createTable('gateway_service_events'), dialect)
    .addColumn('service', 'text', (c) => c.notNull())
    // register | remove
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('remotes', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('gateway_service_events_service_idx')
    .on('gateway_service_events')
    .columns(['service', 'id'])
    .execute();

  await withIdColumn(db.schema.createTable('gateway_signing_keys'), dialect)
    .addColumn('generation', 'integer', (c) => c.notNull().unique())
    .addColumn('kid', 'text', (c) => c.notNull().unique())
    .addColumn('algorithm', 'text', (c) => c.notNull())
    .addColumn('public_jwk', 'text', (c) => c.notNull())
    .addColumn('private_jwk', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('signs_from', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['gateway_signing_keys', 'gateway_service_events', 'gateway_services']) {
    await db.schema.dropTable(table).execute();
  }
}
