// /api/notifications/*: the learner's notifications, the unread count, marking them read.
// The static path mark-all-read and the parametric :id/mark-read differ in length, so the
// router never mistakes one for the other.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { zoneOf } from '../gamification/params';
import { presentNotification } from './presenter';
import { listSchema, markAllReadSchema, markReadSchema, unreadCountSchema } from './schemas';
import type { NotificationsService } from './service';

const notificationRoutes: FastifyPluginAsyncTypebox<{ service: NotificationsService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);

  app.get('/notifications', { schema: listSchema }, async (request) => {
    const result = await service.list(request.user.id, zoneOf(request.headers['x-time-zone']), request.query);
    return { notifications: result.notifications.map(presentNotification), unreadCount: result.unreadCount };
  });

  app.get('/notifications/unread-count', { schema: unreadCountSchema }, async (request) => ({
    count: await service.unreadCount(request.user.id, zoneOf(request.headers['x-time-zone'])),
  }));

  app.put('/notifications/mark-all-read', { schema: markAllReadSchema }, async (request) => ({
    updated: await service.markAllRead(request.user.id),
  }));

  app.put('/notifications/:id/mark-read', { schema: markReadSchema }, async (request) => ({
    notification: presentNotification(await service.markRead(request.user.id, request.params.id)),
  }));
};

export default notificationRoutes;
