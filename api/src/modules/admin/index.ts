// What the rest of the API uses of the admin module (other modules import it from here only).
export { AdminRepository } from './repository';
export { default as adminRoutes } from './routes';
export { AdminService } from './service';
