// /api/spaced-repetition/workload: HTTP in, service call, JSON out.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { workloadEndpoints as ep } from '@flashcard/api-contract/schemas';
import type { WorkloadService } from './service';

const workloadRoutes: FastifyPluginAsyncTypebox<{ service: WorkloadService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(ep.workload.path, { schema: ep.workload.schema }, async (request) =>
    service.workload(request.user.id, request.query),
  );
};

export default workloadRoutes;
