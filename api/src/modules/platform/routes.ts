// /api/platform/*: the registry of remote areas. Admins read it; super_admins and deploy tokens
// change it; every browser asks it what to load (/manifest, signed in or not).
import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { platformEndpoints as ep } from '@flashcard/api-contract/schemas';
import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../../lib/http-error';
import { presentManifest, presentOverview, presentRelease, presentRemoteState } from './presenter';
import type { PlatformRepository } from './repository';
import type { PlatformService } from './service';

/** Deploy tokens look like `fcd_<43 base64url characters>`; only their sha256 is stored. */
export const DEPLOY_TOKEN_PREFIX = 'fcd_';
export const hashDeployToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A release body carries the built files in base64: far above the API's usual 100 KB. */
export const RELEASE_BODY_LIMIT = 64 * 1024 * 1024;

declare module 'fastify' {
  interface FastifyRequest {
    /** Who changes the registry: `token:<label>` or `user:<email>` (set by requireRegistryWriter). */
    registryActor?: string;
  }
}

export interface PlatformRoutesOptions {
  service: PlatformService;
  repository: PlatformRepository;
  now: () => Date;
}

const platformRoutes: FastifyPluginAsyncTypebox<PlatformRoutesOptions> = async (app, { service, repository, now }) => {
  const loadFailuresPerUser = app.attemptLimit('load-failures', { max: 30, timeWindowMs: 60_000 }, (request) => String(request.user.id));

  /** A deploy token, or a signed-in super_admin. */
  async function requireRegistryWriter(request: FastifyRequest): Promise<void> {
    const header = request.headers.authorization ?? '';
    const token = header.startsWith(`Bearer ${DEPLOY_TOKEN_PREFIX}`) ? header.slice('Bearer '.length) : null;
    if (token) {
      const label = await repository.useDeployToken(hashDeployToken(token), now().toISOString());
      if (!label) throw unauthorized('Invalid deploy token');
      request.registryActor = `token:${label}`;
      return;
    }
    await app.authenticate.call(app, request, undefined as never);
    if (request.user.role !== 'super_admin') throw forbidden();
    request.registryActor = await repository.actorOf(request.user.id);
  }

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
    { schema: ep.publish.schema, bodyLimit: RELEASE_BODY_LIMIT, onRequest: requireRegistryWriter },
    async (request, reply) => {
      const { release, active } = await service.publish(request.registryActor!, request.body);
      return reply.code(201).send({ release: presentRelease(release), active });
    },
  );

  app.post(ep.promote.path, { schema: ep.promote.schema, onRequest: requireRegistryWriter }, async (request) => {
    await service.promote(request.registryActor!, request.params.name, request.body.version);
    const { state, releases, failures } = await service.state(request.params.name);
    return presentRemoteState(state, releases, failures);
  });

  app.post(ep.canary.path, { schema: ep.canary.schema, onRequest: requireRegistryWriter }, async (request) => {
    await service.setCanary(request.registryActor!, request.params.name, request.body.version, request.body.percent);
    const { state, releases, failures } = await service.state(request.params.name);
    return presentRemoteState(state, releases, failures);
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
