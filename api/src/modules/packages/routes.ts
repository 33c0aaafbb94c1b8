// POST /api/cards/import/apkg: the package's bytes in, the import's report out.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { APKG_MAX_BYTES, cardsEndpoints as ep } from '@flashcard/api-contract/schemas';
import type { PackagesService } from './service';

/** Room above the largest package, so that a slightly bigger one gets the service's own message. */
const BODY_LIMIT = APKG_MAX_BYTES + 1024 * 1024;

const packageRoutes: FastifyPluginAsyncTypebox<{ service: PackagesService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);
  // A package arrives as bytes (in this plugin only).
  app.addContentTypeParser(['application/zip', 'application/octet-stream', 'application/x-zip-compressed'], { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );

  app.post(ep.importApkg.path, { schema: ep.importApkg.schema, bodyLimit: BODY_LIMIT }, async (request) =>
    service.importApkg(request.user.id, request.body, request.query),
  );
};

export default packageRoutes;
