// Gateway rows -> the JSON shapes of the contract (schemas/gateway.ts in @flashcard/api-contract).
import type { Service, ServiceEvent } from '@flashcard/api-contract/schemas';
import { jsonList } from '../../lib/json';
import { remotesOfService } from './registry';
import type { ServiceEventRow, ServiceRow } from './repository';

export function presentService(row: ServiceRow): Service {
  return {
    name: row.name,
    url: row.url,
    remotes: remotesOfService(row),
    createdBy: row.created_by,
    createdAt: row.created_at,
  };
}

export function presentServiceEvent(row: ServiceEventRow): ServiceEvent {
  return {
    id: row.id,
    service: row.service,
    action: row.action,
    url: row.url,
    remotes: jsonList(row.remotes).map(String),
    actor: row.actor,
    at: row.created_at,
  };
}
