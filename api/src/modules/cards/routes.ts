// /api/cards/*: HTTP in, service call, presenter out. No rules here.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { pageHeaders, presentCard, presentCards } from './presenter';
import {
  createSchema,
  deleteSchema,
  exportSchema,
  filterOptionsSchema,
  getSchema,
  importSchema,
  knownSchema,
  listSchema,
  moveSchema,
  resetKnownSchema,
  searchSchema,
  updateSchema,
} from './schemas';
import { MAX_IMPORT_BYTES, MESSAGES, type CardsService } from './service';

// A JSON string may spell the 2 MB of text with escapes (\n, \") up to twice as long.
const IMPORT_BODY_LIMIT = 2 * MAX_IMPORT_BYTES + 64 * 1024;

// Lists can hold thousands of cards. The presenter already picks every field, and on such
// arrays V8's JSON.stringify is several times faster than the schema-compiled serializer
// (measured: ~3 ms vs ~15 ms for 5,000 cards); the response schema still documents the shape.
const plainJson = { serializerCompiler: () => (data: unknown) => JSON.stringify(data) };

const cardRoutes: FastifyPluginAsyncTypebox<{ service: CardsService }> = async (app, { service }) => {
  // Every route here works on the signed-in learner's own cards. onRequest: a stranger is
  // turned away before a (possibly large) body is read.
  app.addHook('onRequest', app.authenticate);

  // Static paths (search, export, filters/options, reset-known, move-to-set, import) win over
  // /cards/:id in Fastify's router whatever the registration order.
  app.get('/cards', { schema: listSchema, ...plainJson }, async (request, reply) => {
    const page = await service.list(request.user.id, request.query);
    return reply.headers(pageHeaders(page)).send(presentCards(page.cards));
  });

  app.get('/cards/search', { schema: searchSchema, ...plainJson }, async (request, reply) => {
    const page = await service.search(request.user.id, request.query);
    return reply.headers(pageHeaders(page)).send({ results: presentCards(page.cards) });
  });

  app.get('/cards/filters/options', { schema: filterOptionsSchema }, async (request) =>
    service.filterOptions(request.user.id),
  );

  app.get('/cards/export', { schema: exportSchema }, async (request, reply) => {
    const { filename, csv } = await service.exportCsv(request.user.id, request.query.category);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .send(csv);
  });

  app.post('/cards/import', { schema: importSchema, bodyLimit: IMPORT_BODY_LIMIT }, async (request) =>
    service.importCards(request.user.id, request.body),
  );

  app.put('/cards/reset-known', { schema: resetKnownSchema }, async (request) => ({
    updated: await service.resetKnown(request.user.id),
  }));

  app.put('/cards/move-to-set', { schema: moveSchema }, async (request) => ({
    moved: await service.moveToSet(request.user.id, request.body.cardIds, request.body.setId),
  }));

  app.get('/cards/:id', { schema: getSchema }, async (request) =>
    presentCard(await service.get(request.user.id, request.params.id)),
  );

  app.post('/cards', { schema: createSchema }, async (request, reply) =>
    reply.code(201).send(presentCard(await service.create(request.user.id, request.body))),
  );

  app.put('/cards/:id', { schema: updateSchema }, async (request) =>
    presentCard(await service.update(request.user.id, request.params.id, request.body)),
  );

  app.delete('/cards/:id', { schema: deleteSchema }, async (request) => {
    await service.remove(request.user.id, request.params.id, request.query.confirm);
    return { message: MESSAGES.cardDeleted };
  });

  app.put('/cards/:id/known', { schema: knownSchema }, async (request) =>
    presentCard(await service.setKnown(request.user.id, request.params.id, true)),
  );

  app.put('/cards/:id/unknown', { schema: knownSchema }, async (request) =>
    presentCard(await service.setKnown(request.user.id, request.params.id, false)),
  );
};

export default cardRoutes;
