// What the rest of the API uses of the sessions module (other modules import it from here only).
export { SessionsRepository } from './repository';
export { default as sessionRoutes } from './routes';
export { ABANDONED_AFTER_MS, countInOpenSession, MESSAGES as SESSION_MESSAGES, SessionsService } from './service';
