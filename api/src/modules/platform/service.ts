// The platform registry's rules: publishing immutable releases (checked against the shell's
// kernel, the size budget and the routes other remotes own), promote / roll back / canary with
// an audit record each, the manifest every browser loads, and the failures browsers report.
import { createHash, randomBytes } from 'node:crypto';
import semver from 'semver';
import {
  emptyHealth,
  type CanaryBody,
  type HealthReportBody,
  type PublishReleaseBody,
  type ReleaseMetadata,
  type VersionHealth,
} from '@flashcard/api-contract/schemas';
import { isUniqueViolation } from '../../db/errors';
import { jsonList } from '../../lib/json';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error';
import { toTimestamp } from '../../lib/time';
import {
  analyseBuild,
  contentHash,
  contentTypeOf,
  ReleaseRefused,
  type BuiltFile,
  type SingletonRequirement,
} from './release';
import { HEALTH_WINDOW_MS, haltFigures, haltText, healthOf, hourOf, storedFigures, type HaltPolicy } from './health';
import type { PlatformRepository, PreviewRow, ReleaseRow, StateRow } from './repository';
import { actorName, assertMayChange, hashSecret, type RegistryActor } from './tokens';

/** Paths the shell and the server own, with everything under them (`/` itself only). */
export const SHELL_PATHS = [
  '/',
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/dashboard',
  '/settings',
  '/api',
  '/remotes',
];

export const unprocessable = (message: string) => new HttpError(422, message);

export interface PlatformServiceDeps {
  repository: PlatformRepository;
  /** The kernel version the served shell shares (releases must accept it). */
  kernelVersion: string;
  /** The versions of the shared modules the shell provides (its mf-manifest.json): name -> version. */
  shellShared: Record<string, string>;
  budgetGzipBytes: number;
  /** Bytes all releases of one remote may store together. */
  quotaBytes: number;
  /** Whether browsers may point a remote at a localhost dev server. */
  devOverrides: boolean;
  /** When a failing canary stops itself. */
  haltPolicy: HaltPolicy;
  now: () => Date;
}

/** Who asks for the manifest: the canary's cohort is by role and account. */
export interface Viewer {
  id: number;
  role: string;
}

/** Preview links look like `fcp_<32 base64url characters>` and live 24 hours. */
export const PREVIEW_TOKEN_PREFIX = 'fcp_';
export const PREVIEW_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** How the audit trail names the registry halting a canary by itself. */
export const HALT_ACTOR = 'registry';

const NO_CANARY = { canary_version: null, canary_percent: 0, canary_roles: '[]', canary_user_ids: '[]' };

export interface PublishedRelease {
  release: ReleaseRow;
  active: boolean;
}

/** Where a browser fetches a release's files (served by plugins/static.ts from the database). */
export const releaseBaseUrl = (name: string, version: string) => `/remotes/${name}/${encodeURIComponent(version)}/`;

/**
 * Which half of a canary a user is in: a stable number 0-99 from the user and the remote, so
 * the same user gets the same version on every load, on every instance, and different remotes'
 * canaries pick independent groups.
 */
export function canaryBucket(userId: number, remote: string): number {
  return createHash('sha256').update(`${remote}:${userId}`).digest().readUInt32BE(0) % 100;
}

export class PlatformService {
  constructor(private readonly deps: PlatformServiceDeps) {}

  private get repository() {
    return this.deps.repository;
  }

  get settings() {
    return {
      kernelVersion: this.deps.kernelVersion,
      budgetGzipBytes: this.deps.budgetGzipBytes,
      devOverrides: this.deps.devOverrides,
    };
  }

