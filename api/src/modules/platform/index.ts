// What the rest of the API uses of the platform registry (app.ts, the deploy-token CLI and the
// service gateway, which names actors as the registry does, import it from here only).
export { syncBuiltinReleases } from './builtin';
export { default as releaseFileRoutes } from './files';
export { resolveKernelVersion, resolveShellShared } from './kernel';
export { PageHints } from './page-hints';
export { presentDeployToken } from './presenter';
export { PlatformRepository } from './repository';
export { default as platformRoutes } from './routes';
export { PlatformService } from './service';
export { actorName, DEPLOY_TOKEN_PREFIX, DeployTokenService, hashDeployToken, type RegistryActor } from './tokens';
