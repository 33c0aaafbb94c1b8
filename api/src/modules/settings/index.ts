// What the rest of the API uses of the settings module (other modules import it from here only).
export { SettingsRepository } from './repository';
export { default as settingsRoutes } from './routes';
export { SettingsService } from './service';
