// /api/spaced-repetition/presets and /api/categories/:id/preset: option presets and the preset a
// set uses. HTTP in, service call, presenter out.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { presetsEndpoints as ep } from '@flashcard/api-contract/schemas';
import { presentPreset } from './presenter';
import { deletedMessage, type PresetsService } from './service';

const presetRoutes: FastifyPluginAsyncTypebox<{ service: PresetsService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(ep.list.path, { schema: ep.list.schema }, async (request) =>
    (await service.list(request.user.id)).map(presentPreset),
  );

  app.post(ep.create.path, { schema: ep.create.schema }, async (request, reply) =>
    reply.code(201).send(presentPreset(await service.create(request.user.id, request.body))),
  );

  app.put(ep.update.path, { schema: ep.update.schema }, async (request) =>
    presentPreset(await service.update(request.user.id, request.params.id, request.body)),
  );

  app.delete(ep.remove.path, { schema: ep.remove.schema }, async (request) => {
    const setsMoved = await service.remove(request.user.id, request.params.id);
    return { message: deletedMessage(setsMoved), setsMoved };
  });

  app.put(ep.assign.path, { schema: ep.assign.schema }, async (request) =>
    service.assign(request.user.id, request.params.id, request.body.presetId),
  );
};

export default presetRoutes;
