// /api/cards/*: HTTP in, service call, presenter out. No rules here.
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { cardBrowserEndpoints, cardsEndpoints as ep } from '@flashcard/api-contract/schemas';
import type { BulkService } from './bulk';
import { pageHeaders, presentCard, presentCards, presentEdit } from './presenter';
import { MAX_IMPORT_BYTES, MESSAGES, type CardsService } from './service';

// A JSON string may spell the 2 MB of text with escapes (\n, \") up to twice as long.
const IMPORT_BODY_LIMIT = 2 * MAX_IMPORT_BYTES + 64 * 1024;

// Lists can hold thousands of cards. The presenter already picks every field, and on such
// arrays V8's JSON.stringify is several times faster than the schema-compiled serializer
// (measured: ~3 ms vs ~15 ms for 5,000 cards); the response schema still documents the shape.
const plainJson = { serializerCompiler: () => (data: unknown) => JSON.stringify(data) };

const cardRoutes: FastifyPluginAsyncTypebox<{ service: CardsService; bulk: BulkService }> = async (
  app,
  { service, bulk },
) => {
  // Every route here works on the signed-in learner's own cards. onRequest: a stranger is
  // turned away before a (possibly large) body is read.
  app.addHook('onRequest', app.authenticate);

  // Static paths (search, export, filters/options, reset-known, move-to-set, import) win over
  // /cards/:id in Fastify's router whatever the registration order.
  app.get(ep.list.path, { schema: ep.list.schema, ...plainJson }, async (request, reply) => {
    const page = await service.list(request.user.id, request.query);
    return reply.headers(pageHeaders(page)).send(presentCards(page.cards));
  });

  app.get(ep.search.path, { schema: ep.search.schema, ...plainJson }, async (request, reply) => {
    const page = await service.search(request.user.id, request.query, request.user.timeZone);
    return reply.headers(pageHeaders(page)).send({ results: presentCards(page.cards) });
  });

  app.get(ep.filterOptions.path, { schema: ep.filterOptions.schema }, async (request) =>
    service.filterOptions(request.user.id),
  );

  app.get(ep.tags.path, { schema: ep.tags.schema }, async (request) => ({ tags: await service.tags(request.user.id) }));

  app.get(ep.export.path, { schema: ep.export.schema }, async (request, reply) => {
    const { filename, chunks } = await service.exportCsv(request.user.id, request.query.category);
    return (
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        // A stream goes out as written, chunk by chunk, never through the (string) schema.
        .send(Readable.from(chunks) as unknown as string)
    );
  });

  app.post(ep.import.path, { schema: ep.import.schema, bodyLimit: IMPORT_BODY_LIMIT }, async (request) =>
    service.importCards(request.user.id, request.body),
  );

  app.put(ep.resetKnown.path, { schema: ep.resetKnown.schema }, async (request) => ({
    updated: await service.resetKnown(request.user.id),
  }));

  app.put(ep.moveToSet.path, { schema: ep.moveToSet.schema }, async (request) => ({
    moved: await service.moveToSet(request.user.id, request.body.cardIds, request.body.setId),
  }));

  app.post(cardBrowserEndpoints.bulk.path, { schema: cardBrowserEndpoints.bulk.schema }, async (request) =>
    bulk.apply(request.user.id, request.body),
  );

  app.get(ep.get.path, { schema: ep.get.schema }, async (request) =>
    presentCard(await service.get(request.user.id, request.params.id)),
  );

  app.post(ep.create.path, { schema: ep.create.schema }, async (request, reply) =>
    reply
      .code(201)
      .send(presentCard(await service.create(request.user.id, request.body, request.headers['idempotency-key']))),
  );

  app.put(ep.update.path, { schema: ep.update.schema }, async (request) =>
    presentEdit(await service.update(request.user.id, request.params.id, request.body)),
  );

  app.delete(ep.remove.path, { schema: ep.remove.schema }, async (request) => {
    await service.remove(request.user.id, request.params.id, request.query.confirm);
    return { message: MESSAGES.cardDeleted };
  });

  app.put(ep.markKnown.path, { schema: ep.markKnown.schema }, async (request) =>
    presentCard(await service.setKnown(request.user.id, request.params.id, true)),
  );

  app.put(ep.markUnknown.path, { schema: ep.markUnknown.schema }, async (request) =>
    presentCard(await service.setKnown(request.user.id, request.params.id, false)),
  );
};

export default cardRoutes;
