// What a published build is made of, worked out from its files alone (never trusted from the
// publisher): the content hash that makes its version, the modules its mf-manifest.json
// exposes, and the gzip size of what a browser fetches to show its first route.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface BuiltFile {
  path: string;
  content: Buffer;
}

export class ReleaseRefused extends Error {}

/**
 * What a release may carry, with the type it is served as: a remote's scripts, styles, JSON,
 * source maps, fonts, images and the license texts minifiers write. Never a page: HTML would run
 * on the site's origin, and the shell is the only page there.
 */
const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
};

/** A build's own precompressed copies (`x.js.br`) are served in place of the file they compress. */
const ENCODED = /\.(br|gz)$/;

export function contentTypeOf(filePath: string): string {
  return CONTENT_TYPES[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

/** Why a file may not be part of a release, or null when it may. */
export function refusedFileReason(filePath: string): string | null {
  const extension = path.extname(filePath.replace(ENCODED, '')).toLowerCase();
  if (extension === '.html' || extension === '.htm' || extension === '.xhtml') {
    return `${filePath} is an HTML page; a release may not carry pages (the shell is the only page of the site)`;
  }
  if (!CONTENT_TYPES[extension]) {
    return `${filePath} is not a kind of file a release may carry (scripts, styles, JSON, source maps, fonts, images, text)`;
  }
  return null;
}

/** Only scripts run as what they are; any other file is served sandboxed, never as an active document. */
export const isScriptType = (contentType: string) => contentType.startsWith('text/javascript');

/** Files a build folder holds that are no part of a release: maps stay with the team, the standalone page with the dev server. */
export function isReleaseFile(relativePath: string): boolean {
  return (
    !relativePath.endsWith('.map') &&
    // The standalone page, and the compressed forms the build writes beside it.
    !/\.html(\.br|\.gz)?$/.test(relativePath) &&
    path.basename(relativePath) !== '.build-stamp'
  );
}

/**
 * First 8 hex digits of a sha256 over the metadata and every (path, content) pair in path
 * order: the same build declared with other routes or roles is another release.
 */
export function contentHash(
  files: BuiltFile[],
  metadata: { routes: unknown; navigation: unknown; kernel: string },
): string {
  // Only what the registry keeps: a dev-only field such as devPort makes no new release.
  const declared = { routes: metadata.routes, navigation: metadata.navigation, kernel: metadata.kernel };
  const hash = createHash('sha256').update(JSON.stringify(declared)).update('\0');
  for (const file of [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    hash.update(file.path).update('\0').update(createHash('sha256').update(file.content).digest()).update('\0');
  }
  return hash.digest('hex').slice(0, 8);
}

interface FederationManifest {
  name?: unknown;
  metaData?: { remoteEntry?: { name?: unknown; path?: unknown } };
  exposes?: Array<{ path?: unknown; assets?: { js?: { sync?: unknown }; css?: { sync?: unknown } } }>;
  shared?: Array<{ name?: unknown; singleton?: unknown; requiredVersion?: unknown }>;
}

/** A singleton the build consumes, with the range it was built to accept. */
export interface SingletonRequirement {
  name: string;
  requiredVersion: string;
}

export interface BuildAnalysis {
  exposes: string[];
  firstLoadGzip: number;
  totalBytes: number;
  singletons: SingletonRequirement[];
}

/**
 * Reads the build's mf-manifest.json: it must be this remote's and expose every module the
 * routes mount. First load = remoteEntry.js + the synchronous JS and CSS of those modules.
 */
export function analyseBuild(name: string, files: BuiltFile[], mountedModules: string[]): BuildAnalysis {
  for (const file of files) {
    const refused = refusedFileReason(file.path);
    if (refused) throw new ReleaseRefused(refused);
  }
  const byPath = new Map(files.map((file) => [file.path, file]));
  const manifestFile = byPath.get('mf-manifest.json');
  if (!manifestFile) throw new ReleaseRefused('The release has no mf-manifest.json (build with manifest: true)');
  let manifest: FederationManifest;
  try {
    manifest = JSON.parse(manifestFile.content.toString('utf8')) as FederationManifest;
  } catch {
    throw new ReleaseRefused('mf-manifest.json is not valid JSON');
  }
  if (manifest.name !== name) {
    throw new ReleaseRefused(`mf-manifest.json names the remote "${String(manifest.name)}", not "${name}"`);
  }
  const entryName = manifest.metaData?.remoteEntry?.name;
  const entryPath = [manifest.metaData?.remoteEntry?.path, entryName]
    .filter((part) => typeof part === 'string' && part)
    .join('/');
  const entry = typeof entryName === 'string' ? byPath.get(entryPath) : undefined;
  if (!entry) throw new ReleaseRefused(`The release lacks its remote entry (${entryPath || 'remoteEntry.js'})`);

  const exposes = (manifest.exposes ?? []).map((expose) => String(expose.path ?? '')).filter(Boolean);
  const missing = mountedModules.filter((module) => !exposes.includes(module));
  if (missing.length) {
    throw new ReleaseRefused(
      `The routes mount ${missing.join(', ')}, which the build does not expose (it exposes ${exposes.join(', ') || 'nothing'})`,
    );
  }

  const firstLoad = new Set<string>([entry.path]);
  for (const expose of manifest.exposes ?? []) {
    if (!mountedModules.includes(String(expose.path))) continue;
    for (const list of [expose.assets?.js?.sync, expose.assets?.css?.sync]) {
      if (Array.isArray(list))
        for (const asset of list) if (typeof asset === 'string' && byPath.has(asset)) firstLoad.add(asset);
    }
  }
  const firstLoadGzip = [...firstLoad].reduce(
    (sum, file) => sum + gzipSync(byPath.get(file)!.content, { level: 9 }).length,
    0,
  );
  const totalBytes = files.reduce((sum, file) => sum + file.content.length, 0);
  const singletons = (manifest.shared ?? []).flatMap((shared) =>
    shared.singleton === true &&
    typeof shared.name === 'string' &&
    typeof shared.requiredVersion === 'string' &&
    shared.requiredVersion
      ? [{ name: shared.name, requiredVersion: shared.requiredVersion }]
      : [],
  );
  return { exposes, firstLoadGzip, totalBytes, singletons };
}
