// The service gateway: teams' own servers registered by operators and reached by browsers at
// /api/services/<name>/* with an identity the platform signs (app.ts imports it from here only).
export { CircuitBreakers } from './breaker';
export { ServiceIdentity } from './identity';
export { SigningKeys } from './keys';
export { default as gatewayRoutes } from './proxy';
export { GatewayRepository } from './repository';
export { ServiceRegistry } from './registry';
export { ServiceTraffic } from './traffic';
export { default as serviceRoutes } from './routes';
