// /api/health: 200 when this instance can reach its database (saying where attempt limits
// count), 503 when it cannot.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { healthEndpoints as ep } from '@flashcard/api-contract/schemas';
import { presentHealthy, presentUnavailable } from './presenter';
import type { HealthService } from './service';

const healthRoutes: FastifyPluginAsyncTypebox<{ service: HealthService }> = async (app, { service }) => {
  app.get(ep.check.path, { schema: ep.check.schema }, async (_request, reply) => {
    if (await service.isDatabaseUp()) return presentHealthy(service.rateLimitStore());
    return reply.code(503).send(presentUnavailable());
  });

  // No database call: a slow database must not get the process restarted.
  app.get(ep.live.path, { schema: ep.live.schema }, async () => ({ status: 'ok' as const }));
};

export default healthRoutes;