  async publish(by: RegistryActor, input: PublishReleaseBody): Promise<PublishedRelease> {
    assertMayChange(by, input.name);
    const actor = actorName(by);
    const files = decodeFiles(input.files);
    this.checkKernel(input.name, input.metadata.kernel);
    const mounted = [...new Set(input.metadata.routes.map((route) => route.module))];
    let analysis;
    try {
      analysis = analyseBuild(input.name, files, mounted);
    } catch (error) {
      if (error instanceof ReleaseRefused) throw unprocessable(error.message);
      throw error;
    }
    this.checkSingletons(input.name, analysis.singletons);
    if (analysis.firstLoadGzip > this.deps.budgetGzipBytes) {
      throw unprocessable(
        `${input.name}'s first load is ${analysis.firstLoadGzip} bytes gzipped, over the budget of ${this.deps.budgetGzipBytes} bytes`,
      );
    }
    await this.checkRoutes(this.repository, input.name, input.metadata);
    // The server's own build of an in-repository remote is the operator's disk, not a team's share.
    if (by.kind !== 'built-in') await this.checkQuota(input.name, analysis.totalBytes);

    const version = `${input.packageVersion}+${contentHash(files, input.metadata)}`;
    const now = toTimestamp(this.deps.now());
    const metadata = {
      routes: input.metadata.routes,
      navigation: input.metadata.navigation,
      exposes: analysis.exposes,
    };
    try {
      return await this.repository.transaction(async (repository) => {
        const release = await repository.insertRelease(
          {
            name: input.name,
            version,
            package_version: input.packageVersion,
            kernel_range: input.metadata.kernel,
            metadata: JSON.stringify(metadata),
            first_load_gzip: analysis.firstLoadGzip,
            total_bytes: analysis.totalBytes,
            file_count: files.length,
            published_by: actor,
            published_at: now,
          },
          files.map((file) => ({ path: file.path, content: file.content, content_type: contentTypeOf(file.path) })),
        );
        await repository.insertEvent({
          remote: input.name,
          action: 'publish',
          from_version: null,
          to_version: version,
          percent: null,
          actor,
          created_at: now,
        });
        // The first release of a remote becomes active; a later one only when asked.
        const first = await repository.insertState({
          name: input.name,
          active_version: version,
          ...NO_CANARY,
          updated_at: now,
        });
        if (first) {
          await repository.insertEvent({
            remote: input.name,
            action: 'promote',
            from_version: null,
            to_version: version,
            percent: null,
            actor,
            created_at: now,
          });
          return { release, active: true };
        }
        if (input.promote) {
          await this.activate(repository, by, input.name, version, now);
          return { release, active: true };
        }
        return { release, active: false };
      });
    } catch (error) {
      if (isUniqueViolation(error))
        throw conflict(`${input.name} ${version} is already published; releases are immutable`);
      throw error;
    }
  }

  /** Make `version` the active release: a promote, or a rollback when it is older than the current one. */
  async promote(by: RegistryActor, name: string, version: string): Promise<void> {
    assertMayChange(by, name);
    const now = toTimestamp(this.deps.now());
    await this.repository.transaction((repository) => this.activate(repository, by, name, version, now));
  }

  private async activate(
    repository: PlatformRepository,
    by: RegistryActor,
    name: string,
    version: string,
    now: string,
  ): Promise<void> {
    const actor = actorName(by);
    const state = await this.requireState(repository, name);
    const target = await repository.findRelease(name, version);
    if (!target) throw notFound(`${name} has no release ${version}`);
    if (state.active_version === version) return;
    // Another remote may have taken one of its paths since it was published.
    await this.checkRoutes(repository, name, metadataOf(target));
    const current = await repository.findRelease(name, state.active_version);
    const action = current && target.id < current.id ? 'rollback' : 'promote';
    // Promoting the canary version ends the canary: everyone now gets it.
    const endsCanary = state.canary_version === version;
    await repository.updateState(name, {
      ...omitName(state),
      ...(endsCanary ? NO_CANARY : {}),
      active_version: version,
      updated_at: now,
    });
    await repository.insertEvent({
      remote: name,
      action,
      from_version: state.active_version,
      to_version: version,
      percent: null,
      actor,
      created_at: now,
    });
  }

