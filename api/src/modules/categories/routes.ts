// /api/categories/*: the learner's sets of cards. HTTP in, service call, presenter out.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { presentCategory } from './presenter';
import { createSchema, deleteSchema, listSchema, updateSchema } from './schemas';
import { deletedMessage, type CategoriesService } from './service';

const categoryRoutes: FastifyPluginAsyncTypebox<{ service: CategoriesService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);

  app.get('/categories', { schema: listSchema }, async (request) =>
    (await service.list(request.user.id)).map(presentCategory),
  );

  app.post('/categories', { schema: createSchema }, async (request, reply) =>
    reply.code(201).send(presentCategory(await service.create(request.user.id, request.body.name))),
  );

  app.put('/categories/:id', { schema: updateSchema }, async (request) =>
    presentCategory(await service.rename(request.user.id, request.params.id, request.body.name)),
  );

  app.delete('/categories/:id', { schema: deleteSchema }, async (request) => {
    const cardsUnfiled = await service.remove(request.user.id, request.params.id);
    return { message: deletedMessage(cardsUnfiled), cardsUnfiled };
  });
};

export default categoryRoutes;
