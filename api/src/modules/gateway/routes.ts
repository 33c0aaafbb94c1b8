// /api/platform/services*: the registry of teams' own servers. Admins read it, super_admins change
// it; a deploy token (a team) reads only the health of a service tied to one of its remotes and
// changes nothing. /api/platform/jwks.json: the keys services verify the gateway's tokens with.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { gatewayEndpoints as ep } from '@flashcard/api-contract/schemas';
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../lib/http-error';
import { DEPLOY_TOKEN_PREFIX, type DeployTokenService, type RegistryActor } from '../platform';
import type { CircuitBreakers } from './breaker';
import type { SigningKeys } from './keys';
import { presentService, presentServiceEvent } from './presenter';
import { probeService, type ProbeResult } from './probe';
import { assertOperator, type ServiceRegistry } from './registry';
import type { ServiceTraffic } from './traffic';

export interface ServiceRoutesOptions {
  registry: ServiceRegistry;
  breakers: CircuitBreakers;
  /** The calls of the last minutes (this instance's), for the console. */
  traffic: ServiceTraffic;
  keys: SigningKeys;
  tokens: DeployTokenService;
  /** Who a signed-in actor is in the audit (`user:<email>`). */
  emailOf: (userId: number) => Promise<string>;
  /** GET on a service's address (tests answer without the network). */
  probe?: (url: string) => Promise<ProbeResult>;
}

const serviceRoutes: FastifyPluginAsyncTypebox<ServiceRoutesOptions> = async (
  app,
  { registry, breakers, traffic, keys, tokens, emailOf, probe = probeService },
) => {
  /**
   * A deploy token (the registry checks what it may do), or a signed-in user holding one of
   * `roles`. Resolved once per request into `actor`.
   */
  const actors = new WeakMap<FastifyRequest, RegistryActor>();
  const requireActor =
    (...roles: Array<'admin' | 'super_admin'>) =>
    async (request: FastifyRequest): Promise<void> => {
      const header = request.headers.authorization ?? '';
      if (header.startsWith(`Bearer ${DEPLOY_TOKEN_PREFIX}`)) {
        actors.set(request, await tokens.authenticate(header.slice('Bearer '.length)));
        return;
      }
      await app.authenticate.call(app, request, undefined as never);
      if (!(roles as string[]).includes(request.user.role)) throw forbidden();
      actors.set(request, { kind: 'user', email: await emailOf(request.user.id) });
    };
  const actorOf = (request: FastifyRequest) => actors.get(request)!;
  // A team's token is refused before its body is read: whatever it sends, it may not write.
  const superAdmin = {
    onRequest: async (request: FastifyRequest) => {
      await requireActor('super_admin')(request);
      assertOperator(actorOf(request));
    },
  };
  const reader = { onRequest: requireActor('admin', 'super_admin') };

  app.get(ep.services.path, { schema: ep.services.schema, ...reader }, async (request) => {
    // A token reads one service's health, never the list of every team's addresses.
    if (actorOf(request).kind === 'token') throw forbidden('A deploy token reads only its own service: name it');
    const { services, events } = await registry.list();
    return { services: services.map(presentService), events: events.map(presentServiceEvent) };
  });

  app.post(ep.registerService.path, { schema: ep.registerService.schema, ...superAdmin }, async (request, reply) => {
    const row = await registry.register(actorOf(request), request.body);
    return reply.code(201).send(presentService(row));
  });

  app.get(ep.serviceStatus.path, { schema: ep.serviceStatus.schema, ...reader }, async (request) => {
    const { service, events } = await registry.find(actorOf(request), request.params.name);
    return {
      ...presentService(service),
      health: { ...breakers.view(service.name), probe: await probe(service.url) },
      traffic: traffic.view(service.name),
      events: events.map(presentServiceEvent),
    };
  });

  app.delete(ep.removeService.path, { schema: ep.removeService.schema, ...superAdmin }, async (request, reply) => {
    await registry.remove(actorOf(request), request.params.name);
    breakers.forget(request.params.name);
    traffic.forget(request.params.name);
    return reply.code(204).send(null);
  });

  // Public by design: anyone may verify the platform's signatures. A service's cache may keep it
  // a few minutes: the next key is published well before it signs (keys.ts).
  app.get(ep.jwks.path, { schema: ep.jwks.schema }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return { keys: await keys.published() };
  });
};

export default serviceRoutes;