  /**
   * Sends a sticky `percent` of users, every user of `roles` and the accounts `userIds` to
   * `version`; percent 0 with no cohort ends the canary.
   */
  async setCanary(by: RegistryActor, name: string, body: CanaryBody): Promise<void> {
    assertMayChange(by, name);
    const actor = actorName(by);
    const roles = body.roles ?? [];
    const userIds = body.userIds ?? [];
    const now = toTimestamp(this.deps.now());
    await this.repository.transaction(async (repository) => {
      const state = await this.requireState(repository, name);
      if (body.percent === 0 && !roles.length && !userIds.length) {
        if (!state.canary_version) return;
        await repository.updateState(name, { ...omitName(state), ...NO_CANARY, updated_at: now });
        await repository.insertEvent({
          remote: name,
          action: 'canary',
          from_version: state.canary_version,
          to_version: null,
          percent: 0,
          actor,
          created_at: now,
        });
        return;
      }
      const { version } = body;
      if (!version) throw badRequest('Version is required to start a canary');
      const target = await repository.findRelease(name, version);
      if (!target) throw notFound(`${name} has no release ${version}`);
      await this.checkRoutes(repository, name, metadataOf(target));
      if (version === state.active_version) throw badRequest(`${version} is already the active version of ${name}`);
      await repository.updateState(name, {
        ...omitName(state),
        canary_version: version,
        canary_percent: body.percent,
        canary_roles: JSON.stringify(roles),
        canary_user_ids: JSON.stringify(userIds),
        updated_at: now,
      });
      const cohort = [
        roles.length ? `roles ${roles.join(', ')}` : '',
        userIds.length ? `users ${userIds.join(', ')}` : '',
      ]
        .filter(Boolean)
        .join('; ');
      await repository.insertEvent({
        remote: name,
        action: 'canary',
        from_version: state.canary_version,
        to_version: version,
        percent: body.percent,
        actor,
        detail: cohort || null,
        created_at: now,
      });
    });
  }

  private async requireState(repository: PlatformRepository, name: string): Promise<StateRow> {
    const state = await repository.findState(name, true);
    if (!state) throw notFound(`No remote named ${name}`);
    return state;
  }

  /**
   * Per remote: the release this viewer loads: a version a preview link pins, else the canary
   * when the viewer is in its cohort or share, else the active one. Signed out: the active ones.
   */
  async manifestFor(viewer: Viewer | null, pinned: PreviewRow[] = []): Promise<Array<{ release: ReleaseRow }>> {
    const chosen = new Map<string, ReleaseRow>();
    for (const {
      role,
      canary_percent,
      canary_roles,
      canary_user_ids,
      ...release
    } of await this.repository.listServedReleases()) {
      const inCanary =
        viewer !== null &&
        (canaryBucket(viewer.id, release.name) < canary_percent ||
          jsonList(canary_roles).includes(viewer.role) ||
          jsonList(canary_user_ids).includes(viewer.id));
      // Each remote has an active row and, while a canary runs, a canary row: keep the viewer's one.
      if ((role === 'canary') === inCanary) chosen.set(release.name, release);
    }
    for (const link of pinned) {
      const release = await this.repository.findRelease(link.remote, link.version);
      if (release) chosen.set(link.remote, release);
    }
    return [...chosen.values()].map((release) => ({ release }));
  }

  /**
   * The manifest a browser asked for: previews apply to a signed-in viewer only, and what a
   * signed-in viewer is given is recorded (once an hour), so health reports can be weighed.
   */
  async browserManifest(viewer: Viewer | null, previewTokens: string[]) {
    const now = this.deps.now();
    const pinned = viewer ? await this.repository.livePreviews(previewTokens.map(hashSecret), toTimestamp(now)) : [];
    const releases = (await this.manifestFor(viewer, pinned)).map(({ release }) => release);
    if (viewer) {
      const hour = hourOf(now);
      await this.repository.recordServed(
        releases.map((release) => ({ remote: release.name, version: release.version, user_id: viewer.id, hour })),
      );
    }
    const previews = pinned
      .filter((link) => releases.some((release) => release.name === link.remote && release.version === link.version))
      .map((link) => ({ remote: link.remote, version: link.version, expiresAt: link.expires_at }));
    return { releases, previews };
  }

