// What the rest of the API uses of the media module (other modules import it from here only):
// importers store a package's images through MediaService.store.
export { MediaRepository } from './repository';
export { default as mediaRoutes } from './routes';
export { MESSAGES as MEDIA_MESSAGES, MediaService, safeMediaName } from './service';
