// The service gateway: a team's own server, registered by an operator, reached by the browser at
// /api/services/<name>/* with the learner's identity as a short token the platform signs (never
// the learner's own token). See "Your own API" in docs/PLATFORM.md.
import { Type, type Static } from '@sinclair/typebox';
import { endpoint, type Endpoint, type EndpointSchemas, type HttpMethod } from '../endpoint';
import { errorResponses, Nullable } from './common';
import { RemoteName } from './platform';

/** A service's registry key and its path segment: `quiz`, `quiz-api`. */
export const SERVICE_NAME_PATTERN = '^[a-z][a-z0-9-]{0,38}[a-z0-9]$';
export const ServiceName = Type.String({
  pattern: SERVICE_NAME_PATTERN,
  errorMessage:
    'name must be 2-40 lowercase letters, digits or hyphens, starting with a letter and not ending with a hyphen',
});

/** The http(s) address the gateway forwards to; the API checks it further (no credentials, no query). */
export const ServiceUrl = Type.String({
  minLength: 1,
  maxLength: 2000,
  errorMessage: 'url must be an http(s) address',
});

export const RegisterServiceBody = Type.Object({
  name: ServiceName,
  /** `http://quiz-svc:4100` or `https://quiz.internal/api`: the path is kept as the service's base. */
  url: ServiceUrl,
  /** The remotes whose deploy tokens may read this service's health (its team's). */
  remotes: Type.Optional(Type.Array(RemoteName, { maxItems: 20, uniqueItems: true })),
});

export const Service = Type.Object({
  name: ServiceName,
  url: Type.String(),
  remotes: Type.Array(RemoteName),
  createdBy: Type.String(),
  createdAt: Type.String(),
});

export const ServiceEvent = Type.Object({
  id: Type.Integer(),
  service: Type.String(),
  action: Type.Union([Type.Literal('register'), Type.Literal('remove')]),
  url: Type.String(),
  remotes: Type.Array(Type.String()),
  /** `user:<email>`, as the registry's audit names people. */
  actor: Type.String(),
  at: Type.String(),
});

/** The circuit breaker of one API instance (the one that answered): open means calls get 503 at once. */
export const CircuitState = Type.Union([Type.Literal('closed'), Type.Literal('open'), Type.Literal('half-open')]);

export const ServiceHealth = Type.Object({
  circuit: CircuitState,
  /** Failures in a row (5xx answers, refused connections, timeouts) seen by this instance. */
  consecutiveFailures: Type.Integer(),
  /** The last failure this instance saw and why: `status 503`, `refused`, `timeout`. */
  lastFailure: Nullable(Type.Object({ at: Type.String(), reason: Type.String() })),
  /** GET on the service's address, now: any answer is reachable, a 5xx is not ok. */
  probe: Type.Object({
    reachable: Type.Boolean(),
    ok: Type.Boolean(),
    status: Nullable(Type.Integer()),
    latencyMs: Type.Integer(),
    error: Nullable(Type.String()),
  }),
});

/**
 * The service's calls through this API instance over the last `windowSeconds`: how many, the
 * share that failed (percent, one decimal; null without calls) and the 95th percentile of their
 * time (ms; null without calls).
 */
export const ServiceTraffic = Type.Object({
  windowSeconds: Type.Integer(),
  requests: Type.Integer(),
  requestsPerMinute: Type.Number(),
  errorRate: Nullable(Type.Number()),
  p95Ms: Nullable(Type.Integer()),
});

export const ServiceStatus = Type.Composite([
  Service,
  Type.Object({
    health: ServiceHealth,
    traffic: ServiceTraffic,
    /** Newest first: at most 20. */
    events: Type.Array(ServiceEvent),
  }),
]);

export const ServicesOverview = Type.Object({
  services: Type.Array(Service),
  /** Latest registrations and removals, newest first (removed services' too). */
  events: Type.Array(ServiceEvent),
});

/** A public signing key as RFC 7517 has it (EC P-256). */
export const Jwk = Type.Object({
  kty: Type.String(),
  crv: Type.String(),
  x: Type.String(),
  y: Type.String(),
  kid: Type.String(),
  alg: Type.String(),
  use: Type.String(),
});

export const Jwks = Type.Object({ keys: Type.Array(Jwk) });

