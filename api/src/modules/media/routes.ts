// /api/media*: HTTP in, service call, JSON or the file's bytes out.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MEDIA_MAX_BYTES, mediaEndpoints as ep } from '@flashcard/api-contract/schemas';
import type { MediaService } from './service';

/** Room above the largest image, so that a slightly bigger one gets the service's own message. */
const BODY_LIMIT = MEDIA_MAX_BYTES * 4;

const mediaRoutes: FastifyPluginAsyncTypebox<{ service: MediaService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);
  // Any image/* or audio/* body arrives as bytes (in this plugin only); the service tells the real type.
  app.addContentTypeParser(/^(image|audio)\//, { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );

  app.get(ep.list.path, { schema: ep.list.schema }, async (request) => service.list(request.user.id));

  app.post(ep.upload.path, { schema: ep.upload.schema, bodyLimit: BODY_LIMIT }, async (request, reply) =>
    reply.code(201).send(await service.store(request.user.id, request.query.name, request.body)),
  );

  app.get(ep.file.path, { schema: ep.file.schema }, async (request, reply) => {
    const file = await service.file(request.user.id, request.params.name);
    // Shown (or played) as what it is, never sniffed into anything else, never as a page.
    return reply
      .type(file.mime)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `inline; filename="${request.params.name}"`)
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(file.data);
  });

  app.delete(ep.remove.path, { schema: ep.remove.schema }, async (request, reply) => {
    await service.remove(request.user.id, request.params.name);
    return reply.code(204).send(null);
  });
};

export default mediaRoutes;
