// /api/platform/*: the registry of remote areas. Admins read it; super_admins change any remote,
// a deploy token only the remotes it names; every browser asks it what to load (/manifest,
// signed in or not).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { platformEndpoints as ep } from '@flashcard/api-contract/schemas';
import cookie from '@fastify/cookie';
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
import { PREVIEW_LIFETIME_MS, type PlatformService, type Viewer } from './service';
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
  /** The preview cookie is Secure (production: served over HTTPS). */
  secureCookies: boolean;
}

/** The preview links a browser opened, sent only to the registry's calls. */
export const PREVIEW_COOKIE = 'flashcard_preview';
const PREVIEW_COOKIE_PATH = '/api/platform';
const MAX_PREVIEWS = 5;

const platformRoutes: FastifyPluginAsyncTypebox<PlatformRoutesOptions> = async (
  app,
  { service, tokens, repository, secureCookies },
) => {
  await app.register(cookie);
  const reportsPerUser = app.attemptLimit('health-reports', { max: 30, timeWindowMs: 60_000 }, (request) =>
    String(request.user.id),
  );

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
  async function optionalViewer(request: FastifyRequest): Promise<Viewer | null> {
    if (!request.headers.authorization) return null;
    await app.authenticate.call(app, request, undefined as never);
    return { id: request.user.id, role: request.user.role };
  }

  /** The preview links this browser opened (an HttpOnly cookie: no page script reads or forges it). */
  const previewTokens = (request: FastifyRequest) => (request.cookies[PREVIEW_COOKIE] ?? '').split(',').filter(Boolean);
  const previewCookie = {
    httpOnly: true,
    sameSite: 'strict',
    path: PREVIEW_COOKIE_PATH,
    secure: secureCookies,
  } as const;

  app.get(ep.manifest.path, { schema: ep.manifest.schema }, async (request, reply) => {
    const viewer = await optionalViewer(request);
    const { releases, previews } = await service.browserManifest(viewer, previewTokens(request));
    // Per user (canary, previews) and changes with every promote: never cached.
    reply.header('Cache-Control', 'no-store').header('Vary', 'Authorization, Cookie');
    return presentManifest(service.settings, releases, previews, (row, reason) =>
      request.log.warn({ remote: row.name, version: row.version, reason }, 'registry entry skipped'),
    );
  });

  app.post(
    ep.createPreview.path,
    { schema: ep.createPreview.schema, onRequest: registryWriter },
    async (request, reply) => {
      const { token, ...link } = await service.createPreview(
        request.registryActor!,
        request.params.name,
        request.body.version,
      );
      return reply.code(201).send({ url: `/api${ep.openPreview.path.replace(':token', token)}`, ...link });
    },
  );

  // Opened in a browser: remember the link (at most a few, newest kept) and go to the area.
  app.get(ep.openPreview.path, { schema: ep.openPreview.schema }, async (request, reply) => {
    const { landing } = await service.openPreview(request.params.token);
    const tokens = [
      ...previewTokens(request).filter((token) => token !== request.params.token),
      request.params.token,
    ].slice(-MAX_PREVIEWS);
    reply.setCookie(PREVIEW_COOKIE, tokens.join(','), { ...previewCookie, maxAge: PREVIEW_LIFETIME_MS / 1000 });
    return reply.header('Cache-Control', 'no-store').redirect(landing, 302);
  });

  app.delete(ep.leavePreviews.path, { schema: ep.leavePreviews.schema }, async (_request, reply) => {
    reply.clearCookie(PREVIEW_COOKIE, previewCookie);
    return reply.code(204).send(null);
  });

  app.get(
    ep.overview.path,
    { schema: ep.overview.schema, onRequest: [app.authenticate, app.requireRole('admin', 'super_admin')] },
    async () => presentOverview(service.settings, await service.overview()),
  );

  app.post(
    ep.publish.path,
    { schema: ep.publish.schema, bodyLimit: RELEASE_BODY_LIMIT, onRequest: registryWriter },
    async (request, reply) => {
      const { release, active } = await service.publish(request.registryActor!, request.body);
      return reply.code(201).send({ release: presentRelease(release), active });
    },
  );

  app.get(
    ep.remoteStatus.path,
    { schema: ep.remoteStatus.schema, onRequest: requireRegistryActor('admin', 'super_admin') },
    async (request) => {
      assertMayChange(request.registryActor!, request.params.name);
      const { events, ...remote } = await service.status(request.params.name);
      return { ...presentRemoteState(remote), events: events.map(presentEvent) };
    },
  );

  app.post(ep.promote.path, { schema: ep.promote.schema, onRequest: registryWriter }, async (request) => {
    await service.promote(request.registryActor!, request.params.name, request.body.version);
    return presentRemoteState(await service.status(request.params.name));
  });

  app.post(ep.canary.path, { schema: ep.canary.schema, onRequest: registryWriter }, async (request) => {
    await service.setCanary(request.registryActor!, request.params.name, request.body);
    return presentRemoteState(await service.status(request.params.name));
  });

  const superAdmin = { onRequest: [app.authenticate, app.requireRole('super_admin')] };

  app.get(ep.tokens.path, { schema: ep.tokens.schema, ...superAdmin }, async () =>
    (await tokens.list()).map(presentDeployToken),
  );

  app.post(ep.createToken.path, { schema: ep.createToken.schema, ...superAdmin }, async (request, reply) => {
    const { token, row } = await tokens.create(request.body);
    return reply.code(201).send({ token, deployToken: presentDeployToken(row) });
  });

  app.delete(ep.revokeToken.path, { schema: ep.revokeToken.schema, ...superAdmin }, async (request, reply) => {
    await tokens.revoke(request.params.id);
    return reply.code(204).send(null);
  });

  app.post(
    ep.report.path,
    { schema: ep.report.schema, onRequest: app.authenticate, preHandler: reportsPerUser },
    async (request, reply) => {
      await service.report({ id: request.user.id, role: request.user.role }, request.body);
      return reply.code(204).send(null);
    },
  );
};

export default platformRoutes;
