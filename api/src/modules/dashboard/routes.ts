// /api/dashboard/*: the signed-in learner's own numbers. HTTP in, service call, presenter out.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { presentAnalytics, presentDashboard, presentSession, presentStudyProgress, presentUserStats } from './presenter';
import { analyticsSchema, dashboardSchema, recentActivitySchema, studyProgressSchema, userStatsSchema } from './schemas';
import type { DashboardService } from './service';

const dashboardRoutes: FastifyPluginAsyncTypebox<{ service: DashboardService }> = async (app, { service }) => {
  app.get('/dashboard/dashboard', { schema: dashboardSchema, preHandler: app.authenticate }, async (request) =>
    presentDashboard(await service.dashboard(request.user.id, request.headers['x-time-zone'])),
  );

  app.get('/dashboard/analytics', { schema: analyticsSchema, preHandler: app.authenticate }, async (request) =>
    presentAnalytics(await service.analytics(request.user.id, request.headers['x-time-zone'], request.query)),
  );

  app.get('/dashboard/user-stats', { schema: userStatsSchema, preHandler: app.authenticate }, async (request) =>
    presentUserStats(await service.userStats(request.user.id, request.headers['x-time-zone'])),
  );

  app.get('/dashboard/recent-activity', { schema: recentActivitySchema, preHandler: app.authenticate }, async (request) => ({
    sessions: (await service.recentActivity(request.user.id, request.query)).map(presentSession),
  }));

  app.get('/dashboard/study-progress', { schema: studyProgressSchema, preHandler: app.authenticate }, async (request) =>
    presentStudyProgress(await service.studyProgress(request.user.id, request.headers['x-time-zone'])),
  );
};

export default dashboardRoutes;
