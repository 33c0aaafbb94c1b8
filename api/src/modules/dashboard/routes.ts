// /api/dashboard/*: the signed-in learner's own numbers. HTTP in, service call, presenter out.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { dashboardEndpoints as ep } from '@flashcard/api-contract/schemas';
import {
  presentAnalytics,
  presentDashboard,
  presentSession,
  presentStudyProgress,
  presentUserStats,
} from './presenter';
import type { DashboardService } from './service';

const dashboardRoutes: FastifyPluginAsyncTypebox<{ service: DashboardService }> = async (app, { service }) => {
  app.get(ep.dashboard.path, { schema: ep.dashboard.schema, preHandler: app.authenticate }, async (request) =>
    presentDashboard(await service.dashboard(request.user.id, request.user.timeZone)),
  );

  app.get(ep.analytics.path, { schema: ep.analytics.schema, preHandler: app.authenticate }, async (request) =>
    presentAnalytics(await service.analytics(request.user.id, request.user.timeZone, request.query)),
  );

  app.get(ep.userStats.path, { schema: ep.userStats.schema, preHandler: app.authenticate }, async (request) =>
    presentUserStats(await service.userStats(request.user.id, request.user.timeZone)),
  );

  app.get(
    ep.recentActivity.path,
    { schema: ep.recentActivity.schema, preHandler: app.authenticate },
    async (request) => ({
      sessions: (await service.recentActivity(request.user.id, request.query)).map(presentSession),
    }),
  );

  app.get(ep.studyProgress.path, { schema: ep.studyProgress.schema, preHandler: app.authenticate }, async (request) =>
    presentStudyProgress(await service.studyProgress(request.user.id, request.user.timeZone)),
  );
};

export default dashboardRoutes;
