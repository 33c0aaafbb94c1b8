// What the rest of the API uses of the insights module (other modules import it from here only).
export { InsightsRepository } from './repository';
export { default as insightRoutes } from './routes';
export { InsightsService } from './service';
