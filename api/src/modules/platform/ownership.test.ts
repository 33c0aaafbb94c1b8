// Teams own their areas, and only theirs: scoped deploy tokens, route namespaces,
// what a release may carry and the quota, on every database, and alike on a second instance.
import platformCli from '@flashcard/platform-tools/platform-cli';
import type { FastifyInstance } from 'fastify';
import { fakeBuild, releaseBody, userWithRole } from '../../test/platform-fixtures';
import { bearer, describeEachDb, registerUser } from '../../test/harness';
import { PlatformRepository } from './repository';
import { DeployTokenService } from './tokens';

type Headers = Record<string, string>;

describeEachDb('team ownership of the registry', (ctx) => {
  let app: FastifyInstance;
  let superAdmin: Headers;
  let admin: Headers;
  let learner: Headers;
  /** Owns mfe_alpha (and may create it); another team's token owns mfe_beta. */
  let alphaToken: Headers;
  let betaToken: Headers;

  const tokenService = (now = () => new Date()) => new DeployTokenService(new PlatformRepository(ctx.db), now);
  const headersOf = (token: string) => ({ authorization: `Bearer ${token}` });
  const publish = (body: object, headers: Headers, on = app) =>
    on.inject({ method: 'POST', url: '/api/platform/releases', headers, payload: body });
  const promote = (name: string, version: string, headers: Headers) =>
    app.inject({ method: 'POST', url: `/api/platform/remotes/${name}/promote`, headers, payload: { version } });
  const canary = (name: string, body: object, headers: Headers) =>
    app.inject({ method: 'POST', url: `/api/platform/remotes/${name}/canary`, headers, payload: body });
  const status = (name: string, headers: Headers) =>
    app.inject({ method: 'GET', url: `/api/platform/remotes/${name}`, headers });

  beforeAll(async () => {
    app = ctx.app;
    superAdmin = (await userWithRole(app, ctx.db, 'super_admin')).headers;
    admin = (await userWithRole(app, ctx.db, 'admin')).headers;
    learner = bearer((await registerUser(app)).accessToken);
    alphaToken = headersOf((await tokenService().create({ label: 'alpha-team ci', remotes: ['mfe_alpha'] })).token);
    betaToken = headersOf(
      (await tokenService().create({ label: 'beta-team ci', remotes: ['mfe_beta', 'mfe_beta_two'] })).token,
    );
    // Another team's area, published by the operator.
    expect((await publish(releaseBody({ name: 'mfe_beta', route: '/beta/deep' }), superAdmin)).statusCode).toBe(201);
  });

  describe('scoped deploy tokens', () => {
    let alphaV1: string;
    let alphaV2: string;

    it("lets a token create, publish, promote, roll back, canary and read its own remote, and names the token's label in every audit row", async () => {
      const first = await publish(releaseBody({ name: 'mfe_alpha', route: '/alpha', marker: 'a1' }), alphaToken);
      expect(first.statusCode).toBe(201);
      alphaV1 = first.json().release.version;
      const second = await publish(releaseBody({ name: 'mfe_alpha', route: '/alpha', marker: 'a2' }), alphaToken);
      alphaV2 = second.json().release.version;
      expect((await promote('mfe_alpha', alphaV2, alphaToken)).statusCode).toBe(200);
      expect((await promote('mfe_alpha', alphaV1, alphaToken)).json().activeVersion).toBe(alphaV1);
      expect((await canary('mfe_alpha', { version: alphaV2, percent: 25 }, alphaToken)).json().canary).toEqual({
        version: alphaV2,
        percent: 25,
        roles: [],
        userIds: [],
      });

      const seen = await status('mfe_alpha', alphaToken);
      expect(seen.statusCode).toBe(200);
      const body = seen.json();
      expect(body).toMatchObject({
        name: 'mfe_alpha',
        activeVersion: alphaV1,
        canary: { version: alphaV2, percent: 25, roles: [], userIds: [] },
      });
      expect(body.releases.map((release: { version: string }) => release.version)).toEqual([alphaV2, alphaV1]);
      expect(body.events.map((event: { action: string }) => event.action)).toEqual([
        'canary',
        'rollback',
        'promote',
        'publish',
        'promote',
        'publish',
      ]);
      expect(new Set(body.events.map((event: { actor: string }) => event.actor))).toEqual(
        new Set(['token:alpha-team ci']),
      );
      expect(body.events.every((event: { remote: string }) => event.remote === 'mfe_alpha')).toBe(true);
    });

    it("refuses another team's remote and any name it was not granted with 403 naming its scope", async () => {
      const scope = 'The deploy token "alpha-team ci" may change mfe_alpha, not';
      const attempts = [
        await publish(releaseBody({ name: 'mfe_beta', route: '/beta/deep', marker: 'hijack' }), alphaToken),
        await publish(releaseBody({ name: 'mfe_gamma', route: '/gamma' }), alphaToken),
        await promote('mfe_beta', 'any', alphaToken),
        await canary('mfe_beta', { version: 'any', percent: 100 }, alphaToken),
        await canary('mfe_beta', { percent: 0 }, alphaToken),
        await status('mfe_beta', alphaToken),
      ];
      for (const response of attempts) {
        expect(response.statusCode).toBe(403);
        expect(response.json().error).toMatch(new RegExp(`^${scope} mfe_(beta|gamma)$`));
      }
      // Nothing changed: mfe_beta's only release is the operator's, mfe_gamma does not exist.
      const beta = (await status('mfe_beta', superAdmin)).json();
      expect(beta.releases).toHaveLength(1);
      expect(beta.canary).toBeNull();
      expect((await status('mfe_gamma', superAdmin)).statusCode).toBe(404);
    });

    it('lets admins read any remote, learners none; only a super_admin or a granted token creates a name', async () => {
      expect((await status('mfe_beta', admin)).statusCode).toBe(200);
      expect((await status('mfe_beta', learner)).statusCode).toBe(403);
      expect((await status('mfe_beta', {})).statusCode).toBe(401);
      // The beta token was granted mfe_beta_two before it existed.
      expect((await publish(releaseBody({ name: 'mfe_beta_two', route: '/beta-two' }), betaToken)).statusCode).toBe(
        201,
      );
      expect((await publish(releaseBody({ name: 'mfe_delta', route: '/delta' }), superAdmin)).statusCode).toBe(201);
    });

    it('refuses an expired, a revoked and a pre-scope token; the tokens API is for super_admins only', async () => {
      const longAgo = () => new Date(Date.now() - 3 * 24 * 60 * 60 * 1000);
      const expired = await tokenService(longAgo).create({ label: 'old ci', remotes: ['mfe_alpha'], expiresInDays: 1 });
      const refusedExpired = await status('mfe_alpha', headersOf(expired.token));
      expect(refusedExpired.statusCode).toBe(401);
      expect(refusedExpired.json().error).toBe(`The deploy token "old ci" expired at ${expired.row.expires_at}`);

      const created = await app.inject({
        method: 'POST',
        url: '/api/platform/tokens',
        headers: superAdmin,
        payload: { label: 'short-lived', remotes: ['mfe_alpha'], expiresInDays: 90 },
      });
      expect(created.statusCode).toBe(201);
      const { token, deployToken } = created.json();
      expect(token).toMatch(/^fcd_[A-Za-z0-9_-]{43}$/);
      expect(deployToken).toMatchObject({
        label: 'short-lived',
        remotes: ['mfe_alpha'],
        lastUsedAt: null,
        revokedAt: null,
      });
      expect(Date.parse(deployToken.expiresAt) - Date.parse(deployToken.createdAt)).toBe(90 * 24 * 60 * 60 * 1000);
      expect((await status('mfe_alpha', headersOf(token))).statusCode).toBe(200);

      const listed = await app.inject({ method: 'GET', url: '/api/platform/tokens', headers: superAdmin });
      expect(listed.statusCode).toBe(200);
      const row = listed.json().find((entry: { id: number }) => entry.id === deployToken.id);
      expect(row.lastUsedAt).not.toBeNull();
      expect(JSON.stringify(listed.json())).not.toMatch(/fcd_|[0-9a-f]{64}/);

      expect(
        (await app.inject({ method: 'DELETE', url: `/api/platform/tokens/${deployToken.id}`, headers: superAdmin }))
          .statusCode,
      ).toBe(204);
      const revoked = await status('mfe_alpha', headersOf(token));
      expect(revoked.statusCode).toBe(401);
      expect(revoked.json()).toEqual({ error: 'The deploy token "short-lived" was revoked' });
      // Revoked on every instance at once: each request reads the token's row.
      const other = await ctx.buildApp();
      expect(
        (await other.inject({ method: 'GET', url: '/api/platform/remotes/mfe_alpha', headers: headersOf(token) }))
          .statusCode,
      ).toBe(401);
      expect(
        (await other.inject({ method: 'GET', url: '/api/platform/remotes/mfe_alpha', headers: alphaToken })).statusCode,
      ).toBe(200);

      // A token made before scopes (remotes '[]') is no master key any more.
      const legacy = await tokenService().create({ label: 'legacy', remotes: ['mfe_alpha'] });
      await ctx.db.updateTable('deploy_tokens').set({ remotes: '[]' }).where('id', '=', legacy.row.id).execute();
      const refusedLegacy = await publish(
        releaseBody({ name: 'mfe_alpha', route: '/alpha', marker: 'legacy' }),
        headersOf(legacy.token),
      );
      expect(refusedLegacy.statusCode).toBe(403);
      expect(refusedLegacy.json().error).toMatch(/^The deploy token "legacy" may change no remote/);

      for (const headers of [admin, learner, alphaToken, {}]) {
        const code = (await app.inject({ method: 'GET', url: '/api/platform/tokens', headers })).statusCode;
        expect([401, 403]).toContain(code);
        const made = await app.inject({
          method: 'POST',
          url: '/api/platform/tokens',
          headers,
          payload: { label: 'x', remotes: ['mfe_alpha'] },
        });
        expect([401, 403]).toContain(made.statusCode);
      }
      for (const payload of [
        { label: 'no scope', remotes: [] },
        { label: '', remotes: ['mfe_alpha'] },
        { label: 'x', remotes: ['Bad Name'] },
        { label: 'x', remotes: ['mfe_alpha'], expiresInDays: 0 },
      ]) {
        const bad = await app.inject({ method: 'POST', url: '/api/platform/tokens', headers: superAdmin, payload });
        expect(bad.statusCode).toBe(400);
        expect(bad.json()).toHaveProperty('error');
      }
      for (const id of ['999999', 'abc']) {
        const missing = await app.inject({ method: 'DELETE', url: `/api/platform/tokens/${id}`, headers: superAdmin });
        expect(missing.statusCode).toBe(404);
        expect(missing.json()).toEqual({ error: 'No deploy token with that id' });
      }
    });
  });

  describe("the team's command line (flashcard-platform) against this API", () => {
    /** The CLI's `main` with its fetch answered by this app. */
    const cli = async (argv: string[], token: Headers) => {
      const out: string[] = [];
      const err: string[] = [];
      const fetchImpl = async (
        url: string,
        init: { method: string; headers: Record<string, string>; body?: string },
      ) => {
        const response = await app.inject({
          method: init.method as 'GET',
          url: new URL(url).pathname,
          headers: init.headers,
          ...(init.body ? { payload: init.body } : {}),
        });
        return { status: response.statusCode, text: async () => response.body };
      };
      const code = await platformCli.main(argv, {
        env: { PLATFORM_URL: 'http://platform.test', PLATFORM_TOKEN: token.authorization!.slice('Bearer '.length) },
        stdout: (line: string) => out.push(line),
        stderr: (line: string) => err.push(line),
        fetchImpl,
      });
      return { code, out: out.join('\n'), err: err.join('\n') };
    };

    it('shows the status, promotes, rolls back, runs a cohort canary and makes a preview link of its own remote only', async () => {
      const before = (
        await publish(releaseBody({ name: 'mfe_alpha', route: '/alpha', marker: 'cli-1', promote: true }), alphaToken)
      ).json().release.version;
      const v3 = (
        await publish(releaseBody({ name: 'mfe_alpha', route: '/alpha', marker: 'cli-2' }), alphaToken)
      ).json().release.version;
      expect(await cli(['promote', 'mfe_alpha', v3], alphaToken)).toEqual({
        code: 0,
        out: `mfe_alpha: ${v3} is active`,
        err: '',
      });
      const shown = await cli(['status', 'mfe_alpha'], alphaToken);
      expect(shown.code).toBe(0);
      expect(shown.out).toContain(`  active   ${v3}  (published `);
      expect(shown.out).toContain(`promote  ${before} -> ${v3}  by token:alpha-team ci`);
      expect(await cli(['rollback', 'mfe_alpha'], alphaToken)).toMatchObject({
        code: 0,
        out: `mfe_alpha: rolled back to ${before}`,
      });
      expect((await status('mfe_alpha', alphaToken)).json().activeVersion).toBe(before);
      const canaryRun = await cli(['canary', 'mfe_alpha', v3, '0', '--roles', 'admin,super_admin'], alphaToken);
      expect(canaryRun).toMatchObject({ code: 0, out: `canary   ${v3}  (0% + roles admin, super_admin)` });
      const preview = await cli(['preview', 'mfe_alpha', v3], alphaToken);
      expect(preview.out).toMatch(
        new RegExp(
          `^http://platform.test/api/platform/previews/fcp_\\S+  \\(mfe_alpha ${v3.replace('+', '\\+')}, open it signed in; expires `,
        ),
      );
      const other = await cli(['rollback', 'mfe_beta'], alphaToken);
      expect(other.code).toBe(1);
      expect(other.err).toBe(
        'rollback mfe_beta refused (403): The deploy token "alpha-team ci" may change mfe_alpha, not mfe_beta',
      );
      expect((await cli(['canary', 'mfe_alpha', 'off'], alphaToken)).out).toBe('mfe_alpha: no canary');
    });
  });

  describe('route namespaces', () => {
    it.each([
      ['/beta/deep', 'equal to', '/beta/deep overlaps /beta/deep, which mfe_beta owns'],
      ['/beta/deep/x', 'inside', '/beta/deep/x overlaps /beta/deep, which mfe_beta owns'],
      ['/beta', 'containing', '/beta overlaps /beta/deep, which mfe_beta owns'],
      ['/dashboard/x', 'under a shell path', '/dashboard/x overlaps /dashboard, which belongs to the shell'],
      ['/settings/x', 'under a shell path', '/settings/x overlaps /settings, which belongs to the shell'],
      ['/signup/x', 'under a shell path', '/signup/x overlaps /signup, which belongs to the shell'],
      ['/login', 'a shell path', '/login overlaps /login, which belongs to the shell'],
      ['/api/x', 'the API', '/api/x overlaps /api, which belongs to the shell'],
      ['/remotes', 'the release files', '/remotes overlaps /remotes, which belongs to the shell'],
    ])('refuses a route %s (%s) with 422 naming the owner', async (route, _why, error) => {
      const response = await publish(releaseBody({ name: 'mfe_alpha', route, marker: route }), alphaToken);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ error });
    });

    it('refuses a route under a parameter of another remote, and allows a sibling path', async () => {
      const body = releaseBody({ name: 'mfe_alpha', route: '/alpha', marker: 'param' });
      body.metadata.routes.push({ path: '/beta/deep/:id', module: './App' });
      expect((await publish(body, alphaToken)).json()).toEqual({
        error: '/beta/deep overlaps /beta/deep, which mfe_beta owns',
      });
      // '/beta/deeper' is not inside '/beta/deep'.
      expect(
        (await publish(releaseBody({ name: 'mfe_alpha', route: '/beta/deeper', marker: 'sibling' }), alphaToken))
          .statusCode,
      ).toBe(201);
    });

    it("refuses a navigation entry outside the remote's own routes", async () => {
      const body = releaseBody({ name: 'mfe_alpha', route: '/alpha', marker: 'free-admin' });
      body.metadata.navigation = [{ label: 'Free admin', path: '/admin', icon: '?', order: 5 }];
      const response = await publish(body, alphaToken);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        error: 'The navigation entry "Free admin" points at /admin, outside mfe_alpha\'s own routes (/alpha)',
      });
    });

    it("checks again at promote and canary time: a path taken meanwhile stays its owner's", async () => {
      const waiting = await publish(
        releaseBody({ name: 'mfe_alpha', route: '/contested', marker: 'waiting' }),
        alphaToken,
      );
      expect(waiting.statusCode).toBe(201);
      expect(waiting.json().active).toBe(false);
      // A waiting release owns nothing yet: another team may take the path first.
      expect(
        (await publish(releaseBody({ name: 'mfe_beta_two', route: '/contested', marker: 'taken' }), betaToken))
          .statusCode,
      ).toBe(201);
      expect(
        (await promote('mfe_beta_two', (await status('mfe_beta_two', betaToken)).json().releases[0].version, betaToken))
          .statusCode,
      ).toBe(200);
      const version = waiting.json().release.version;
      for (const response of [
        await promote('mfe_alpha', version, alphaToken),
        await canary('mfe_alpha', { version, percent: 10 }, alphaToken),
      ]) {
        expect(response.statusCode).toBe(422);
        expect(response.json()).toEqual({ error: '/contested overlaps /contested, which mfe_beta_two owns' });
      }
    });
  });

  describe('release contents', () => {
    const withFile = (marker: string, path: string, content = 'x') => {
      const body = releaseBody({ name: 'mfe_alpha', route: '/alpha', marker });
      body.files.push({ path, content: Buffer.from(content).toString('base64') });
      return body;
    };

    it.each([
      [
        'page.html',
        'page.html is an HTML page; a release may not carry pages (the shell is the only page of the site)',
      ],
      [
        'nested/x.htm',
        'nested/x.htm is an HTML page; a release may not carry pages (the shell is the only page of the site)',
      ],
      [
        'page.html.gz',
        'page.html.gz is an HTML page; a release may not carry pages (the shell is the only page of the site)',
      ],
      [
        'tool.exe',
        'tool.exe is not a kind of file a release may carry (scripts, styles, JSON, source maps, fonts, images, text)',
      ],
      [
        'README',
        'README is not a kind of file a release may carry (scripts, styles, JSON, source maps, fonts, images, text)',
      ],
      [
        'x.xml',
        'x.xml is not a kind of file a release may carry (scripts, styles, JSON, source maps, fonts, images, text)',
      ],
    ])('refuses %s with 422', async (path, error) => {
      const response = await publish(withFile(path, path), alphaToken);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ error });
    });

    it('serves an SVG and any other non-script file sandboxed and unsniffed; scripts as scripts', async () => {
      const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
      const body = withFile('svg', 'icon.svg', svg);
      body.files.push({ path: 'chunk.js.LICENSE.txt', content: Buffer.from('MIT').toString('base64') });
      body.files.push({ path: 'chunk.js.map', content: Buffer.from('{}').toString('base64') });
      const response = await publish(body, alphaToken);
      expect(response.statusCode).toBe(201);
      const base = `/remotes/mfe_alpha/${encodeURIComponent(response.json().release.version)}/`;
      for (const [path, type] of [
        ['icon.svg', 'image/svg+xml'],
        ['chunk.js.LICENSE.txt', 'text/plain; charset=utf-8'],
        ['mf-manifest.json', 'application/json; charset=utf-8'],
      ]) {
        const file = await app.inject({ method: 'GET', url: base + path });
        expect(file.statusCode).toBe(200);
        expect(file.headers['content-type']).toBe(type);
        expect(file.headers['content-security-policy']).toMatch(/^sandbox;/);
        expect(file.headers['x-content-type-options']).toBe('nosniff');
      }
      const script = await app.inject({ method: 'GET', url: `${base}remoteEntry.js` });
      expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(script.headers['content-security-policy'] ?? '').not.toMatch(/sandbox/);
      expect(script.headers['x-content-type-options']).toBe('nosniff');
    });

    it("enforces each remote's quota of stored bytes at publish (413), whoever publishes", async () => {
      const small = await ctx.buildApp({ platform: { ...ctx.config.platform, quotaBytes: 3_000 } });
      const build = (marker: string) => releaseBody({ name: 'mfe_quota', route: '/quota', marker, padding: 1_000 });
      const bytes = fakeBuild({ name: 'mfe_quota', marker: 'q1', padding: 1_000 }).reduce(
        (sum, file) => sum + Buffer.from(file.content, 'base64').length,
        0,
      );
      expect(bytes * 2).toBeLessThan(3_000);
      expect(bytes * 3).toBeGreaterThan(3_000);
      expect((await publish(build('q1'), superAdmin, small)).statusCode).toBe(201);
      expect((await publish(build('q2'), superAdmin, small)).statusCode).toBe(201);
      const over = await publish(build('q3'), superAdmin, small);
      expect(over.statusCode).toBe(413);
      expect(over.json().error).toMatch(
        /^mfe_quota would store \d+ bytes of releases, over its quota of 3000 bytes \(\d+ stored already\)$/,
      );
      // Another remote has a quota of its own.
      expect(
        (await publish(releaseBody({ name: 'mfe_quota_two', route: '/quota-two' }), superAdmin, small)).statusCode,
      ).toBe(201);
    });
  });
});
