// The platform registry: releases of remote areas, which version each browser loads (active,
// canary), the audit trail and the load failures browsers report. See docs/PLATFORM.md.
import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../endpoint';
import { errorResponses, Nullable, PathId, Role } from './common';

/** A remote's registry key = its federation name (a JS identifier): `mfe_quiz`. */
export const RemoteName = Type.String({ pattern: '^[a-z][a-z0-9_]{1,39}$' });
/** A module the remote exposes: `./App`. */
export const ExposedModule = Type.String({ pattern: '^\\./[A-Za-z][A-Za-z0-9_-]{0,39}$' });
/** An app path the remote owns: `/quiz`, `/quiz/*`, `/profile/:id`. */
export const AppPath = Type.String({ pattern: '^/[a-z0-9][a-z0-9_:/-]{0,79}(/\\*)?$' });
/** Package version (semver) + '+' + 8 hex of the content hash: `1.2.0+3fa9c2d1`. */
export const ReleaseVersion = Type.String({ minLength: 1, maxLength: 80, pattern: '^[0-9A-Za-z.+-]+$' });

export const RouteSpec = Type.Object({
  path: AppPath,
  module: ExposedModule,
  /** Only these roles may open the route; absent: every signed-in user. */
  roles: Type.Optional(Type.Array(Role, { maxItems: 3 })),
});

const NavLabel = Type.String({ minLength: 1, maxLength: 40 });

export const NavEntrySpec = Type.Object({
  /** English, the label shown when no translation is given for the page's language. */
  label: NavLabel,
  /** The label in the other offered languages: the sidebar follows the learner's language. */
  labels: Type.Optional(Type.Partial(Type.Object({ es: NavLabel, fr: NavLabel, de: NavLabel, it: NavLabel }), { additionalProperties: false })),
  path: AppPath,
  /** One decorative glyph. */
  icon: Type.Optional(Type.String({ maxLength: 4 })),
  /** Position in the sidebar (ascending); the shell's Dashboard is 0. */
  order: Type.Integer({ minimum: 1, maximum: 1000 }),
  /** Only these roles see the entry; absent: every signed-in user. */
  roles: Type.Optional(Type.Array(Role, { maxItems: 3 })),
  /** Module warmed up when the entry is hovered; './App' when absent. */
  module: Type.Optional(ExposedModule),
});

/** What a remote declares about itself (its package.json "flashcardRemote" field). */
export const ReleaseMetadata = Type.Object({
  routes: Type.Array(RouteSpec, { minItems: 1, maxItems: 20 }),
  navigation: Type.Array(NavEntrySpec, { maxItems: 10 }),
  /** The semver range of the kernel (@flashcard/shared-auth) this build needs: `^1.0.0`. */
  kernel: Type.String({ minLength: 1, maxLength: 60 }),
});

export const ReleaseFile = Type.Object({
  path: Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_][A-Za-z0-9._/-]*$' }),
  /** The file's bytes, base64. */
  content: Type.String({ maxLength: 20 * 1024 * 1024 }),
});

export const PublishReleaseBody = Type.Object({
  name: RemoteName,
  /** The remote's package.json version; the server appends the content hash. */
  packageVersion: Type.String({ minLength: 1, maxLength: 60, pattern: '^[0-9]+\\.[0-9]+\\.[0-9]+(-[0-9A-Za-z.-]+)?$' }),
  metadata: ReleaseMetadata,
  /** The built files (mf-manifest.json, remoteEntry.js, chunks). */
  files: Type.Array(ReleaseFile, { minItems: 1, maxItems: 1000 }),
  /** Make it the active version at once (the first release of a remote always is). */
  promote: Type.Optional(Type.Boolean()),
});

export const Release = Type.Object({
  name: RemoteName,
  version: ReleaseVersion,
  packageVersion: Type.String(),
  kernel: Type.String(),
  exposes: Type.Array(Type.String()),
  routes: Type.Array(RouteSpec),
  navigation: Type.Array(NavEntrySpec),
  /** gzip bytes of what the browser fetches to show the remote's first route. */
  firstLoadGzip: Type.Integer(),
  totalBytes: Type.Integer(),
  fileCount: Type.Integer(),
  publishedBy: Type.String(),
  publishedAt: Type.String(),
});

