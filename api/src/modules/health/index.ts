// What the rest of the API uses of the health module (other modules import it from here only).
export { HealthRepository } from './repository';
export { default as healthRoutes } from './routes';
export { HealthService } from './service';
