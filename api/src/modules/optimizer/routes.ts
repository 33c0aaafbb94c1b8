// /api/spaced-repetition/optimizer*: HTTP in, service call, JSON out.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { optimizerEndpoints as ep } from '@flashcard/api-contract/schemas';
import type { OptimizerService } from './service';

const optimizerRoutes: FastifyPluginAsyncTypebox<{ service: OptimizerService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(ep.status.path, { schema: ep.status.schema }, async (request) => service.status(request.user.id));

  app.post(ep.optimize.path, { schema: ep.optimize.schema }, async (request) =>
    service.optimize(request.user.id, request.user.timeZone),
  );

  app.post(ep.reschedule.path, { schema: ep.reschedule.schema }, async (request) =>
    service.reschedule(request.user.id, request.user.timeZone),
  );
};

export default optimizerRoutes;
