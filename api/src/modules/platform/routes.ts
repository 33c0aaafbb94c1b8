// /api/platform/*: the registry of remote areas. Admins read it; super_admins change any remote,
// a deploy token only the remotes it names; every browser asks it what to load (/manifest,
// signed in or not).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { platformEndpoints as ep } from '@flashcard/api-contract/schemas';
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../lib/http-error';
import {
  presentDeployToken,
  presentEvent,
  presentManifest,
  presentOverview,
  presentRelease,
  presentRemoteState,
} from './presenter';
import type { PlatformRepository } from './repository';
import type { PlatformService } from './service';
import { assertMayChange, DEPLOY_TOKEN_PREFIX, type DeployTokenService, type RegistryActor } from './tokens';

/** A release body carries the built files in base64: far above the API's usual 100 KB. */
export const RELEASE_BODY_LIMIT = 64 * 1024 * 1024;

declare module 'fastify' {
  interface FastifyRequest {
    /** Who changes the registry (set by requireRegistryActor). */
    registryActor?: RegistryActor;
  }
}

export interface PlatformRoutesOptions {
  service: PlatformService;
  tokens: DeployTokenService;
  repository: PlatformRepository;
}

const platformRoutes: FastifyPluginAsyncTypebox<PlatformRoutesOptions> = async (app, { service, tokens, repository }) => {
  const loadFailuresPerUser = app.attemptLimit('load-failures', { max: 30, timeWindowMs: 60_000 }, (request) => String(request.user.id));

  const presentedToken = (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    return header.startsWith(`Bearer ${DEPLOY_TOKEN_PREFIX}`) ? header.slice('Bearer '.length) : null;
  };

  /**
   * A deploy token (the service checks it names the remote), or a signed-in user holding one of
   * `roles`: super_admin to change the registry; admins may also read a remote's status.
   */
  const requireRegistryActor =
    (...roles: Array<'admin' | 'super_admin'>) =>
    async (request: FastifyRequest): Promise<void> => {
      const token = presentedToken(request);
      if (token) {
        request.registryActor = await tokens.authenticate(token);
        return;
      }
      await app.authenticate.call(app, request, undefined as never);
      if (!(roles as string[]).includes(request.user.role)) throw forbidden();
      request.registryActor = { kind: 'user', email: await repository.emailOf(request.user.id) };
    };
  const registryWriter = requireRegistryActor('super_admin');

  /** Signed in or not; a token that is present must be valid (the client then refreshes it). */
  async function optionalUser(request: FastifyRequest): Promise<number | null> {
    if (!request.headers.authorization) return null;
    await app.authenticate.call(app, request, undefined as never);
    return request.user.id;
  }

  app.get(ep.manifest.path, { schema: ep.manifest.schema }, async (request, reply) => {
    const userId = await optionalUser(request);
    const chosen = await service.manifestFor(userId);
    // Per user (canary) and changes with every promote: never cached.
    reply.header('Cache-Control', 'no-store').header('Vary', 'Authorization');
    return presentManifest(service.settings, chosen.map(({ release }) => release), (row, reason) =>
      request.log.warn({ remote: row.name, version: row.version, reason }, 'registry entry skipped'),
    );
  });

  app.get(ep.overview.path, { schema: ep.overview.schema, onRequest: [app.authenticate, app.requireRole('admin', 'super_admin')] }, async () =>
    presentOverview(service.settings, await service.overview()),
  );

  app.post(
    ep.publish.path,
    { schema: ep.publish.schema, bodyLimit: RELEASE_BODY_LIMIT, onRequest: registryWriter },
    async (request, reply) => {
      const { release, active } = await service.publish(request.registryActor!, request.body);
      return reply.code(201).send({ release: presentRelease(release), active });
    },
  );

  app.get(ep.remoteStatus.path, { schema: ep.remoteStatus.schema, onRequest: requireRegistryActor('admin', 'super_admin') }, async (request) => {
    assertMayChange(request.registryActor!, request.params.name);
    const { state, releases, failures, events } = await service.status(request.params.name);
    return { ...presentRemoteState(state, releases, failures), events: events.map(presentEvent) };
  });

  app.post(ep.promote.path, { schema: ep.promote.schema, onRequest: registryWriter }, async (request) => {
    await service.promote(request.registryActor!, request.params.name, request.body.version);
    const { state, releases, failures } = await service.state(request.params.name);
    return presentRemoteState(state, releases, failures);
  });

  app.post(ep.canary.path, { schema: ep.canary.schema, onRequest: registryWriter }, async (request) => {
    await service.setCanary(request.registryActor!, request.params.name, request.body.version, request.body.percent);
    const { state, releases, failures } = await service.state(request.params.name);
    return presentRemoteState(state, releases, failures);
  });

  const superAdmin = { onRequest: [app.authenticate, app.requireRole('super_admin')] };

  app.get(ep.tokens.path, { schema: ep.tokens.schema, ...superAdmin }, async () => (await tokens.list()).map(presentDeployToken));

  app.post(ep.createToken.path, { schema: ep.createToken.schema, ...superAdmin }, async (request, reply) => {
    const { token, row } = await tokens.create(request.body);
    return reply.code(201).send({ token, deployToken: presentDeployToken(row) });
  });

  app.delete(ep.revokeToken.path, { schema: ep.revokeToken.schema, ...superAdmin }, async (request, reply) => {
    await tokens.revoke(request.params.id);
    return reply.code(204).send(null);
  });

  app.post(
    ep.reportLoadFailure.path,
    { schema: ep.reportLoadFailure.schema, onRequest: app.authenticate, preHandler: loadFailuresPerUser },
    async (request, reply) => {
      await service.reportFailure(request.user.id, request.body);
      return reply.code(204).send(null);
    },
  );
};

export default platformRoutes;
