// /api/insights/*: what the learner's reviews say, and what to do next. HTTP in, service call,
// presenter out. The fixed paths are registered before /insights/:type and win over it.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { insightsEndpoints as ep } from '@flashcard/api-contract/schemas';
import { presentActions, presentComprehensive, presentInsight, presentUserInsights } from './presenter';
import type { InsightsService } from './service';

const insightRoutes: FastifyPluginAsyncTypebox<{ service: InsightsService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(ep.comprehensive.path, { schema: ep.comprehensive.schema }, async (request) =>
    presentComprehensive(await service.comprehensive(request.user.id, request.user.timeZone)),
  );

  app.get(ep.userInsights.path, { schema: ep.userInsights.schema }, async (request) =>
    presentUserInsights(await service.userInsights(request.user.id, request.user.timeZone)),
  );

  app.get(ep.recommendedActions.path, { schema: ep.recommendedActions.schema }, async (request) =>
    presentActions(await service.recommendedActions(request.user.id, request.user.timeZone)),
  );

  app.get(ep.byType.path, { schema: ep.byType.schema }, async (request) =>
    presentInsight(await service.byType(request.user.id, request.user.timeZone, request.params.type)),
  );
};

export default insightRoutes;