  /** A link (valid 24 h) pinning a release for whoever opens it signed in. */
  async createPreview(by: RegistryActor, name: string, version: string) {
    assertMayChange(by, name);
    if (!(await this.repository.findRelease(name, version))) throw notFound(`${name} has no release ${version}`);
    const token = PREVIEW_TOKEN_PREFIX + randomBytes(24).toString('base64url');
    const now = this.deps.now();
    const expiresAt = toTimestamp(new Date(now.getTime() + PREVIEW_LIFETIME_MS));
    await this.repository.insertPreview({
      token_hash: hashSecret(token),
      remote: name,
      version,
      created_by: actorName(by),
      created_at: toTimestamp(now),
      expires_at: expiresAt,
    });
    return { token, remote: name, version, expiresAt };
  }

  /** The link a token stands for (404 unknown, 410 expired), to remember and redirect to. */
  async openPreview(token: string) {
    const link = token.startsWith(PREVIEW_TOKEN_PREFIX)
      ? await this.repository.findPreview(hashSecret(token))
      : undefined;
    if (!link) throw notFound('No such preview link');
    if (link.expires_at <= toTimestamp(this.deps.now()))
      throw new HttpError(410, `This preview link expired at ${link.expires_at}`);
    const release = await this.repository.findRelease(link.remote, link.version);
    const navigation = release ? metadataOf(release).navigation : [];
    const routes = release ? metadataOf(release).routes : [];
    // Where the area lives: its first navigation entry, else its first route's prefix.
    const landing = navigation[0]?.path ?? (routes[0] ? routePrefix(routes[0].path) : '/');
    return { link, landing };
  }

  /**
   * What a browser saw of an area. Counted only for a version the server served this user in
   * the last 24 hours, once per user, version and kind an hour; a counted failure of the
   * canary version may halt the canary.
   */
  async report(viewer: Viewer, body: HealthReportBody): Promise<void> {
    const now = this.deps.now();
    const since = hourOf(new Date(now.getTime() - HEALTH_WINDOW_MS));
    if (!(await this.repository.wasServed(body.remote, body.version, viewer.id, since))) return;
    const counted = await this.repository.insertReport({
      remote: body.remote,
      version: body.version,
      user_id: viewer.id,
      kind: body.kind,
      hour: hourOf(now),
      message: body.kind === 'vitals' ? null : (body.message ?? ''),
      lcp: body.kind === 'vitals' ? (body.lcp ?? null) : null,
      inp: body.kind === 'vitals' ? (body.inp ?? null) : null,
      cls: body.kind === 'vitals' ? (body.cls ?? null) : null,
      created_at: toTimestamp(now),
    });
    if (!counted) return;
    await this.repository.pruneReports(body.remote, since);
    if (body.kind !== 'vitals') await this.haltIfFailing(body.remote, body.version);
  }

  /** Ends the canary of `remote` if `version` is it and fails too often (an audit row says why). */
  private async haltIfFailing(remote: string, version: string): Promise<void> {
    const now = this.deps.now();
    await this.repository.transaction(async (repository) => {
      const state = await repository.findState(remote, true);
      if (!state || state.canary_version !== version) return;
      const health = await this.healthOf(repository, remote, now);
      const figures = haltFigures(health.get(version), health.get(state.active_version), this.deps.haltPolicy);
      if (!figures) return;
      const at = toTimestamp(now);
      await repository.updateState(remote, { ...omitName(state), ...NO_CANARY, updated_at: at });
      await repository.insertEvent({
        remote,
        action: 'halt',
        from_version: version,
        to_version: null,
        percent: 0,
        actor: HALT_ACTOR,
        // The audit log's English, and the figures the console words in the admin's language.
        detail: haltText(version, figures),
        params: JSON.stringify(figures),
        created_at: at,
      });
    });
  }

