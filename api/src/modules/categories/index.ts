// What the rest of the API uses of the categories module (other modules import it from here only).
export { CategoriesRepository } from './repository';
export { default as categoryRoutes } from './routes';
export { CategoriesService } from './service';
