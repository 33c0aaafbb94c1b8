// /api/learning/* and /api/spaced-repetition/*: HTTP in, service call, presenter out.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { canonicalTimeZone } from '../../lib/time';
import { presentQueue, presentReview, presentScheduled, presentSettings, presentStats, presentStudyCard } from './presenter';
import {
  dueSchema,
  forecastSchema,
  getSettingsSchema,
  queueSchema,
  resetSchema,
  reviewSchema,
  scheduleSchema,
  statsSchema,
  undoSchema,
  updateSettingsSchema,
} from './schemas';
import type { StudyService } from './service';

// An unknown or missing time zone falls back to UTC rather than failing the screen.
const zoneOf = (header: string | undefined) => canonicalTimeZone(header) ?? 'UTC';

const studyRoutes: FastifyPluginAsyncTypebox<{ service: StudyService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);

  app.get('/learning/review-queue', { schema: queueSchema }, async (request) =>
    presentQueue(await service.queue(request.user.id, zoneOf(request.headers['x-time-zone']), request.query)),
  );

  // The spec's due-cards call (its path is ours to choose): the due queue as a list.
  app.get('/spaced-repetition/due', { schema: dueSchema }, async (request) =>
    (await service.dueCards(request.user.id, request.query)).map(presentStudyCard),
  );

  app.post('/spaced-repetition/review', { schema: reviewSchema }, async (request) =>
    presentReview(await service.review(request.user.id, request.body, request.headers['idempotency-key'])),
  );

  app.post('/spaced-repetition/undo', { schema: undoSchema }, async (request) => ({
    card: presentStudyCard(await service.undo(request.user.id, request.body.reviewId)),
  }));

  app.post('/spaced-repetition/reset/:cardId', { schema: resetSchema }, async (request) => ({
    card: presentStudyCard(await service.reset(request.user.id, request.params.cardId)),
  }));

  app.get('/spaced-repetition/settings', { schema: getSettingsSchema }, async (request) =>
    presentSettings(await service.settings(request.user.id)),
  );

  app.put('/spaced-repetition/settings', { schema: updateSettingsSchema }, async (request) =>
    presentSettings(await service.updateSettings(request.user.id, request.body)),
  );

  app.get('/spaced-repetition/stats', { schema: statsSchema }, async (request) =>
    presentStats(await service.stats(request.user.id, zoneOf(request.headers['x-time-zone']))),
  );

  app.get('/spaced-repetition/schedule', { schema: scheduleSchema }, async (request) => ({
    cards: (await service.schedule(request.user.id, request.query)).map(presentScheduled),
  }));

  app.get('/spaced-repetition/forecast', { schema: forecastSchema }, async (request) => ({
    days: await service.forecast(request.user.id, zoneOf(request.headers['x-time-zone']), request.query),
  }));
};

export default studyRoutes;
