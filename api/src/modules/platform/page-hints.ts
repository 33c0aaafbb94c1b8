// What a page of the site will load from the registry, said in its HTML: for the remote whose
// route the page is (active version, routes open to every signed-in user), its mf-manifest.json,
// remoteEntry.js and the first chunks of the module the route mounts, as <link rel="preload">.
// Without them the browser learns of these files only after the shell's code, the registry's
// answer and the remote's manifest, one after the other. A learner in a canary gets another
// version: the hint then costs a few unused bytes, nothing else. A remote the browser overrides
// with a developer's dev server (its overrides cookie, when the site allows overrides) gets none:
// the page loads the dev server's files, not the release's.
import type { PreloadHint } from '../../plugins/static';
import { presentManifest } from './presenter';
import type { ReleaseRow } from './repository';
import { releaseBaseUrl, type PlatformService } from './service';

interface FederationManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: Array<{ path?: string; assets?: { js?: { sync?: string[] } } }>;
}

/** A route path of the registry ("/cards/*", "/profile/:id") matched against a page's path. */
export function routeMatches(route: string, pathname: string): boolean {
  const pattern = route
    .replace(/\/\*$/, '')
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${pattern}${route.endsWith('/*') ? '(?:/.*)?' : '/?'}$`).test(pathname);
}

export class PageHints {
  /** Per release version (immutable): the files its manifest names for each exposed module. */
  private readonly assets = new Map<string, Map<string, string[]> | null>();

  constructor(private readonly service: Pick<PlatformService, 'manifestFor' | 'file' | 'settings'>) {}

  async for(pathname: string, overridden: ReadonlySet<string> = new Set()): Promise<PreloadHint[]> {
    const releases = (await this.service.manifestFor(null)).map(({ release }) => release);
    const manifest = presentManifest(this.service.settings, releases, []);
    for (const remote of manifest.remotes) {
      const route = remote.routes.find(
        (candidate) => !candidate.roles?.length && routeMatches(candidate.path, pathname),
      );
      if (!route) continue;
      if (manifest.devOverrides && overridden.has(remote.name)) return [];
      const release = releases.find((row) => row.name === remote.name)!;
      const files = (await this.filesOf(release))?.get(route.module);
      if (!files) return [];
      const base = releaseBaseUrl(release.name, release.version);
      return [
        { href: `${base}mf-manifest.json`, as: 'fetch' },
        ...files.map((file): PreloadHint => ({ href: `${base}${file}`, as: 'script' })),
      ];
    }
    return [];
  }

  private async filesOf(release: ReleaseRow): Promise<Map<string, string[]> | null> {
    const key = `${release.name}/${release.version}`;
    if (!this.assets.has(key)) this.assets.set(key, await this.read(release));
    return this.assets.get(key)!;
  }

  /** remoteEntry.js and each exposed module's first chunks; null for a manifest it cannot read. */
  private async read(release: ReleaseRow): Promise<Map<string, string[]> | null> {
    const file = await this.service.file(release.name, release.version, 'mf-manifest.json');
    if (!file) return null;
    let parsed: FederationManifest;
    try {
      parsed = JSON.parse(Buffer.from(file.content).toString('utf8')) as FederationManifest;
    } catch {
      return null;
    }
    const entry = parsed.metaData?.remoteEntry;
    if (!entry?.name) return null;
    const entryFile = entry.path ? `${entry.path.replace(/\/$/, '')}/${entry.name}` : entry.name;
    const byModule = new Map<string, string[]>();
    for (const expose of parsed.exposes ?? []) {
      if (expose.path) byModule.set(expose.path, [entryFile, ...(expose.assets?.js?.sync ?? [])]);
    }
    return byModule;
  }
}