export const Canary = Type.Object({ version: ReleaseVersion, percent: Type.Integer({ minimum: 1, maximum: 100 }) });

export const LoadFailureCount = Type.Object({
  version: Type.String(),
  count: Type.Integer(),
  lastMessage: Type.String(),
  lastAt: Type.String(),
});

export const RemoteState = Type.Object({
  name: RemoteName,
  activeVersion: Nullable(ReleaseVersion),
  canary: Nullable(Canary),
  /** Newest first. */
  releases: Type.Array(Release),
  /** Load failures browsers reported in the last 24 hours, per version. */
  failures: Type.Array(LoadFailureCount),
});

export const RegistryAction = Type.Union([
  Type.Literal('publish'),
  Type.Literal('promote'),
  Type.Literal('rollback'),
  Type.Literal('canary'),
]);

export const RegistryEvent = Type.Object({
  id: Type.Integer(),
  remote: RemoteName,
  action: RegistryAction,
  fromVersion: Nullable(Type.String()),
  toVersion: Nullable(Type.String()),
  /** Canary percentage set (0 = canary ended). */
  percent: Nullable(Type.Integer()),
  actor: Type.String(),
  at: Type.String(),
});

export const RegistryOverview = Type.Object({
  /** The kernel version the served shell provides; releases must accept it. */
  kernelVersion: Type.String(),
  /** Largest first-load gzip size a release may have. */
  budgetGzipBytes: Type.Integer(),
  remotes: Type.Array(RemoteState),
  /** Latest registry changes, newest first. */
  events: Type.Array(RegistryEvent),
});

export const ManifestRemote = Type.Object({
  name: RemoteName,
  version: ReleaseVersion,
  /** URL of the remote's mf-manifest.json for this version. */
  entry: Type.String(),
  routes: Type.Array(RouteSpec),
  navigation: Type.Array(NavEntrySpec),
});

export const Manifest = Type.Object({
  kernelVersion: Type.String(),
  /** Whether this site lets a developer point a remote at a localhost dev server. */
  devOverrides: Type.Boolean(),
  remotes: Type.Array(ManifestRemote),
});

export const PublishResult = Type.Object({ release: Release, active: Type.Boolean() });
export const PromoteBody = Type.Object({ version: ReleaseVersion });
export const CanaryBody = Type.Object({
  /** Required unless percent is 0 (which ends the canary). */
  version: Type.Optional(ReleaseVersion),
  percent: Type.Integer({ minimum: 0, maximum: 100 }),
});
export const LoadFailureBody = Type.Object({
  remote: RemoteName,
  version: Type.String({ minLength: 1, maxLength: 80 }),
  message: Type.String({ maxLength: 1000 }),
});
const RemoteParams = Type.Object({ name: RemoteName });

/** A deploy token as listed (the token itself is shown once, when created). */
export const DeployToken = Type.Object({
  id: Type.Integer(),
  label: Type.String(),
  /** The remotes it may publish, promote, roll back and run canaries of. */
  remotes: Type.Array(RemoteName),
  createdAt: Type.String(),
  lastUsedAt: Nullable(Type.String()),
  expiresAt: Nullable(Type.String()),
  revokedAt: Nullable(Type.String()),
});

export const DEPLOY_TOKEN_MAX_DAYS = 3650;

export const CreateDeployTokenBody = Type.Object({
  /** Who uses it: `quiz-team ci`. */
  label: Type.String({ minLength: 1, maxLength: 100 }),
  remotes: Type.Array(RemoteName, { minItems: 1, maxItems: 20, uniqueItems: true }),
  /** Absent: the token never expires (it can still be revoked). */
  expiresInDays: Type.Optional(Type.Integer({ minimum: 1, maximum: DEPLOY_TOKEN_MAX_DAYS })),
});

