// /api/learning/* and /api/spaced-repetition/*: HTTP in, service call, presenter out.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { studyEndpoints as ep } from '@flashcard/api-contract/schemas';
import {
  presentChoiceQuestion,
  presentQueue,
  presentReview,
  presentScheduled,
  presentSettings,
  presentStats,
  presentStudyCard,
} from './presenter';
import type { QueueService } from './queue-service';
import type { ReviewService } from './review-service';
import type { SchedulerSettingsService } from './settings-service';
import type { StudyStatsService } from './stats-service';

/** The study module's services, one per responsibility. */
export interface StudyServices {
  queue: QueueService;
  review: ReviewService;
  settings: SchedulerSettingsService;
  stats: StudyStatsService;
}

// An unknown or missing time zone falls back to UTC rather than failing the screen.

const studyRoutes: FastifyPluginAsyncTypebox<StudyServices> = async (app, { queue, review, settings, stats }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(ep.reviewQueue.path, { schema: ep.reviewQueue.schema }, async (request) =>
    presentQueue(await queue.queue(request.user.id, request.user.timeZone, request.query)),
  );

  // The spec's due-cards call (its path is ours to choose): the due queue as a list.
  app.get(ep.due.path, { schema: ep.due.schema }, async (request) =>
    (await queue.dueCards(request.user.id, request.query)).map(presentStudyCard),
  );

  app.get(ep.custom.path, { schema: ep.custom.schema }, async (request) => ({
    cards: (await queue.custom(request.user.id, request.query)).map(presentStudyCard),
  }));

  app.get(ep.multipleChoice.path, { schema: ep.multipleChoice.schema }, async (request) => ({
    questions: (await queue.multipleChoice(request.user.id, request.query)).map(presentChoiceQuestion),
  }));

  app.post(ep.cardAction.path, { schema: ep.cardAction.schema }, async (request) => ({
    card: presentStudyCard(
      await review.cardAction(request.user.id, request.user.timeZone, request.params.cardId, request.params.action),
    ),
  }));

  app.post(ep.review.path, { schema: ep.review.schema }, async (request) =>
    presentReview(
      await review.review(request.user.id, request.user.timeZone, request.body, request.headers['idempotency-key']),
    ),
  );

  app.post(ep.undo.path, { schema: ep.undo.schema }, async (request) => ({
    card: presentStudyCard(await review.undo(request.user.id, request.body.reviewId, request.user.timeZone)),
  }));

  app.post(ep.reset.path, { schema: ep.reset.schema }, async (request) => ({
    card: presentStudyCard(await review.reset(request.user.id, request.params.cardId)),
  }));

  app.get(ep.getSettings.path, { schema: ep.getSettings.schema }, async (request) =>
    presentSettings(await settings.settings(request.user.id)),
  );

  app.put(ep.updateSettings.path, { schema: ep.updateSettings.schema }, async (request) =>
    presentSettings(await settings.updateSettings(request.user.id, request.body)),
  );

  app.get(ep.stats.path, { schema: ep.stats.schema }, async (request) =>
    presentStats(await stats.stats(request.user.id, request.user.timeZone)),
  );

  app.get(ep.schedule.path, { schema: ep.schedule.schema }, async (request) => ({
    cards: (await stats.schedule(request.user.id, request.query)).map(presentScheduled),
  }));

  app.get(ep.forecast.path, { schema: ep.forecast.schema }, async (request) => ({
    days: await stats.forecast(request.user.id, request.user.timeZone, request.query),
  }));
};

export default studyRoutes;
