import fs from 'node:fs';
import path from 'node:path';
import { describeEachDb, makeTempDir } from '../../test/harness';
import { fakeBuild, releaseBody } from '../../test/platform-fixtures';
import { builtinRemoteFolders, findBuiltRemotes, syncBuiltinReleases } from './builtin';
import { PlatformRepository } from './repository';
import { PlatformService } from './service';

/** A built remote folder in `webRoot`, as `npm run build` leaves it. */
function writeBuiltRemote(webRoot: string, folder: string, name: string, route: string): void {
  const dist = path.join(webRoot, folder, 'dist');
  fs.mkdirSync(dist, { recursive: true });
  for (const file of fakeBuild({ name }))
    fs.writeFileSync(path.join(dist, file.path), Buffer.from(file.content, 'base64'));
  // What a build also leaves that a release never carries: the standalone page (with the
  // compressed forms the factory writes beside every text file) and source maps.
  for (const file of ['index.html', 'index.html.br', 'index.html.gz', 'remoteEntry.js.map'])
    fs.writeFileSync(path.join(dist, file), '<!doctype html><title>standalone</title>');
  fs.writeFileSync(
    path.join(webRoot, folder, 'package.json'),
    JSON.stringify({ version: '0.1.0', flashcardRemote: releaseBody({ name, route }).metadata }),
  );
}

test('the built-in list is plain folder names from the root package.json', () => {
  const webRoot = makeTempDir('flashcards-webroot-');
  try {
    expect(builtinRemoteFolders(webRoot)).toEqual([]); // no package.json: nothing is built-in
    fs.writeFileSync(
      path.join(webRoot, 'package.json'),
      JSON.stringify({ flashcardBuiltinRemotes: ['mfe-a', '../elsewhere', '..', 3, 'mfe-b'] }),
    );
    expect(builtinRemoteFolders(webRoot)).toEqual(['mfe-a', 'mfe-b']);
  } finally {
    fs.rmSync(webRoot, { recursive: true, force: true });
  }
});

describeEachDb('built-in remotes at start-up', (ctx) => {
  it('releases only the built folders the root package.json declares, not a stray built scaffold', async () => {
    const webRoot = makeTempDir('flashcards-webroot-');
    try {
      writeBuiltRemote(webRoot, 'mfe-declared', 'mfe_declared', '/declared');
      writeBuiltRemote(webRoot, 'mfe-stray', 'mfe_stray', '/stray');
      fs.writeFileSync(
        path.join(webRoot, 'package.json'),
        JSON.stringify({ workspaces: ['mfe-declared', 'mfe-stray'], flashcardBuiltinRemotes: ['mfe-declared'] }),
      );
      expect(findBuiltRemotes(webRoot).map((remote) => path.basename(remote.dir))).toEqual(['mfe-declared']);

      const repository = new PlatformRepository(ctx.db);
      const service = new PlatformService({
        repository,
        kernelVersion: '2.0.0',
        shellShared: {},
        budgetGzipBytes: 150_000,
        quotaBytes: 500_000_000,
        haltPolicy: { minUsers: 10, margin: 0.2 },
        devOverrides: false,
        now: () => new Date(),
      });
      await syncBuiltinReleases(webRoot, service, repository, ctx.app.log);

      const manifest = (await ctx.app.inject({ method: 'GET', url: '/api/platform/manifest' })).json() as {
        remotes: Array<{ name: string }>;
      };
      const names = manifest.remotes.map((remote) => remote.name);
      expect(names).toContain('mfe_declared');
      expect(names).not.toContain('mfe_stray');
      expect(await repository.findState('mfe_stray')).toBeUndefined();
    } finally {
      fs.rmSync(webRoot, { recursive: true, force: true });
    }
  });
});
