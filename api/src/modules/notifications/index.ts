// What the rest of the API uses of the notifications module (other modules import it from here only).
export { NotificationsRepository } from './repository';
export { default as notificationRoutes } from './routes';
export { NotificationsService } from './service';
