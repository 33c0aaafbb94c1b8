// /api/categories/*: the learner's sets of cards. HTTP in, service call, presenter out.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { categoriesEndpoints as ep } from '@flashcard/api-contract/schemas';
import { presentCategory } from './presenter';
import { deletedMessage, type CategoriesService } from './service';

const categoryRoutes: FastifyPluginAsyncTypebox<{ service: CategoriesService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(ep.list.path, { schema: ep.list.schema }, async (request) =>
    (await service.list(request.user.id)).map(presentCategory),
  );

  app.post(ep.create.path, { schema: ep.create.schema }, async (request, reply) =>
    reply.code(201).send(presentCategory(await service.create(request.user.id, request.body))),
  );

  app.put(ep.update.path, { schema: ep.update.schema }, async (request) =>
    presentCategory(await service.update(request.user.id, request.params.id, request.body)),
  );

  app.delete(ep.remove.path, { schema: ep.remove.schema }, async (request) => {
    const cardsUnfiled = await service.remove(request.user.id, request.params.id);
    return { message: deletedMessage(cardsUnfiled), cardsUnfiled };
  });
};

export default categoryRoutes;
