import { withPreloads } from '../../plugins/static';
import { PageHints, routeMatches } from './page-hints';
import type { ReleaseRow } from './repository';

const release = (name: string, version: string, routes: unknown[]) =>
  ({
    name,
    version,
    metadata: JSON.stringify({ routes, navigation: [], exposes: ['./App', './Admin'] }),
  }) as unknown as ReleaseRow;

const federationManifest = JSON.stringify({
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    { path: './App', assets: { js: { sync: ['704.e9074966.js', '289.f97212d2.js'], async: ['53.later.js'] } } },
    { path: './Admin', assets: { js: { sync: ['9.admin.js'] } } },
  ],
});

function service(files: Record<string, string | undefined>, devOverrides = false) {
  const reads: string[] = [];
  return {
    reads,
    settings: { kernelVersion: '1.2.0', budgetGzipBytes: 150_000, devOverrides },
    manifestFor: async () => [
      { release: release('mfe_cards', '0.1.0+aaaaaaaa', [{ path: '/cards/*', module: './App' }]) },
      { release: release('mfe_admin', '0.1.0+bbbbbbbb', [{ path: '/admin/*', module: './Admin', roles: ['admin'] }]) },
      { release: release('mfe_social', '0.1.0+cccccccc', [{ path: '/profile/:id', module: './App' }]) },
    ],
    file: async (name: string, version: string, path: string) => {
      reads.push(`${name}/${path}`);
      const content = files[`${name}/${path}`];
      return content === undefined
        ? undefined
        : ({ content: Buffer.from(content), content_type: 'application/json' } as never);
    },
  };
}

describe('page hints', () => {
  it("match the registry's route paths", () => {
    expect(routeMatches('/cards/*', '/cards')).toBe(true);
    expect(routeMatches('/cards/*', '/cards/new/edit')).toBe(true);
    expect(routeMatches('/cards/*', '/cardsx')).toBe(false);
    expect(routeMatches('/progress', '/progress')).toBe(true);
    expect(routeMatches('/progress', '/progress/x')).toBe(false);
    expect(routeMatches('/profile/:id', '/profile/42')).toBe(true);
    expect(routeMatches('/profile/:id', '/profile')).toBe(false);
  });

  it("name the route's remote files: its manifest, entry and the mounted module's first chunks, read once per version", async () => {
    const fake = service({
      'mfe_cards/mf-manifest.json': federationManifest,
      'mfe_social/mf-manifest.json': federationManifest,
    });
    const hints = new PageHints(fake);
    const base = '/remotes/mfe_cards/0.1.0%2Baaaaaaaa/';
    expect(await hints.for('/cards')).toEqual([
      { href: `${base}mf-manifest.json`, as: 'fetch' },
      { href: `${base}remoteEntry.js`, as: 'script' },
      { href: `${base}704.e9074966.js`, as: 'script' },
      { href: `${base}289.f97212d2.js`, as: 'script' },
    ]);
    expect(await hints.for('/cards/3/edit')).toHaveLength(4);
    expect(fake.reads).toEqual(['mfe_cards/mf-manifest.json']);
    expect((await hints.for('/profile/7')).map((hint) => hint.href)[1]).toBe(
      '/remotes/mfe_social/0.1.0%2Bcccccccc/remoteEntry.js',
    );
    // Not a remote's page; a route closed to some roles; the shell's own pages.
    expect(await hints.for('/nowhere')).toEqual([]);
    expect(await hints.for('/admin/users')).toEqual([]);
    expect(await hints.for('/dashboard')).toEqual([]);
  });

  it('leave out a remote the browser overrides with a dev server, where the site allows overrides', async () => {
    const files = {
      'mfe_cards/mf-manifest.json': federationManifest,
      'mfe_social/mf-manifest.json': federationManifest,
    };
    const allowed = new PageHints(service(files, true));
    expect(await allowed.for('/cards', new Set(['mfe_cards']))).toEqual([]);
    expect(await allowed.for('/profile/7', new Set(['mfe_cards']))).toHaveLength(4);
    // Where overrides are off the browser loads the release anyway: it keeps its hints.
    expect(await new PageHints(service(files, false)).for('/cards', new Set(['mfe_cards']))).toHaveLength(4);
  });

  it('give nothing for a release whose manifest is missing or unreadable', async () => {
    expect(await new PageHints(service({})).for('/cards')).toEqual([]);
    expect(await new PageHints(service({ 'mfe_cards/mf-manifest.json': '{not json' })).for('/cards')).toEqual([]);
  });

  it('go at the end of the head, attributes escaped', () => {
    const html = '<!doctype html><html><head><script defer src=/main.js></script></head><body></body></html>';
    expect(withPreloads(html, [])).toBe(html);
    expect(
      withPreloads(html, [
        { href: '/a.json', as: 'fetch' },
        { href: '/b"<x>.js', as: 'script' },
      ]),
    ).toBe(
      '<!doctype html><html><head><script defer src=/main.js></script><link rel="preload" as="fetch" href="/a.json" crossorigin><link rel="preload" as="script" href="/b&quot;&lt;x>.js"></head><body></body></html>',
    );
  });
});
