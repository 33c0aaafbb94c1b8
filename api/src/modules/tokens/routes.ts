// /api/tokens/*: the learner's token balance, its history, the ways to earn tokens, and streak
// freezes (held, bought).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { tokensEndpoints as ep } from '@flashcard/api-contract/schemas';
import { presentEntry } from './presenter';
import type { TokensService } from './service';

const tokenRoutes: FastifyPluginAsyncTypebox<{ service: TokensService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(ep.balance.path, { schema: ep.balance.schema }, async (request) => ({
    balance: await service.balance(request.user.id),
  }));

  app.get(ep.history.path, { schema: ep.history.schema }, async (request) => ({
    entries: (await service.history(request.user.id, request.query)).map(presentEntry),
  }));

  app.get(ep.opportunities.path, { schema: ep.opportunities.schema }, async (request) => ({
    opportunities: await service.opportunities(request.user.id, request.user.timeZone),
  }));

  app.get(ep.streakFreezes.path, { schema: ep.streakFreezes.schema }, (request) =>
    service.streakFreezes(request.user.id),
  );

  app.post(ep.buyStreakFreeze.path, { schema: ep.buyStreakFreeze.schema }, async (request, reply) =>
    reply.code(201).send(await service.buyStreakFreeze(request.user.id)),
  );
};

export default tokenRoutes;
