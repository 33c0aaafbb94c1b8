// What the page and the service worker say about the remotes' release files, and what a release
// is made of; plain code for both sides (the worker compiles it with its own globals). A release
// lives under /remotes/<name>/<version>/ and never changes (its version is a content hash), so the
// worker keeps its files for good, until the registry no longer names that version here.
//
// page -> worker  { type: 'CACHE_REMOTES', entries }  the mf-manifest.json URLs the registry's
//                 manifest names for this learner; the worker keeps each release whole (its
//                 manifest and every file that lists) and deletes the files of any other version
// page -> worker  { type: 'REMOTES_STATUS' }  asks what is kept
// worker -> page  { type: 'REMOTES_CACHED', releases }  on the message's port, once the caching
//                 asked for before has ended: the release folders kept whole
// page -> worker  { type: 'SKIP_WAITING' }  a waiting worker takes over (the learner chose Reload)

/** The worker's cache of release files (Workbox's runtime cache, beside the precache). */
export const REMOTES_CACHE = 'flashcard-remotes';
/** Where the server serves every release's files. */
export const REMOTES_PATH = '/remotes/';

export type PageMessage =
  { type: 'CACHE_REMOTES'; entries: string[] } | { type: 'REMOTES_STATUS' } | { type: 'SKIP_WAITING' };

export interface RemotesCached {
  type: 'REMOTES_CACHED';
  /** Release folders (`/remotes/<name>/<version>/`) whose every listed file is kept. */
  releases: string[];
}

/** The part of a build's mf-manifest.json that names its files (enhanced's manifest plugin). */
interface ModuleAssets {
  assets?: { js?: FileLists; css?: FileLists };
}
interface FileLists {
  sync?: string[];
  async?: string[];
}
export interface ReleaseManifest {
  metaData?: { remoteEntry?: { path?: string; name?: string } };
  shared?: ModuleAssets[];
  exposes?: ModuleAssets[];
}

/**
 * The release folder of a URL on `origin`, `/remotes/<name>/<version>/`; null for anything else
 * (another origin, a developer's localhost override, a path outside a release).
 */
export function releaseFolder(url: string, origin: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return null;
  }
  if (parsed.origin !== new URL(origin).origin || !parsed.pathname.startsWith(REMOTES_PATH)) return null;
  const [name, version, ...file] = parsed.pathname.slice(REMOTES_PATH.length).split('/');
  return name && version && file.length > 0 ? `${REMOTES_PATH}${name}/${version}/` : null;
}

/**
 * Every file a release's mf-manifest.json names, relative to its folder: the entry, then each
 * exposed and shared module's scripts and styles, those it loads at once and those it loads
 * later (an area's screens, its languages), so the whole area works offline.
 */
export function releaseFiles(manifest: ReleaseManifest): string[] {
  const files = new Set<string>();
  const entry = manifest.metaData?.remoteEntry;
  if (entry?.name) files.add(`${entry.path ? `${entry.path.replace(/\/$/, '')}/` : ''}${entry.name}`);
  for (const module of [...(manifest.exposes ?? []), ...(manifest.shared ?? [])]) {
    for (const lists of [module.assets?.js, module.assets?.css]) {
      for (const file of [...(lists?.sync ?? []), ...(lists?.async ?? [])]) files.add(file);
    }
  }
  return [...files];
}
