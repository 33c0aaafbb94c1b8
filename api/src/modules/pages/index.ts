// What the rest of the API uses of the pages module (other modules import it from here only).
export { default as pageRoutes } from './routes';
