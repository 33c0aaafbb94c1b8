// /api/dashboard/*: the signed-in learner's own numbers.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { presentDashboard } from './presenter';
import { dashboardSchema } from './schemas';
import type { DashboardService } from './service';

const dashboardRoutes: FastifyPluginAsyncTypebox<{ service: DashboardService }> = async (app, { service }) => {
  app.get('/dashboard/dashboard', { schema: dashboardSchema, preHandler: app.authenticate }, async (request) => {
    const dashboard = await service.dashboard(request.user.id, request.headers['x-time-zone']);
    return presentDashboard(dashboard);
  });
};

export default dashboardRoutes;
