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
  labels: Type.Optional(
    Type.Partial(Type.Object({ es: NavLabel, fr: NavLabel, de: NavLabel, it: NavLabel }), {
      additionalProperties: false,
    }),
  ),
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

const CohortRoles = Type.Array(Role, { maxItems: 3, uniqueItems: true });
const CohortUserIds = Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 100, uniqueItems: true });

/**
 * Who loads a canary version: a sticky `percent` of users, plus every user of `roles` and the
 * accounts `userIds` (QA or staff first: `{ percent: 0, roles: ['admin', 'super_admin'] }`).
 */
export const Canary = Type.Object({
  version: ReleaseVersion,
  percent: Type.Integer({ minimum: 0, maximum: 100 }),
  roles: CohortRoles,
  userIds: CohortUserIds,
});

/** How one version fares in real browsers over the last 24 hours (each user counted once an hour). */
export const VersionHealth = Type.Object({
  version: Type.String(),
  /** Signed-in users the manifest gave this version. */
  servedUsers: Type.Integer(),
  /** Served users who reported a load failure or a render error. */
  failedUsers: Type.Integer(),
  /** failedUsers / servedUsers; null while nobody was served. */
  failureRate: Nullable(Type.Number()),
  loadFailures: Type.Integer(),
  renderErrors: Type.Integer(),
  /** 75th percentiles of the area's Web Vitals: LCP and INP in ms, CLS unitless; null without reports. */
  lcpP75: Nullable(Type.Number()),
  inpP75: Nullable(Type.Number()),
  clsP75: Nullable(Type.Number()),
  lastMessage: Nullable(Type.String()),
  lastAt: Nullable(Type.String()),
});

/** The health of a version nobody was served and nothing was reported of. */
export function emptyHealth(version: string): VersionHealth {
  return {
    version,
    servedUsers: 0,
    failedUsers: 0,
    failureRate: null,
    loadFailures: 0,
    renderErrors: 0,
    lcpP75: null,
    inpP75: null,
    clsP75: null,
    lastMessage: null,
    lastAt: null,
  };
}

/**
 * Why the registry stopped a canary, as numbers the console words in the admin's language:
 * served and failed users of the canary and of the active version, their failure rates and the
 * margin, in whole percent.
 */
export const HaltFigures = Type.Object({
  failedUsers: Type.Integer(),
  servedUsers: Type.Integer(),
  failurePercent: Type.Integer(),
  activeFailedUsers: Type.Integer(),
  activeServedUsers: Type.Integer(),
  activeFailurePercent: Type.Integer(),
  marginPercent: Type.Integer(),
});

/** A canary the registry stopped itself: its failure rate was over the active version's by the margin. */
export const CanaryHalt = Type.Object({
  version: ReleaseVersion,
  at: Type.String(),
  /** The figures in English, as the audit log keeps them. */
  message: Type.String(),
  /** The same figures to word; null for a halt recorded before they were kept (show `message`). */
  figures: Nullable(HaltFigures),
});

export const RemoteState = Type.Object({
  name: RemoteName,
  activeVersion: Nullable(ReleaseVersion),
  canary: Nullable(Canary),
  /** Newest first. */
  releases: Type.Array(Release),
  /** Each served or reported version's health (last 24 hours), newest release first. */
  health: Type.Array(VersionHealth),
  /** The last automatic halt, until a canary is started again. */
  halted: Nullable(CanaryHalt),
});

export const RegistryAction = Type.Union([
  Type.Literal('publish'),
  Type.Literal('promote'),
  Type.Literal('rollback'),
  Type.Literal('canary'),
  Type.Literal('halt'),
]);

