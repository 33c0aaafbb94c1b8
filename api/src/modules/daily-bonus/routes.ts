// /api/daily-bonus/*: what today's bonus is, and claiming it.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { dailyBonusEndpoints as ep } from '@flashcard/api-contract/schemas';
import { presentClaim, presentInfo } from './presenter';
import type { DailyBonusService } from './service';

const dailyBonusRoutes: FastifyPluginAsyncTypebox<{ service: DailyBonusService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(ep.info.path, { schema: ep.info.schema }, async (request) =>
    presentInfo(await service.status(request.user.id, request.user.timeZone)),
  );

  app.post(ep.claim.path, { schema: ep.claim.schema }, async (request) =>
    presentClaim(await service.claim(request.user.id, request.user.timeZone)),
  );
};

export default dailyBonusRoutes;
