// What the rest of the API uses of the presets module (other modules import it from here only).
export { PresetsRepository } from './repository';
export { default as presetRoutes } from './routes';
export { PresetsService } from './service';
