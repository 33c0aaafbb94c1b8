// The remotes built in this repository are released by the server itself at start-up, so
// `npm install && npm start` needs nothing else: each built-in remote's dist becomes a release
// (published by 'built-in') unless that exact build is already one. Built-in means listed in
// the root package.json's "flashcardBuiltinRemotes" (platform-tools/remotes.js reads the same
// list for the build): any other built folder, a stray scaffold say, is not released for every
// learner; it goes live only through a release. A new build replaces the
// active version only while the active version is itself a built-in one: once a team has
// promoted a release of its own, a restart never overrides that choice.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { ReleaseMetadata } from '@flashcard/api-contract/schemas';
import { HttpError } from '../../lib/http-error';
import { contentHash, isReleaseFile, type BuiltFile } from './release';
import type { PlatformRepository } from './repository';
import type { PlatformService } from './service';
import { actorName, BUILT_IN } from './tokens';

/** How the audit trail and `published_by` name the server's own releases. */
export const BUILT_IN_ACTOR = actorName(BUILT_IN);

interface RemotePackage {
  version: string;
  flashcardRemote?: ReleaseMetadata;
}

/** Every file under `dir` that belongs in a release, with paths relative to it. */
export function readBuildFolder(dir: string, prefix = ''): BuiltFile[] {
  const files: BuiltFile[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...readBuildFolder(path.join(dir, entry.name), relative));
    else if (isReleaseFile(relative))
      files.push({ path: relative, content: fs.readFileSync(path.join(dir, entry.name)) });
  }
  return files;
}

/** The folders `webRoot`'s package.json lists in "flashcardBuiltinRemotes" ([] without one). */
export function builtinRemoteFolders(webRoot: string): string[] {
  try {
    const listed: unknown = (
      JSON.parse(fs.readFileSync(path.join(webRoot, 'package.json'), 'utf8')) as { flashcardBuiltinRemotes?: unknown }
    ).flashcardBuiltinRemotes;
    // Plain folder names only: the list must not reach outside webRoot.
    return Array.isArray(listed)
      ? listed.filter(
          (folder): folder is string => typeof folder === 'string' && /^[\w.-]+$/.test(folder) && !/^\.+$/.test(folder),
        )
      : [];
  } catch {
    return [];
  }
}

/** The built-in remotes that are built: listed folders with a package.json "flashcardRemote" and dist/mf-manifest.json. */
export function findBuiltRemotes(
  webRoot: string,
): Array<{ dir: string; pkg: RemotePackage & { flashcardRemote: ReleaseMetadata } }> {
  return builtinRemoteFolders(webRoot)
    .filter((folder) => fs.existsSync(path.join(webRoot, folder, 'dist', 'mf-manifest.json')))
    .map((folder) => {
      const dir = path.join(webRoot, folder);
      const pkgFile = path.join(dir, 'package.json');
      const pkg = fs.existsSync(pkgFile) ? (JSON.parse(fs.readFileSync(pkgFile, 'utf8')) as RemotePackage) : null;
      return { dir, pkg };
    })
    .filter((remote): remote is { dir: string; pkg: RemotePackage & { flashcardRemote: ReleaseMetadata } } =>
      Boolean(remote.pkg?.flashcardRemote),
    );
}

export async function syncBuiltinReleases(
  webRoot: string,
  service: PlatformService,
  repository: PlatformRepository,
  log: FastifyBaseLogger,
): Promise<void> {
  for (const { dir, pkg } of findBuiltRemotes(webRoot)) {
    const files = readBuildFolder(path.join(dir, 'dist'));
    const manifest = JSON.parse(files.find((file) => file.path === 'mf-manifest.json')!.content.toString('utf8')) as {
      name: string;
    };
    const name = manifest.name;
    const version = `${pkg.version}+${contentHash(files, pkg.flashcardRemote)}`;
    const state = await repository.findState(name);
    const active = state ? await repository.findRelease(name, state.active_version) : undefined;
    const followBuilds = !state || active?.published_by === BUILT_IN_ACTOR;
    try {
      if (!(await repository.findRelease(name, version))) {
        await service.publish(BUILT_IN, {
          name,
          packageVersion: pkg.version,
          metadata: pkg.flashcardRemote,
          files: files.map((file) => ({ path: file.path, content: file.content.toString('base64') })),
          promote: followBuilds,
        });
        log.info({ remote: name, version }, 'released the built-in remote');
      } else if (followBuilds && state && state.active_version !== version) {
        await service.promote(BUILT_IN, name, version);
      }
    } catch (error) {
      // Another instance starting at the same moment released it first: fine.
      if (error instanceof HttpError && error.statusCode === 409) continue;
      // One bad build must not keep the server (and the other areas) down.
      log.error({ err: error, remote: name }, 'could not release the built-in remote');
    }
  }
}
