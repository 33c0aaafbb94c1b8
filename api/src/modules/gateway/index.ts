// The service gateway: teams' own servers registered by operators and reached by browsers at
// /api/services/<name>/* (app.ts imports it from here only).
export { GatewayRepository } from './repository';
export { ServiceRegistry } from './registry';
export { default as serviceRoutes } from './routes';