  /** Served counts and reports of the health window (one remote's, or all). */
  private async healthRows(repository: PlatformRepository, remote: string | undefined, now: Date) {
    const since = hourOf(new Date(now.getTime() - HEALTH_WINDOW_MS));
    const [served, reports] = await Promise.all([
      repository.servedUsers(since, remote),
      repository.reports(since, remote),
    ]);
    return { served, reports };
  }

  private async healthOf(
    repository: PlatformRepository,
    remote: string,
    now: Date,
  ): Promise<Map<string, VersionHealth>> {
    const { served, reports } = await this.healthRows(repository, remote, now);
    return healthOf(remote, served, reports);
  }

  async overview() {
    const now = this.deps.now();
    const [releases, states, events, rows] = await Promise.all([
      this.repository.listReleases(),
      this.repository.listStates(),
      this.repository.listEvents(50),
      this.healthRows(this.repository, undefined, now),
    ]);
    const remotes = await Promise.all(
      states.map(async (state) => this.stateView(state, releases, healthOf(state.name, rows.served, rows.reports))),
    );
    return { remotes, events };
  }

  /** One remote as its team sees it: state, releases, health, the last halt, its latest audit rows. */
  async status(name: string) {
    const state = await this.repository.findState(name);
    if (!state) throw notFound(`No remote named ${name}`);
    const [releases, health, events] = await Promise.all([
      this.repository.listReleases(name),
      this.healthOf(this.repository, name, this.deps.now()),
      this.repository.listEvents(20, name),
    ]);
    return { ...(await this.stateView(state, releases, health)), events };
  }

  private async stateView(state: StateRow, allReleases: ReleaseRow[], health: Map<string, VersionHealth>) {
    const releases = allReleases.filter((release) => release.name === state.name);
    // Each release newest first that was served or reported, and always the active and the canary.
    const shown = releases
      .filter(
        (release) =>
          health.has(release.version) ||
          release.version === state.active_version ||
          release.version === state.canary_version,
      )
      .map((release) => health.get(release.version) ?? emptyHealth(release.version));
    const lastCanaryChange = await this.repository.lastCanaryChange(state.name);
    const halted =
      lastCanaryChange?.action === 'halt' && lastCanaryChange.from_version
        ? {
            version: lastCanaryChange.from_version,
            at: lastCanaryChange.created_at,
            message: lastCanaryChange.detail ?? '',
            figures: storedFigures(lastCanaryChange.params),
          }
        : null;
    return { state, releases, health: shown, halted };
  }

  file(name: string, version: string, path: string) {
    return this.repository.findFile(name, version, path);
  }

  /**
   * The version policy: a singleton runs in the shell's version whatever the remote was built
   * with, so each singleton's range in the build's mf-manifest.json must accept it. Refused here,
   * a mismatch never reaches a learner (at run time it would only warn, and run mismatched code).
   */
  private checkSingletons(name: string, singletons: SingletonRequirement[]): void {
    for (const { name: shared, requiredVersion } of singletons) {
      const provided = this.deps.shellShared[shared];
      if (!provided) continue; // the shell does not share it: the remote loads its own
      if (!semver.validRange(requiredVersion))
        throw unprocessable(`${name} declares ${shared} ${requiredVersion}, which is not a semver range`);
      if (!semver.satisfies(provided, requiredVersion)) {
        throw unprocessable(`${name} needs ${shared} ${requiredVersion}, but the shell shares ${shared} ${provided}`);
      }
    }
  }

  private checkKernel(name: string, range: string): void {
    if (!semver.validRange(range)) throw unprocessable(`"${range}" is not a semver range of the kernel`);
    if (!semver.satisfies(this.deps.kernelVersion, range)) {
      throw unprocessable(
        `${name} needs kernel (@flashcard/shared-auth) ${range}, but the shell provides ${this.deps.kernelVersion}`,
      );
    }
  }