export const RegistryEvent = Type.Object({
  id: Type.Integer(),
  remote: RemoteName,
  action: RegistryAction,
  fromVersion: Nullable(Type.String()),
  toVersion: Nullable(Type.String()),
  /** Canary percentage set (0 with no cohort = canary ended; a halt sets 0). */
  percent: Nullable(Type.Integer()),
  /** What else the change said, in English: a canary's cohort, a halt's figures. */
  detail: Nullable(Type.String()),
  /** A halt's figures to word (null for other actions and for halts recorded before them). */
  figures: Nullable(HaltFigures),
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
  /** Waiting versions this browser is pinned to by preview links (signed in only): the shell shows a badge. */
  previews: Type.Array(Type.Object({ remote: RemoteName, version: ReleaseVersion, expiresAt: Type.String() })),
});

export const PublishResult = Type.Object({ release: Release, active: Type.Boolean() });
export const PromoteBody = Type.Object({ version: ReleaseVersion });
export const CanaryBody = Type.Object({
  /** Required unless the canary ends (percent 0 and no cohort). */
  version: Type.Optional(ReleaseVersion),
  percent: Type.Integer({ minimum: 0, maximum: 100 }),
  /** Users of these roles always get the canary. */
  roles: Type.Optional(CohortRoles),
  /** These accounts always get the canary. */
  userIds: Type.Optional(CohortUserIds),
});

export const HealthReportKind = Type.Union([
  Type.Literal('load-failure'),
  Type.Literal('render-error'),
  Type.Literal('vitals'),
]);

/**
 * What a browser saw of an area. Counted only for a version the server served this user, once
 * per user, version and kind an hour; anything else is accepted and ignored (204 either way).
 */
export const HealthReportBody = Type.Object({
  remote: RemoteName,
  version: Type.String({ minLength: 1, maxLength: 80 }),
  kind: HealthReportKind,
  /** The error (load-failure, render-error). */
  message: Type.Optional(Type.String({ maxLength: 1000 })),
  /** Web Vitals of the area (vitals): ms, ms, unitless. */
  lcp: Type.Optional(Type.Number({ minimum: 0, maximum: 600_000 })),
  inp: Type.Optional(Type.Number({ minimum: 0, maximum: 600_000 })),
  cls: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
});

export const PreviewBody = Type.Object({ version: ReleaseVersion });
export const PreviewLink = Type.Object({
  /** Open it signed in: this browser then loads `version` of the remote until it leaves the preview or the link expires. */
  url: Type.String(),
  remote: RemoteName,
  version: ReleaseVersion,
  expiresAt: Type.String(),
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
  tokens: endpoint('GET', '/platform/tokens', {
    response: { 200: Type.Array(DeployToken), ...errorResponses(401, 403) },
  }),
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
  /** A link (24 h) that pins a waiting version for the browser that opens it signed in (the remote's token or a super_admin). */
  createPreview: endpoint('POST', '/platform/remotes/:name/previews', {
    params: RemoteParams,
    body: PreviewBody,
    response: { 201: PreviewLink, ...errorResponses(400, 401, 403, 404) },
  }),
  /** Opening a preview link: remembers it in this browser (a cookie) and redirects to the area. */
  openPreview: endpoint('GET', '/platform/previews/:token', {
    params: Type.Object({ token: Type.String({ maxLength: 100 }) }),
    response: { 302: Type.Null(), ...errorResponses(404, 410) },
  }),
  /** Leave every preview this browser is in. */
  leavePreviews: endpoint('DELETE', '/platform/previews', { response: { 204: Type.Null() } }),
  /** What a browser saw of an area: a load failure, a render error, or its Web Vitals. */
  report: endpoint('POST', '/platform/reports', {
    body: HealthReportBody,
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
export type RegistryOverview = Static<typeof RegistryOverview>;
export type ManifestRemote = Static<typeof ManifestRemote>;
export type Manifest = Static<typeof Manifest>;
export type HealthReportBody = Static<typeof HealthReportBody>;
export type VersionHealth = Static<typeof VersionHealth>;
export type HaltFigures = Static<typeof HaltFigures>;
export type CanaryBody = Static<typeof CanaryBody>;
export type PreviewLink = Static<typeof PreviewLink>;
export type DeployToken = Static<typeof DeployToken>;
export type CreateDeployTokenBody = Static<typeof CreateDeployTokenBody>;
