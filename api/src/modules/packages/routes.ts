// POST /api/cards/import/apkg: the package's bytes in, the import's report out.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { APKG_MAX_BYTES, cardsEndpoints as ep } from '@flashcard/api-contract/schemas';
import { ImportBusyError } from './gate';
import type { PackagesService } from './service';

/** Room above the largest package, so that a slightly bigger one gets the service's own message. */
const BODY_LIMIT = APKG_MAX_BYTES + 1024 * 1024;

declare module 'fastify' {
  interface FastifyRequest {
    /** The import's slot (ImportGate), taken before the body is read; released once answered. */
    importSlot?: { release: () => void; handling: boolean };
  }
}

const packageRoutes: FastifyPluginAsyncTypebox<{ service: PackagesService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);
  // A package arrives as bytes (in this plugin only).
  app.addContentTypeParser(
    ['application/zip', 'application/octet-stream', 'application/x-zip-compressed'],
    { parseAs: 'buffer', bodyLimit: BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
  // Admitted (or 429) before the upload is buffered. The slot is held while the import runs,
  // even when the client leaves meanwhile; it goes when the request ends without reaching it.
  app.addHook('preParsing', async (request, reply, payload) => {
    try {
      request.importSlot = { release: service.admit(request.user.id), handling: false };
    } catch (error) {
      if (error instanceof ImportBusyError) reply.header('retry-after', error.retryAfterSeconds);
      throw error;
    }
    return payload;
  });
  app.addHook('onResponse', async (request) => request.importSlot?.release());
  app.addHook('onRequestAbort', async (request) => {
    if (!request.importSlot?.handling) request.importSlot?.release();
  });

  app.post(ep.importApkg.path, { schema: ep.importApkg.schema, bodyLimit: BODY_LIMIT }, async (request) => {
    const slot = request.importSlot!;
    slot.handling = true;
    try {
      return await service.importApkg(request.user.id, request.body, request.query);
    } finally {
      slot.release();
    }
  });
};

export default packageRoutes;
