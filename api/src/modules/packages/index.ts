// What the rest of the API uses of the packages module (other modules import it from here only).
export { default as packageRoutes } from './routes';
export { PackagesService } from './service';
