// The platform registry's rules: publishing immutable releases (checked against the shell's
// kernel, the size budget and the routes other remotes own), promote / roll back / canary with
// an audit record each, the manifest every browser loads, and the failures browsers report.
import { createHash } from 'node:crypto';
import semver from 'semver';
import type { PublishReleaseBody, ReleaseMetadata } from '@flashcard/api-contract/schemas';
import { isUniqueViolation } from '../../db/errors';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error';
import { toTimestamp } from '../../lib/time';
import { analyseBuild, contentHash, contentTypeOf, ReleaseRefused, type BuiltFile, type SingletonRequirement } from './release';
import type { PlatformRepository, ReleaseRow, StateRow } from './repository';
import { actorName, assertMayChange, type RegistryActor } from './tokens';

/** Paths the shell and the server own, with everything under them (`/` itself only). */
export const SHELL_PATHS = ['/', '/login', '/signup', '/dashboard', '/settings', '/api', '/remotes'];

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
  now: () => Date;
}

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
    return { kernelVersion: this.deps.kernelVersion, budgetGzipBytes: this.deps.budgetGzipBytes, devOverrides: this.deps.devOverrides };
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
    const metadata = { routes: input.metadata.routes, navigation: input.metadata.navigation, exposes: analysis.exposes };
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
        await repository.insertEvent({ remote: input.name, action: 'publish', from_version: null, to_version: version, percent: null, actor, created_at: now });
        // The first release of a remote becomes active; a later one only when asked.
        const first = await repository.insertState({ name: input.name, active_version: version, canary_version: null, canary_percent: 0, updated_at: now });
        if (first) {
          await repository.insertEvent({ remote: input.name, action: 'promote', from_version: null, to_version: version, percent: null, actor, created_at: now });
          return { release, active: true };
        }
        if (input.promote) {
          await this.activate(repository, by, input.name, version, now);
          return { release, active: true };
        }
        return { release, active: false };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(`${input.name} ${version} is already published; releases are immutable`);
      throw error;
    }
  }

  /** Make `version` the active release: a promote, or a rollback when it is older than the current one. */
  async promote(by: RegistryActor, name: string, version: string): Promise<void> {
    assertMayChange(by, name);
    const now = toTimestamp(this.deps.now());
    await this.repository.transaction((repository) => this.activate(repository, by, name, version, now));
  }

  private async activate(repository: PlatformRepository, by: RegistryActor, name: string, version: string, now: string): Promise<void> {
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
      active_version: version,
      canary_version: endsCanary ? null : state.canary_version,
      canary_percent: endsCanary ? 0 : state.canary_percent,
      updated_at: now,
    });
    await repository.insertEvent({ remote: name, action, from_version: state.active_version, to_version: version, percent: null, actor, created_at: now });
  }

  /** Sends `percent` of users to `version`; 0 ends the canary. */
  async setCanary(by: RegistryActor, name: string, version: string | undefined, percent: number): Promise<void> {
    assertMayChange(by, name);
    const actor = actorName(by);
    const now = toTimestamp(this.deps.now());
    await this.repository.transaction(async (repository) => {
      const state = await this.requireState(repository, name);
      if (percent === 0) {
        if (!state.canary_version) return;
        await repository.updateState(name, { ...omitName(state), canary_version: null, canary_percent: 0, updated_at: now });
        await repository.insertEvent({ remote: name, action: 'canary', from_version: state.canary_version, to_version: null, percent: 0, actor, created_at: now });
        return;
      }
      if (!version) throw badRequest('Version is required to start a canary');
      const target = await repository.findRelease(name, version);
      if (!target) throw notFound(`${name} has no release ${version}`);
      await this.checkRoutes(repository, name, metadataOf(target));
      if (version === state.active_version) throw badRequest(`${version} is already the active version of ${name}`);
      await repository.updateState(name, { ...omitName(state), canary_version: version, canary_percent: percent, updated_at: now });
      await repository.insertEvent({ remote: name, action: 'canary', from_version: state.canary_version, to_version: version, percent, actor, created_at: now });
    });
  }

  private async requireState(repository: PlatformRepository, name: string): Promise<StateRow> {
    const state = await repository.findState(name, true);
    if (!state) throw notFound(`No remote named ${name}`);
    return state;
  }

  /** Per remote: the release this user loads (canary when the user falls in its share). */
  async manifestFor(userId: number | null): Promise<Array<{ release: ReleaseRow }>> {
    const chosen = new Map<string, ReleaseRow>();
    for (const { role, canary_percent, ...release } of await this.repository.listServedReleases()) {
      const inCanary = userId !== null && canaryBucket(userId, release.name) < canary_percent;
      // Each remote has an active row and, while a canary runs, a canary row: keep the user's one.
      if ((role === 'canary') === inCanary) chosen.set(release.name, release);
    }
    return [...chosen.values()].map((release) => ({ release }));
  }

  async overview() {
    const since = this.failuresSince();
    const [releases, states, failures, events] = await Promise.all([
      this.repository.listReleases(),
      this.repository.listStates(),
      this.repository.failureCounts(since),
      this.repository.listEvents(50),
    ]);
    return { releases, states, failures, events };
  }

  async state(name: string) {
    const since = this.failuresSince();
    const [state, releases, failures] = await Promise.all([
      this.repository.findState(name),
      this.repository.listReleases(),
      this.repository.failureCounts(since),
    ]);
    if (!state) throw notFound(`No remote named ${name}`);
    return {
      state,
      releases: releases.filter((release) => release.name === name),
      failures: failures.filter((failure) => failure.remote === name),
    };
  }

  /** One remote as its team sees it: `state` plus its latest audit rows. */
  async status(name: string) {
    const [remote, events] = await Promise.all([this.state(name), this.repository.listEvents(20, name)]);
    return { ...remote, events };
  }

  /** Load failures are counted over the last 24 hours. */
  private failuresSince(): string {
    return toTimestamp(new Date(this.deps.now().getTime() - 24 * 60 * 60 * 1000));
  }

  async reportFailure(userId: number, failure: { remote: string; version: string; message: string }): Promise<void> {
    await this.repository.insertFailure({ ...failure, user_id: userId, created_at: toTimestamp(this.deps.now()) });
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
      if (!semver.validRange(requiredVersion)) throw unprocessable(`${name} declares ${shared} ${requiredVersion}, which is not a semver range`);
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
  private async checkRoutes(repository: PlatformRepository, name: string, metadata: Pick<ReleaseMetadata, 'routes' | 'navigation'>): Promise<void> {
    const claimed = metadata.routes.map((route) => routePrefix(route.path));
    for (const prefix of claimed) {
      const shell = SHELL_PATHS.find((path) => (path === '/' ? prefix === '/' : overlaps(prefix, path)));
      if (shell) throw unprocessable(`${prefix} overlaps ${shell}, which belongs to the shell`);
    }
    for (const entry of metadata.navigation) {
      if (!claimed.some((prefix) => within(entry.path, prefix))) {
        throw unprocessable(`The navigation entry "${entry.label}" points at ${entry.path}, outside ${name}'s own routes (${claimed.join(', ')})`);
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
const within = (path: string, prefix: string) => prefix === '/' ? path === '/' : path === prefix || path.startsWith(`${prefix}/`);

/** One prefix equals, contains or lies inside the other. */
const overlaps = (a: string, b: string) => within(a, b) || within(b, a);

/** A stored release's routes and navigation; an unreadable entry owns nothing (the manifest skips it too). */
function metadataOf(release: ReleaseRow): Pick<ReleaseMetadata, 'routes' | 'navigation'> {
  try {
    const parsed = JSON.parse(release.metadata) as Partial<ReleaseMetadata>;
    return { routes: Array.isArray(parsed.routes) ? parsed.routes : [], navigation: Array.isArray(parsed.navigation) ? parsed.navigation : [] };
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
