// /api/dashboard/session/*: the study screens start a session, count cards in it, end it.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sessionsEndpoints as ep } from '@flashcard/api-contract/schemas';
import { presentSession } from '../dashboard';
import type { SessionsService } from './service';

const sessionRoutes: FastifyPluginAsyncTypebox<{ service: SessionsService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);

  app.post(ep.start.path, { schema: ep.start.schema }, async (request, reply) => {
    const session = await service.start(request.user.id, request.body.session_type);
    return reply.code(201).send({ sessionId: session.id, session: presentSession(session) });
  });

  app.post(ep.end.path, { schema: ep.end.schema }, async (request) => ({
    session: presentSession(await service.end(request.user.id, request.body.sessionId, request.user.timeZone)),
  }));

  app.post(ep.cardStudy.path, { schema: ep.cardStudy.schema }, async (request) => ({
    session: presentSession(await service.cardStudy(request.user.id, request.body)),
  }));
};

export default sessionRoutes;
