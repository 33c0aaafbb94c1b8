// /api/health: 200 when this instance can reach its database, 503 when it cannot.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { presentHealthy, presentUnavailable } from './presenter';
import { healthSchema } from './schemas';
import type { HealthService } from './service';

const healthRoutes: FastifyPluginAsyncTypebox<{ service: HealthService }> = async (app, { service }) => {
  app.get('/health', { schema: healthSchema }, async (_request, reply) => {
    if (await service.isDatabaseUp()) return presentHealthy();
    return reply.code(503).send(presentUnavailable());
  });
};

export default healthRoutes;