  /**
   * Route namespaces: a remote owns the prefixes of its routes. A release may not claim a path
   * equal to, inside or containing another remote's prefix (its active or canary release), nor
   * a shell path or anything under one; its navigation entries point inside its own routes.
   */
  private async checkRoutes(
    repository: PlatformRepository,
    name: string,
    metadata: Pick<ReleaseMetadata, 'routes' | 'navigation'>,
  ): Promise<void> {
    const claimed = metadata.routes.map((route) => routePrefix(route.path));
    for (const prefix of claimed) {
      const shell = SHELL_PATHS.find((path) => (path === '/' ? prefix === '/' : overlaps(prefix, path)));
      if (shell) throw unprocessable(`${prefix} overlaps ${shell}, which belongs to the shell`);
    }
    for (const entry of metadata.navigation) {
      if (!claimed.some((prefix) => within(entry.path, prefix))) {
        throw unprocessable(
          `The navigation entry "${entry.label}" points at ${entry.path}, outside ${name}'s own routes (${claimed.join(', ')})`,
        );
      }
    }
    for (const release of await repository.listServedReleases()) {
      if (release.name === name) continue;
      const owned = metadataOf(release)
        .routes.filter((route) => typeof route?.path === 'string')
        .map((route) => routePrefix(route.path));
      for (const prefix of claimed) {
        const clash = owned.find((other) => overlaps(prefix, other));
        if (clash) throw unprocessable(`${prefix} overlaps ${clash}, which ${release.name} owns`);
      }
    }
  }

  /** Every release a remote keeps counts against its quota (releases are immutable). */
  private async checkQuota(name: string, adding: number): Promise<void> {
    const stored = await this.repository.storedBytes(name);
    if (stored + adding > this.deps.quotaBytes) {
      throw new HttpError(
        413,
        `${name} would store ${stored + adding} bytes of releases, over its quota of ${this.deps.quotaBytes} bytes (${stored} stored already)`,
      );
    }
  }
}

/** The prefix a route path claims: `/social/*` -> `/social`, `/profile/:id` -> `/profile`. */
export function routePrefix(path: string): string {
  const segments = path.replace(/\/\*$/, '').split('/');
  const param = segments.findIndex((segment) => segment.startsWith(':'));
  return (param === -1 ? segments : segments.slice(0, param)).join('/') || '/';
}

/** `path` is `prefix` or under it. */
const within = (path: string, prefix: string) =>
  prefix === '/' ? path === '/' : path === prefix || path.startsWith(`${prefix}/`);

/** One prefix equals, contains or lies inside the other. */
const overlaps = (a: string, b: string) => within(a, b) || within(b, a);

/** A stored release's routes and navigation; an unreadable entry owns nothing (the manifest skips it too). */
function metadataOf(release: ReleaseRow): Pick<ReleaseMetadata, 'routes' | 'navigation'> {
  try {
    const parsed = JSON.parse(release.metadata) as Partial<ReleaseMetadata>;
    return {
      routes: Array.isArray(parsed.routes) ? parsed.routes : [],
      navigation: Array.isArray(parsed.navigation) ? parsed.navigation : [],
    };
  } catch {
    return { routes: [], navigation: [] };
  }
}

function omitName(state: StateRow): Omit<StateRow, 'name'> {
  const { name: _name, ...rest } = state;
  return rest;
}

function decodeFiles(files: PublishReleaseBody['files']): BuiltFile[] {
  const seen = new Set<string>();
  return files.map((file) => {
    if (file.path.split('/').some((segment) => segment === '..' || segment === '.' || segment === '')) {
      throw badRequest(`File path "${file.path}" is not allowed`);
    }
    if (seen.has(file.path)) throw badRequest(`File "${file.path}" is listed twice`);
    seen.add(file.path);
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(file.content)) throw badRequest(`File "${file.path}" is not base64`);
    return { path: file.path, content: Buffer.from(file.content, 'base64') };
  });
}
