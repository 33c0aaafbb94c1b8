// /api/user/*: the account's settings and display name. HTTP in, service call, JSON out.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { settingsEndpoints as ep } from '@flashcard/api-contract/schemas';
import { presentUser, type AuthService } from '../auth';
import type { SettingsService } from './service';

const settingsRoutes: FastifyPluginAsyncTypebox<{ service: SettingsService; auth: AuthService }> = async (
  app,
  { service, auth },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(ep.getSettings.path, { schema: ep.getSettings.schema }, async (request) => service.get(request.user.id));

  app.put(ep.updateSettings.path, { schema: ep.updateSettings.schema }, async (request) => {
    const settings = await service.update(request.user.id, request.body ?? {});
    // This instance's next request counts days in the new zone at once (others within a second).
    if (settings.timeZone !== request.user.timeZone) app.forgetAccountStatus(request.user.id);
    return settings;
  });

  app.put(ep.updateProfile.path, { schema: ep.updateProfile.schema }, async (request) =>
    presentUser(await auth.rename(request.user.id, request.body.displayName)),
  );
};

export default settingsRoutes;
