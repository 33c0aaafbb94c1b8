// GET /api/cards/export/apkg: the learner's notes (of one set) as an Anki package, streamed.
// Its own plugin: the import routes' upload hooks (slot, body parser) are not for a download.
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { cardsEndpoints as ep } from '@flashcard/api-contract/schemas';
import type { ApkgExporter } from './export-apkg';

const exportRoutes: FastifyPluginAsyncTypebox<{ exporter: ApkgExporter }> = async (app, { exporter }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(ep.exportApkg.path, { schema: ep.exportApkg.schema }, async (request, reply) => {
    const { filename, chunks } = await exporter.export(request.user.id, request.query.set);
    return (
      reply
        .header('content-type', 'application/apkg')
        .header('content-disposition', `attachment; filename="${filename}"`)
        // A stream goes out as made, chunk by chunk, never through the (string) schema.
        .send(Readable.from(chunks) as unknown as string)
    );
  });
};

export default exportRoutes;