export const CreatedDeployToken = Type.Object({
  /** `fcd_...`: shown this once, only its sha256 is stored. */
  token: Type.String(),
  deployToken: DeployToken,
});

/** One remote as its team sees it: its state plus the latest registry changes of it. */
export const RemoteStatus = Type.Composite([
  RemoteState,
  Type.Object({
    /** Newest first: at most 20. */
    events: Type.Array(RegistryEvent),
  }),
]);

export const platformEndpoints = {
  /** What this browser loads (per-user canary when signed in); answers before sign-in too. */
  manifest: endpoint('GET', '/platform/manifest', { response: { 200: Manifest, ...errorResponses(401) } }),
  /** Every remote with its releases, versions and failures, plus the audit trail (admin). */
  overview: endpoint('GET', '/platform/remotes', {
    response: { 200: RegistryOverview, ...errorResponses(401, 403) },
  }),
  /** Publish an immutable release (deploy token or super_admin). */
  publish: endpoint('POST', '/platform/releases', {
    body: PublishReleaseBody,
    response: { 201: PublishResult, ...errorResponses(400, 401, 403, 409, 413, 422) },
  }),
  /** Make a release the active version: promote a newer one or roll back to an older one. */
  promote: endpoint('POST', '/platform/remotes/:name/promote', {
    params: RemoteParams,
    body: PromoteBody,
    response: { 200: RemoteState, ...errorResponses(400, 401, 403, 404) },
  }),
  /** Send `percent` of users (sticky per user) to `version`; percent 0 ends the canary. */
  canary: endpoint('POST', '/platform/remotes/:name/canary', {
    params: RemoteParams,
    body: CanaryBody,
    response: { 200: RemoteState, ...errorResponses(400, 401, 403, 404) },
  }),
  /** One remote's state, releases, failures and audit: its team's deploy token or an admin. */
  remoteStatus: endpoint('GET', '/platform/remotes/:name', {
    params: RemoteParams,
    response: { 200: RemoteStatus, ...errorResponses(401, 403, 404) },
  }),
  /** Every deploy token (super_admin). */
  tokens: endpoint('GET', '/platform/tokens', { response: { 200: Type.Array(DeployToken), ...errorResponses(401, 403) } }),
  /** A new deploy token scoped to some remotes (super_admin). */
  createToken: endpoint('POST', '/platform/tokens', {
    body: CreateDeployTokenBody,
    response: { 201: CreatedDeployToken, ...errorResponses(400, 401, 403) },
  }),
  /** Revoke a deploy token at once (super_admin). */
  revokeToken: endpoint('DELETE', '/platform/tokens/:id', {
    params: Type.Object({ id: PathId }),
    response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) },
  }),
  /** A browser could not load or render a remote. */
  reportLoadFailure: endpoint('POST', '/platform/load-failures', {
    body: LoadFailureBody,
    response: { 204: Type.Null(), ...errorResponses(400, 401, 429) },
  }),
};

export type RouteSpec = Static<typeof RouteSpec>;
export type NavEntrySpec = Static<typeof NavEntrySpec>;
export type ReleaseMetadata = Static<typeof ReleaseMetadata>;
export type PublishReleaseBody = Static<typeof PublishReleaseBody>;
export type Release = Static<typeof Release>;
export type RemoteState = Static<typeof RemoteState>;
export type RegistryEvent = Static<typeof RegistryEvent>;
export type RegistryAction = Static<typeof RegistryAction>;
export type RegistryOverview = Static<typeof RegistryOverview>;
export type ManifestRemote = Static<typeof ManifestRemote>;
export type Manifest = Static<typeof Manifest>;
export type LoadFailureBody = Static<typeof LoadFailureBody>;
export type DeployToken = Static<typeof DeployToken>;
export type CreateDeployTokenBody = Static<typeof CreateDeployTokenBody>;
export type CreatedDeployToken = Static<typeof CreatedDeployToken>;
export type RemoteStatus = Static<typeof RemoteStatus>;
