// /api/dashboard/session/*: the study screens start a session, count cards in it, end it.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { canonicalTimeZone } from '../../lib/time';
import { presentSession } from '../dashboard/presenter';
import { cardStudySchema, endSchema, startSchema } from './schemas';
import type { SessionsService } from './service';

const sessionRoutes: FastifyPluginAsyncTypebox<{ service: SessionsService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);

  app.post('/dashboard/session/start', { schema: startSchema }, async (request, reply) => {
    const session = await service.start(request.user.id, request.body.session_type);
    return reply.code(201).send({ sessionId: session.id, session: presentSession(session) });
  });

  app.post('/dashboard/session/end', { schema: endSchema }, async (request) => ({
    session: presentSession(
      await service.end(request.user.id, request.body.sessionId, canonicalTimeZone(request.headers['x-time-zone']) ?? 'UTC'),
    ),
  }));

  app.post('/dashboard/session/card-study', { schema: cardStudySchema }, async (request) => ({
    session: presentSession(await service.cardStudy(request.user.id, request.body)),
  }));
};

export default sessionRoutes;
