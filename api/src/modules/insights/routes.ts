// /api/insights/*: what the learner's reviews say, and what to do next. HTTP in, service call,
// presenter out. The fixed paths are registered before /insights/:type and win over it.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { timeZoneOf } from '../dashboard/service';
import { presentActions, presentComprehensive, presentInsight, presentUserInsights } from './presenter';
import { byTypeSchema, comprehensiveSchema, recommendedActionsSchema, userInsightsSchema } from './schemas';
import type { InsightsService } from './service';

const insightRoutes: FastifyPluginAsyncTypebox<{ service: InsightsService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);

  app.get('/insights/comprehensive', { schema: comprehensiveSchema }, async (request) =>
    presentComprehensive(await service.comprehensive(request.user.id, timeZoneOf(request.headers['x-time-zone']))),
  );

  app.get('/insights/user-insights', { schema: userInsightsSchema }, async (request) =>
    presentUserInsights(await service.userInsights(request.user.id, timeZoneOf(request.headers['x-time-zone']))),
  );

  app.get('/insights/actions/recommended', { schema: recommendedActionsSchema }, async (request) =>
    presentActions(await service.recommendedActions(request.user.id, timeZoneOf(request.headers['x-time-zone']))),
  );

  app.get('/insights/:type', { schema: byTypeSchema }, async (request) =>
    presentInsight(await service.byType(request.user.id, timeZoneOf(request.headers['x-time-zone']), request.params.type)),
  );
};

export default insightRoutes;
