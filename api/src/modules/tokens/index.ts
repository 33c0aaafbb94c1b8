// What the rest of the API uses of the tokens module (other modules import it from here only).
export { StreakFreezesRepository } from './freezes-repository';
export { TokensRepository } from './repository';
export { default as tokenRoutes } from './routes';
export { TokensService, type TokensRepos } from './service';
