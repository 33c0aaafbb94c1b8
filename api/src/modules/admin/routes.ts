// /api/admin/*: admin or super_admin only (checked here, on every call); the finer rules
// (who may change roles, disable whom) are the service's.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { adminEndpoints as ep } from '@flashcard/api-contract/schemas';
import { presentAdminEvent, presentAdminUser } from './presenter';
import type { AdminService } from './service';

export interface AdminRoutesOptions {
  service: AdminService;
}

const adminRoutes: FastifyPluginAsyncTypebox<AdminRoutesOptions> = async (app, { service }) => {
  const onRequest = [app.authenticate, app.requireRole('admin', 'super_admin')];

  app.get(ep.overview.path, { schema: ep.overview.schema, onRequest }, async () => {
    const { totals, recentUsers } = await service.overview();
    return { totals, recentUsers: recentUsers.map(presentAdminUser) };
  });

  app.get(ep.users.path, { schema: ep.users.schema, onRequest }, async (request) => {
    const result = await service.users(request.query);
    return { ...result, users: result.users.map(presentAdminUser) };
  });

  app.put(ep.setRole.path, { schema: ep.setRole.schema, onRequest }, async (request) =>
    presentAdminUser(await service.setRole(request.user, request.params.id, request.body.role)),
  );

  app.post(ep.disable.path, { schema: ep.disable.schema, onRequest }, async (request) =>
    presentAdminUser(await service.setDisabled(request.user, request.params.id, true)),
  );

  app.post(ep.enable.path, { schema: ep.enable.schema, onRequest }, async (request) =>
    presentAdminUser(await service.setDisabled(request.user, request.params.id, false)),
  );

  app.get(ep.audit.path, { schema: ep.audit.schema, onRequest }, async (request) => {
    const result = await service.audit(request.query);
    return { ...result, events: result.events.map(presentAdminEvent) };
  });
};

export default adminRoutes;
