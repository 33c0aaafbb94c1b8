// /api/notifications/*: the learner's notifications, the unread count, marking them read.
// The static path mark-all-read and the parametric :id/mark-read differ in length, so the
// router never mistakes one for the other.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notificationsEndpoints as ep } from '@flashcard/api-contract/schemas';
import { presentNotification } from './presenter';
import type { NotificationsService } from './service';

const notificationRoutes: FastifyPluginAsyncTypebox<{ service: NotificationsService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(ep.list.path, { schema: ep.list.schema }, async (request) => {
    const result = await service.list(request.user.id, request.user.timeZone, request.query);
    return { notifications: result.notifications.map(presentNotification), unreadCount: result.unreadCount };
  });

  app.get(ep.unreadCount.path, { schema: ep.unreadCount.schema }, async (request) => ({
    count: await service.unreadCount(request.user.id, request.user.timeZone),
  }));

  app.put(ep.markAllRead.path, { schema: ep.markAllRead.schema }, async (request) => ({
    updated: await service.markAllRead(request.user.id),
  }));

  app.put(ep.markRead.path, { schema: ep.markRead.schema }, async (request) => ({
    notification: presentNotification(await service.markRead(request.user.id, request.params.id)),
  }));
};

export default notificationRoutes;
