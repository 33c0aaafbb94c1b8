import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { createDb } from '../../db';
import { bearer, describeEachDb, makeTempDir, registerUser } from '../../test/harness';
import { BUILT_IN_ACTOR, syncBuiltinReleases } from './builtin';
import { fakeBuild, releaseBody, userWithRole } from '../../test/platform-fixtures';
import { PlatformRepository } from './repository';
import { canaryBucket, PlatformService } from './service';
import { DeployTokenService } from './tokens';

type Headers = Record<string, string>;

describeEachDb('platform registry API', (ctx) => {
  let app: FastifyInstance;
  let superAdmin: { email: string; headers: Headers };
  let admin: { headers: Headers };
  let learner: { headers: Headers; id: number };

  beforeAll(async () => {
    app = ctx.app;
    superAdmin = await userWithRole(app, ctx.db, 'super_admin');
    admin = await userWithRole(app, ctx.db, 'admin');
    const user = await registerUser(app);
    learner = { id: user.id, headers: bearer(user.accessToken) };
  });

  const publish = (body: unknown, headers: Headers = superAdmin.headers) =>
    app.inject({ method: 'POST', url: '/api/platform/releases', headers, payload: body as object });
  const manifest = async (headers: Headers = {}) => {
    const response = await app.inject({ method: 'GET', url: '/api/platform/manifest', headers });
    expect(response.statusCode).toBe(200);
    return response.json() as {
      remotes: Array<{ name: string; version: string; entry: string; routes: unknown[]; navigation: unknown[] }>;
    };
  };
  const versionIn = async (name: string, headers: Headers = {}) =>
    (await manifest(headers)).remotes.find((r) => r.name === name)?.version;
  const overview = async (headers: Headers = superAdmin.headers) => {
    const response = await app.inject({ method: 'GET', url: '/api/platform/remotes', headers });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const promote = (name: string, version: string, headers: Headers = superAdmin.headers) =>
    app.inject({ method: 'POST', url: `/api/platform/remotes/${name}/promote`, headers, payload: { version } });
  const canary = (name: string, body: object, headers: Headers = superAdmin.headers) =>
    app.inject({ method: 'POST', url: `/api/platform/remotes/${name}/canary`, headers, payload: body });

  describe('a bad entry in the registry', () => {
    it('is left out of the manifest (and logged); the other remotes, the health check and the headers keep working', async () => {
      for (const [name, route] of [
        ['mfe_good', '/good'],
        ['mfe_semi', '/semi'],
        ['mfe_garbled', '/garbled'],
      ] as const) {
        expect((await publish(releaseBody({ name, route }))).statusCode).toBe(201);
      }
      // Written around the publish checks: a route with ';' in it, and metadata that is not JSON.
      const semi = await ctx.db
        .selectFrom('remote_releases')
        .select(['id', 'metadata'])
        .where('name', '=', 'mfe_semi')
        .executeTakeFirstOrThrow();
      await ctx.db
        .updateTable('remote_releases')
        .set({ metadata: semi.metadata.replace('/semi/*', '/semi;script-src *') })
        .where('id', '=', semi.id)
        .execute();
      await ctx.db
        .updateTable('remote_releases')
        .set({ metadata: '{not json' })
        .where('name', '=', 'mfe_garbled')
        .execute();

      const listed = (await manifest()).remotes.map((r) => r.name);
      expect(listed).toContain('mfe_good');
      expect(listed).not.toContain('mfe_semi');
      expect(listed).not.toContain('mfe_garbled');
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(health.headers['content-security-policy']).toContain("script-src 'self'");
      // The console still lists every remote (the garbled one with no routes).
      expect((await overview()).remotes.map((r: { name: string }) => r.name)).toEqual(
        expect.arrayContaining(['mfe_good', 'mfe_semi', 'mfe_garbled']),
      );
      // A new release elsewhere still publishes (the route check reads every active entry).
      expect((await publish(releaseBody({ name: 'mfe_after', route: '/after' }))).statusCode).toBe(201);
    });
  });

  describe('publishing', () => {
    it('needs a deploy token or a super_admin', async () => {
      const body = releaseBody({ name: 'mfe_auth', route: '/auth-check' });
      expect((await publish(body, {})).statusCode).toBe(401);
      expect((await publish(body, learner.headers)).statusCode).toBe(403);
      expect((await publish(body, admin.headers)).statusCode).toBe(403);
      const forged = await publish(body, { authorization: 'Bearer fcd_not-a-real-token' });
      expect(forged.statusCode).toBe(401);
      expect(forged.json()).toEqual({ error: 'Invalid deploy token' });
      expect((await manifest()).remotes.map((r) => r.name)).not.toContain('mfe_auth');
    });

    it("refuses a build whose singleton range the shell's version does not satisfy (the version policy), with 422 naming both versions", async () => {
      const react = (JSON.parse(fs.readFileSync(require.resolve('react/package.json'), 'utf8')) as { version: string })
        .version;
      const major = Number(react.split('.')[0]);
      const build = (requiredVersion: string, singleton = true) =>
        releaseBody({
          name: 'mfe_policy',
          route: '/policy',
          marker: `${requiredVersion}-${singleton}`,
          shared: [
            { name: 'react', requiredVersion, singleton },
            { name: 'left-pad', requiredVersion: '^1.0.0', singleton: true },
          ],
        });
      const older = await publish(build(`^${major - 1}.0.0`));
      expect(older.statusCode).toBe(422);
      expect(older.json()).toEqual({
        error: `mfe_policy needs react ^${major - 1}.0.0, but the shell shares react ${react}`,
      });
      expect((await publish(build('not a range'))).json()).toEqual({
        error: 'mfe_policy declares react not a range, which is not a semver range',
      });
      // Nothing of a refused build is stored.
      expect((await manifest()).remotes.some((remote) => remote.name === 'mfe_policy')).toBe(false);
      // Not a singleton (the remote may load its own); a package the shell does not share; a range that holds.
      expect((await publish(build(`^${major - 1}.0.0`, false))).statusCode).toBe(201);
      expect((await publish(build(`^${major}.0.0`))).statusCode).toBe(201);
    });

    it('stores an immutable release whose first version becomes active, and serves its files', async () => {
      const quiz = releaseBody({ name: 'mfe_quiz', route: '/quiz', padding: 2_000 });
      const response = await publish(quiz);
      expect(response.statusCode).toBe(201);
      const { release, active } = response.json();
      expect(active).toBe(true);
      expect(release).toMatchObject({
        name: 'mfe_quiz',
        packageVersion: '0.1.0',
        kernel: '^2.0.0',
        exposes: ['./App'],
        routes: [{ path: '/quiz/*', module: './App' }],
        navigation: [{ label: 'Quiz', path: '/quiz', order: 70 }],
        fileCount: 4,
        publishedBy: `user:${superAdmin.email}`,
      });
      expect(release.version).toMatch(/^0\.1\.0\+[0-9a-f]{8}$/);
      expect(release.firstLoadGzip).toBeGreaterThan(0);

      const listed = (await manifest()).remotes.find((r) => r.name === 'mfe_quiz');
      expect(listed).toMatchObject({
        version: release.version,
        entry: `/remotes/mfe_quiz/${encodeURIComponent(release.version)}/mf-manifest.json`,
      });

      const entry = await app.inject({
        method: 'GET',
        url: listed!.entry.replace('mf-manifest.json', 'remoteEntry.js'),
      });
      expect(entry.statusCode).toBe(200);
      expect(entry.body).toBe('var mfe_quiz; /* v1 */');
      expect(entry.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(entry.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(entry.headers['access-control-allow-origin']).toBe('*');
      const served = await app.inject({ method: 'GET', url: listed!.entry });
      expect(served.json().name).toBe('mfe_quiz');

      for (const url of [
        `/remotes/mfe_quiz/${encodeURIComponent(release.version)}/missing.js`,
        '/remotes/mfe_quiz/9.9.9+00000000/remoteEntry.js',
        '/remotes/Bad-Name/1/remoteEntry.js',
      ]) {
        const missing = await app.inject({ method: 'GET', url });
        expect(missing.statusCode).toBe(404);
        expect(missing.json()).toEqual({ error: 'Not found' });
      }

      // Compressed by Accept-Encoding: a file the build compressed is sent as built, any other
      // text file of 256 bytes or more is compressed here; tiny files and non-text as they are.
      const base = listed!.entry.replace('mf-manifest.json', '');
      const chunk = (encoding?: string) =>
        app.inject({
          method: 'GET',
          url: `${base}12.abcd1234.js`,
          headers: encoding ? { 'accept-encoding': encoding } : {},
        });
      const plain = await chunk();
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toBe('Accept-Encoding');
      const br = await chunk('gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      const gzip = await chunk('gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
      const small = await app.inject({
        method: 'GET',
        url: `${base}remoteEntry.js`,
        headers: { 'accept-encoding': 'br' },
      });
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(small.body).toBe('var mfe_quiz; /* v1 */');
      const manifestFile = await app.inject({
        method: 'GET',
        url: listed!.entry,
        headers: { 'accept-encoding': 'br' },
      });
      const manifestText = zlib.brotliDecompressSync(manifestFile.rawPayload).toString();
      expect(manifestFile.headers['content-encoding']).toBe('br');
      expect(manifestText.length).toBeLessThan(1024); // under the old 1 KB floor, compressed all the same
      expect(manifestFile.rawPayload.length).toBeLessThan(manifestText.length);

      // A build's own .br / .gz are what goes out (brotli at its top quality, made once).
      const packed = releaseBody({ name: 'mfe_packed', route: '/packed', padding: 2_000, compressed: true });
      const packedRelease = (await publish(packed)).json().release;
      const packedUrl = `/remotes/mfe_packed/${encodeURIComponent(packedRelease.version)}/12.abcd1234.js`;
      for (const [encoding, suffix] of [
        ['br', '.br'],
        ['gzip', '.gz'],
      ]) {
        const sent = await app.inject({ method: 'GET', url: packedUrl, headers: { 'accept-encoding': encoding } });
        expect(sent.headers['content-encoding']).toBe(encoding);
        expect(sent.rawPayload.toString('base64')).toBe(
          packed.files.find((file) => file.path === `12.abcd1234.js${suffix}`)!.content,
        );
      }

      // JSON answers of 1 KB or more are compressed on the fly.
      const listing = await app.inject({
        method: 'GET',
        url: '/api/platform/remotes',
        headers: { ...superAdmin.headers, 'accept-encoding': 'br' },
      });
      expect(listing.headers['content-encoding']).toBe('br');
      expect(
        JSON.parse(zlib.brotliDecompressSync(listing.rawPayload).toString()).remotes.length,
      ).toBeGreaterThanOrEqual(2);

      const again = await publish(quiz);
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toBe(`mfe_quiz ${release.version} is already published; releases are immutable`);
    });

    it('accepts a deploy token and records it as the publisher', async () => {
      const { token } = await new DeployTokenService(new PlatformRepository(ctx.db), () => new Date()).create({
        label: 'team-ci',
        remotes: ['mfe_tokened'],
      });
      const response = await publish(releaseBody({ name: 'mfe_tokened', route: '/tokened' }), {
        authorization: `Bearer ${token}`,
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().release.publishedBy).toBe('token:team-ci');
    });

    it.each([
      // Kernel 2 keeps no token where a remote's script could read it: a 1.x remote is refused.
      [{ kernel: '^1.3.0' }, 'mfe_k2 needs kernel (@flashcard/shared-auth) ^1.3.0, but the shell provides 2.0.0'],
      [{ kernel: '^3.0.0' }, 'mfe_k2 needs kernel (@flashcard/shared-auth) ^3.0.0, but the shell provides 2.0.0'],
      [{ kernel: 'not a range' }, '"not a range" is not a semver range of the kernel'],
      [{ route: '/dashboard' }, '/dashboard overlaps /dashboard, which belongs to the shell'],
      [{ route: '/quiz' }, '/quiz overlaps /quiz, which mfe_quiz owns'],
      [{ exposes: ['./Other'] }, 'The routes mount ./App, which the build does not expose (it exposes ./Other)'],
      [{ padding: 300_000 }, /^mfe_k2's first load is \d+ bytes gzipped, over the budget of 150000 bytes$/],
    ] as const)('refuses %j with 422', async (options, message) => {
      const response = await publish(releaseBody({ name: 'mfe_k2', route: '/k2', ...options }));
      expect(response.statusCode).toBe(422);
      expect(response.json().error).toMatch(typeof message === 'string' ? new RegExp(`^${escape(message)}$`) : message);
      expect((await manifest()).remotes.map((r) => r.name)).not.toContain('mfe_k2');
    });

    it('refuses malformed bodies with 400 and a message', async () => {
      const files = fakeBuild({ name: 'mfe_bad' });
      const cases: Array<[object, string]> = [
        [
          {
            ...releaseBody({ name: 'mfe_bad', route: '/bad' }),
            files: [...files, { path: 'a/../../etc/passwd', content: '' }],
          },
          'File path "a/../../etc/passwd" is not allowed',
        ],
        [
          { ...releaseBody({ name: 'mfe_bad', route: '/bad' }), files: [...files, files[0]] },
          'File "mf-manifest.json" is listed twice',
        ],
        [
          { ...releaseBody({ name: 'mfe_bad', route: '/bad' }), files: [{ path: 'x.js', content: '***' }] },
          'File "x.js" is not base64',
        ],
        [{ ...releaseBody({ name: 'Bad Name', route: '/bad' }) }, 'Name must match pattern "^[a-z][a-z0-9_]{1,39}$"'],
      ];
      for (const [body, error] of cases) {
        const response = await publish(body);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ error });
      }
      const noManifest = await publish({
        ...releaseBody({ name: 'mfe_bad', route: '/bad' }),
        files: files.filter((f) => f.path !== 'mf-manifest.json'),
      });
      expect(noManifest.statusCode).toBe(422);
      expect(noManifest.json()).toEqual({ error: 'The release has no mf-manifest.json (build with manifest: true)' });
    });
  });

  describe('promote, roll back and canary', () => {
    let v1: string;
    let v2: string;

    beforeAll(async () => {
      v1 = (await publish(releaseBody({ name: 'mfe_flow', route: '/flow', marker: 'one' }))).json().release.version;
      const second = await publish(
        releaseBody({ name: 'mfe_flow', route: '/flow', marker: 'two', packageVersion: '0.2.0' }),
      );
      expect(second.json().active).toBe(false);
      v2 = second.json().release.version;
    });

    it('keeps a later release waiting until it is promoted, then rolls back to the earlier one', async () => {
      expect(await versionIn('mfe_flow')).toBe(v1);
      expect((await promote('mfe_flow', v2, admin.headers)).statusCode).toBe(403);
      expect((await promote('mfe_flow', v2, learner.headers)).statusCode).toBe(403);

      const promoted = await promote('mfe_flow', v2);
      expect(promoted.statusCode).toBe(200);
      expect(promoted.json()).toMatchObject({ name: 'mfe_flow', activeVersion: v2, canary: null });
      expect(await versionIn('mfe_flow')).toBe(v2);

      expect((await promote('mfe_flow', v1)).json().activeVersion).toBe(v1);
      expect(await versionIn('mfe_flow')).toBe(v1);

      const events = (await overview()).events.filter((e: { remote: string }) => e.remote === 'mfe_flow');
      expect(
        events.map((e: { action: string; fromVersion: string | null; toVersion: string | null }) => [
          e.action,
          e.fromVersion,
          e.toVersion,
        ]),
      ).toEqual([
        ['rollback', v2, v1],
        ['promote', v1, v2],
        ['publish', null, v2],
        ['promote', null, v1],
        ['publish', null, v1],
      ]);
      expect(events[0].actor).toBe(`user:${superAdmin.email}`);
    });

    it('answers 404 for an unknown remote or version', async () => {
      const unknownRemote = await promote('mfe_nothing', v1);
      expect(unknownRemote.statusCode).toBe(404);
      expect(unknownRemote.json()).toEqual({ error: 'No remote named mfe_nothing' });
      const unknownVersion = await promote('mfe_flow', '9.9.9+deadbeef');
      expect(unknownVersion.statusCode).toBe(404);
      expect(unknownVersion.json()).toEqual({ error: 'mfe_flow has no release 9.9.9+deadbeef' });
    });

    it("sends a sticky share of users to the canary; 0 ends it and promoting it makes it everyone's", async () => {
      // Two learners on either side of 50.
      const users: Array<{ id: number; headers: Headers }> = [];
      while (
        !users.some((u) => canaryBucket(u.id, 'mfe_flow') < 50) ||
        !users.some((u) => canaryBucket(u.id, 'mfe_flow') >= 50)
      ) {
        const user = await registerUser(app);
        users.push({ id: user.id, headers: bearer(user.accessToken) });
      }
      const inCanary = users.find((u) => canaryBucket(u.id, 'mfe_flow') < 50)!;
      const outside = users.find((u) => canaryBucket(u.id, 'mfe_flow') >= 50)!;

      expect((await canary('mfe_flow', { version: v1, percent: 10 })).json()).toEqual({
        error: `${v1} is already the active version of mfe_flow`,
      });
      expect((await canary('mfe_flow', { percent: 10 })).statusCode).toBe(400);
      expect((await canary('mfe_flow', { version: v2, percent: 101 })).statusCode).toBe(400);
      expect((await canary('mfe_flow', { version: v2, percent: 50 }, admin.headers)).statusCode).toBe(403);

      const started = await canary('mfe_flow', { version: v2, percent: 50 });
      expect(started.statusCode).toBe(200);
      expect(started.json().canary).toEqual({ version: v2, percent: 50, roles: [], userIds: [] });
      for (let load = 0; load < 3; load += 1) {
        expect(await versionIn('mfe_flow', inCanary.headers)).toBe(v2);
        expect(await versionIn('mfe_flow', outside.headers)).toBe(v1);
      }
      // Signed-out pages get the active version.
      expect(await versionIn('mfe_flow')).toBe(v1);

      expect((await canary('mfe_flow', { percent: 0 })).json().canary).toBeNull();
      expect(await versionIn('mfe_flow', inCanary.headers)).toBe(v1);

      await canary('mfe_flow', { version: v2, percent: 100 });
      expect(await versionIn('mfe_flow', outside.headers)).toBe(v2);
      const promoted = await promote('mfe_flow', v2);
      expect(promoted.json()).toMatchObject({ activeVersion: v2, canary: null });

      const actions = (await overview()).events.filter((e: { remote: string }) => e.remote === 'mfe_flow').slice(0, 4);
      expect(actions.map((e: { action: string; percent: number | null }) => [e.action, e.percent])).toEqual([
        ['promote', null],
        ['canary', 100],
        ['canary', 0],
        ['canary', 50],
      ]);
    });

    it('answers 401 for a manifest asked with a bad token (the client refreshes and asks again)', async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/api/platform/manifest',
        headers: { authorization: 'Bearer nope' },
      });
      expect(response.statusCode).toBe(401);
    });

    it('is the same registry on another API instance with its own connection to the database', async () => {
      const otherDb = createDb(ctx.config.database);
      const other = buildApp(ctx.config, { db: otherDb });
      await other.ready();
      await promote('mfe_flow', v2);
      expect(
        (await other.inject({ method: 'GET', url: '/api/platform/manifest' }))
          .json()
          .remotes.find((r: { name: string }) => r.name === 'mfe_flow').version,
      ).toBe(v2);
      // A change made on the other instance is seen here too.
      await other.inject({
        method: 'POST',
        url: '/api/platform/remotes/mfe_flow/promote',
        headers: superAdmin.headers,
        payload: { version: v1 },
      });
      expect(await versionIn('mfe_flow')).toBe(v1);
      const seen = await other.inject({ method: 'GET', url: '/api/platform/manifest' });
      expect(seen.json().remotes.find((r: { name: string }) => r.name === 'mfe_flow').version).toBe(v1);
      const file = await other.inject({
        method: 'GET',
        url: `/remotes/mfe_flow/${encodeURIComponent(v1)}/remoteEntry.js`,
      });
      expect(file.body).toBe('var mfe_flow; /* one */');
      await other.close();
      await otherDb.destroy();
    });
  });

  describe('overview', () => {
    it('lets admins read the registry, not learners', async () => {
      expect((await app.inject({ method: 'GET', url: '/api/platform/remotes' })).statusCode).toBe(401);
      expect(
        (await app.inject({ method: 'GET', url: '/api/platform/remotes', headers: learner.headers })).statusCode,
      ).toBe(403);
      const view = await overview(admin.headers);
      expect(view.kernelVersion).toBe('2.0.0');
      expect(view.budgetGzipBytes).toBe(150000);
      const quiz = view.remotes.find((r: { name: string }) => r.name === 'mfe_quiz');
      expect(quiz.releases).toHaveLength(1);
      expect(quiz.activeVersion).toBe(quiz.releases[0].version);
    });
  });

  describe('built-in remotes', () => {
    it('releases each built remote at start-up and follows new builds until a team promotes its own', async () => {
      const webRoot = makeTempDir('flashcards-webroot-');
      const dist = path.join(webRoot, 'mfe-built', 'dist');
      fs.mkdirSync(dist, { recursive: true });
      const writeBuild = (marker: string) => {
        for (const file of fakeBuild({ name: 'mfe_built', marker }))
          fs.writeFileSync(path.join(dist, file.path), Buffer.from(file.content, 'base64'));
        fs.writeFileSync(path.join(dist, '12.abcd1234.js.map'), '{}');
      };
      fs.writeFileSync(path.join(webRoot, 'package.json'), JSON.stringify({ flashcardBuiltinRemotes: ['mfe-built'] }));
      fs.writeFileSync(
        path.join(webRoot, 'mfe-built', 'package.json'),
        JSON.stringify({
          version: '0.3.0',
          flashcardRemote: releaseBody({ name: 'mfe_built', route: '/built' }).metadata,
        }),
      );
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
      const log = app.log;

      writeBuild('first');
      await syncBuiltinReleases(webRoot, service, repository, log);
      await syncBuiltinReleases(webRoot, service, repository, log); // a restart with nothing changed
      const first = await versionIn('mfe_built');
      expect(first).toMatch(/^0\.3\.0\+[0-9a-f]{8}$/);
      const built = (await overview()).remotes.find((r: { name: string }) => r.name === 'mfe_built');
      expect(built.releases).toHaveLength(1);
      expect(built.releases[0]).toMatchObject({ publishedBy: BUILT_IN_ACTOR, fileCount: 4 }); // the .map stays out

      writeBuild('second');
      await syncBuiltinReleases(webRoot, service, repository, log);
      const second = await versionIn('mfe_built');
      expect(second).not.toBe(first);

      // A team's own release, promoted: later local builds no longer take over.
      const team = await publish({
        ...releaseBody({ name: 'mfe_built', route: '/built', marker: 'team' }),
        promote: true,
      });
      expect(team.json().active).toBe(true);
      writeBuild('third');
      await syncBuiltinReleases(webRoot, service, repository, log);
      expect(await versionIn('mfe_built')).toBe(team.json().release.version);
      fs.rmSync(webRoot, { recursive: true, force: true });
    });
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
