// /api/tokens/*: the learner's token balance, its history, and the ways to earn tokens.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { zoneOf } from '../gamification/params';
import { presentEntry } from './presenter';
import { balanceSchema, historySchema, opportunitiesSchema } from './schemas';
import type { TokensService } from './service';

const tokenRoutes: FastifyPluginAsyncTypebox<{ service: TokensService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);

  app.get('/tokens/balance', { schema: balanceSchema }, async (request) => ({
    balance: await service.balance(request.user.id),
  }));

  app.get('/tokens/history', { schema: historySchema }, async (request) => ({
    entries: (await service.history(request.user.id, request.query)).map(presentEntry),
  }));

  app.get('/tokens/opportunities', { schema: opportunitiesSchema }, async (request) => ({
    opportunities: await service.opportunities(request.user.id, zoneOf(request.headers['x-time-zone'])),
  }));
};

export default tokenRoutes;
