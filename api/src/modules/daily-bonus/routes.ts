// /api/daily-bonus/*: what today's bonus is, and claiming it.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { zoneOf } from '../gamification/params';
import { presentClaim, presentInfo } from './presenter';
import { claimSchema, infoSchema } from './schemas';
import type { DailyBonusService } from './service';

const dailyBonusRoutes: FastifyPluginAsyncTypebox<{ service: DailyBonusService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);

  app.get('/daily-bonus/info', { schema: infoSchema }, async (request) =>
    presentInfo(await service.status(request.user.id, zoneOf(request.headers['x-time-zone']))),
  );

  app.post('/daily-bonus/claim', { schema: claimSchema }, async (request) =>
    presentClaim(await service.claim(request.user.id, zoneOf(request.headers['x-time-zone']))),
  );
};

export default dailyBonusRoutes;
