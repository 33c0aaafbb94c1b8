// The registered services: only operators (super_admins) add or remove them, because an upstream
// address decides where learners' calls and identities go; a team reads its own service's health
// with a deploy token of one of the service's remotes. Every change leaves an audit row.
import type { RegisterServiceBody } from '@flashcard/api-contract/schemas';
import { LRUCache } from 'lru-cache';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error';
import { jsonList } from '../../lib/json';
import { toTimestamp } from '../../lib/time';
import { actorName, type RegistryActor } from '../platform';
import type { GatewayRepository, ServiceEventRow, ServiceRow } from './repository';

/**
 * How long an instance trusts what it read of a service for the gateway's calls: a registration
 * or removal made on another instance is seen within this (at once on the instance that made it).
 */
export const SERVICE_CACHE_MS = 2_000;
const SERVICE_CACHE_MAX = 1_000;

/** The base address calls are forwarded to: http(s), no credentials, query or fragment, no trailing slash. */
export function parseServiceUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw badRequest('url must be an http(s) address such as http://quiz-svc:4100');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw badRequest(`url must start with http:// or https://, not ${url.protocol}//`);
  if (url.username || url.password)
    throw badRequest('url must not carry credentials (user:password@): the gateway sends its own signed token');
  if (url.search || url.hash || text.includes('?') || text.includes('#'))
    throw badRequest('url must not carry a query or a fragment');
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** The remotes a service row names. */
export function remotesOfService(row: Pick<ServiceRow, 'remotes'>): string[] {
  return jsonList(row.remotes).filter((name): name is string => typeof name === 'string');
}

export class ServiceRegistry {
  private readonly cache = new LRUCache<string, { row: ServiceRow | undefined }>({
    max: SERVICE_CACHE_MAX,
    ttl: SERVICE_CACHE_MS,
  });

  constructor(
    private readonly repository: GatewayRepository,
    private readonly now: () => Date,
  ) {}

  async register(actor: RegistryActor, body: RegisterServiceBody): Promise<ServiceRow> {
    assertOperator(actor);
    const row: ServiceRow = {
      name: body.name,
      url: parseServiceUrl(body.url),
      remotes: JSON.stringify(body.remotes ?? []),
      created_by: actorName(actor),
      created_at: toTimestamp(this.now()),
    };
    if (!(await this.repository.insertService(row)))
      throw conflict(`A service named ${body.name} is already registered: remove it first to change its address`);
    await this.audit('register', row, actor);
    this.cache.delete(row.name);
    return row;
  }

  async remove(actor: RegistryActor, name: string): Promise<void> {
    assertOperator(actor);
    const row = await this.repository.deleteService(name);
    if (!row) throw notFound(`No service named ${name}`);
    await this.audit('remove', row, actor);
    this.cache.delete(name);
  }

  async list(): Promise<{ services: ServiceRow[]; events: ServiceEventRow[] }> {
    const [services, events] = await Promise.all([this.repository.listServices(), this.repository.listEvents(50)]);
    return { services, events };
  }

  /** One service for `actor`: an admin reads any, a deploy token only a service of its remotes. */
  async find(actor: RegistryActor, name: string): Promise<{ service: ServiceRow; events: ServiceEventRow[] }> {
    const service = await this.repository.findService(name);
    if (!service) throw notFound(`No service named ${name}`);
    if (actor.kind === 'token') {
      const remotes = remotesOfService(service);
      if (!remotes.some((remote) => actor.remotes.includes(remote)))
        throw forbidden(
          `The deploy token "${actor.label}" may read services of ${actor.remotes.join(', ') || 'no remote'}; ${name} belongs to ${remotes.join(', ') || 'no remote'}`,
        );
    }
    return { service, events: await this.repository.listEvents(20, name) };
  }

  /** The service a gateway call names, as this instance last read it (at most SERVICE_CACHE_MS ago). */
  async lookup(name: string): Promise<ServiceRow | undefined> {
    const cached = this.cache.get(name);
    if (cached) return cached.row;
    const row = await this.repository.findService(name);
    this.cache.set(name, { row });
    return row;
  }

  private audit(action: 'register' | 'remove', row: ServiceRow, actor: RegistryActor): Promise<void> {
    return this.repository.insertEvent({
      service: row.name,
      action,
      url: row.url,
      remotes: row.remotes,
      actor: actorName(actor),
      created_at: toTimestamp(this.now()),
    });
  }
}

/** Upstream addresses are an operator's: a team's deploy token may not set them. */
export function assertOperator(actor: RegistryActor): void {
  if (actor.kind === 'token')
    throw forbidden(
      `The deploy token "${actor.label}" may not register or remove services: an operator (super_admin) does`,
    );
}