const ServiceParams = Type.Object({ name: ServiceName });
/** `/services/quiz/questions/3` -> name `quiz`, `*` `questions/3`. */
const ServiceCallParams = Type.Object({ name: ServiceName, '*': Type.String() });
/** What the gateway itself may answer; any other status is the service's own. */
const gatewayRefusals = errorResponses(400, 401, 404, 413, 429, 502, 503, 504);
const serviceCall = { params: ServiceCallParams, response: gatewayRefusals };

export const gatewayEndpoints = {
  /** Every registered service and the latest registrations and removals (admin, super_admin). */
  services: endpoint('GET', '/platform/services', {
    response: { 200: ServicesOverview, ...errorResponses(401, 403) },
  }),
  /** Register a team's service under a name (super_admin only: only operators set upstream addresses). */
  registerService: endpoint('POST', '/platform/services', {
    body: RegisterServiceBody,
    response: { 201: Service, ...errorResponses(400, 401, 403, 409) },
  }),
  /** One service, its health and audit: an admin, or a deploy token of one of its remotes. */
  serviceStatus: endpoint('GET', '/platform/services/:name', {
    params: ServiceParams,
    response: { 200: ServiceStatus, ...errorResponses(400, 401, 403, 404) },
  }),
  /** Remove a service: its calls answer 404 from then on (super_admin). */
  removeService: endpoint('DELETE', '/platform/services/:name', {
    params: ServiceParams,
    response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) },
  }),
  /** The public keys a service verifies the gateway's tokens with (no sign-in; cacheable a few minutes). */
  jwks: endpoint('GET', '/platform/jwks.json', { response: { 200: Jwks } }),
  /** A call to a service, passed through as it is (method, path, query, body, status, headers). */
  callServiceGet: endpoint('GET', '/services/:name/*', serviceCall),
  callServicePost: endpoint('POST', '/services/:name/*', serviceCall),
  callServicePut: endpoint('PUT', '/services/:name/*', serviceCall),
  callServiceDelete: endpoint('DELETE', '/services/:name/*', serviceCall),
};

/**
 * An endpoint of a team's own service, declared as the platform declares its own: `path` is the
 * gateway's (`/services/quiz/questions/:id`), so `callEndpoint` sends it through the kernel's
 * client like any platform call; `servicePath` (`/questions/:id`) is where the service itself
 * registers it, since the gateway forwards what follows the name.
 */
export interface ServiceEndpoint<
  S extends EndpointSchemas = EndpointSchemas,
  P extends string = string,
  M extends HttpMethod = HttpMethod,
  N extends string = string,
> extends Endpoint<S, `/services/${N}${P}`, M> {
  service: N;
  servicePath: P;
}

/**
 * `serviceEndpoint('quiz', 'GET', '/questions/:id', { params, response })`. Server-safe (no HTTP
 * client), so the team's service imports the same declaration its remote calls. Throws for a name
 * the registry would refuse or a path the gateway would (not absolute, `.` or `..` segments).
 */
export function serviceEndpoint<
  const N extends string,
  const M extends HttpMethod,
  const P extends `/${string}`,
  const S extends EndpointSchemas,
>(service: N, method: M, path: P, schema: S): ServiceEndpoint<S, P, M, N> {
  if (!new RegExp(SERVICE_NAME_PATTERN).test(service))
    throw new Error(`"${service}" cannot name a service: 2-40 lowercase letters, digits or hyphens`);
  if (!path.startsWith('/') || /[?#]/.test(path) || /(^|\/)\.\.?(\/|$)/.test(path))
    throw new Error(`"${path}" is not a service path: absolute, no query, no . or .. segments`);
  return { method, path: `/services/${service}${path}`, schema, service, servicePath: path };
}

export type RegisterServiceBody = Static<typeof RegisterServiceBody>;
export type Service = Static<typeof Service>;
export type ServiceEvent = Static<typeof ServiceEvent>;
export type ServiceHealth = Static<typeof ServiceHealth>;
export type ServiceStatus = Static<typeof ServiceStatus>;
export type ServiceTraffic = Static<typeof ServiceTraffic>;
export type ServicesOverview = Static<typeof ServicesOverview>;
export type Jwk = Static<typeof Jwk>;
export type Jwks = Static<typeof Jwks>;
