// Canary cohorts, preview links, health reports and canaries that halt themselves, on
// every database; a second instance on the same database agrees on all of it.
import type { FastifyInstance } from 'fastify';
import { bearer, describeEachDb, registerUser } from '../../test/harness';
import { releaseBody, userWithRole } from '../../test/platform-fixtures';
import { PlatformRepository } from './repository';
import { DeployTokenService } from './tokens';

type Headers = Record<string, string>;
interface Learner {
  id: number;
  headers: Headers;
}

describeEachDb('canaries, previews and release health', (ctx) => {
  let app: FastifyInstance;
  let superAdmin: Headers;
  let admin: Headers;
  let teamToken: Headers;
  const learners: Learner[] = [];

  const publish = (body: object) =>
    app.inject({ method: 'POST', url: '/api/platform/releases', headers: superAdmin, payload: body });
  const canary = (name: string, body: object, headers = superAdmin, on = app) =>
    on.inject({ method: 'POST', url: `/api/platform/remotes/${name}/canary`, headers, payload: body });
  const manifest = async (headers: Headers = {}, on = app) => {
    const response = await on.inject({ method: 'GET', url: '/api/platform/manifest', headers });
    expect(response.statusCode).toBe(200);
    return response.json() as {
      remotes: Array<{ name: string; version: string }>;
      previews: Array<{ remote: string; version: string; expiresAt: string }>;
    };
  };
  const versionIn = async (name: string, headers: Headers = {}, on = app) =>
    (await manifest(headers, on)).remotes.find((r) => r.name === name)?.version;
  const status = async (name: string, on = app) => {
    const response = await on.inject({ method: 'GET', url: `/api/platform/remotes/${name}`, headers: superAdmin });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const report = (body: object, headers: Headers, on = app) =>
    on.inject({ method: 'POST', url: '/api/platform/reports', headers, payload: body });
  /** Two releases of `name`: v1 active, v2 waiting. */
  const twoReleases = async (name: string, route: string) => {
    const v1 = (await publish(releaseBody({ name, route, marker: `${name}-1` }))).json().release.version as string;
    const v2 = (await publish(releaseBody({ name, route, marker: `${name}-2`, packageVersion: '0.2.0' }))).json()
      .release.version as string;
    return { v1, v2 };
  };

  beforeAll(async () => {
    app = ctx.app;
    superAdmin = (await userWithRole(app, ctx.db, 'super_admin')).headers;
    admin = (await userWithRole(app, ctx.db, 'admin')).headers;
    const tokens = new DeployTokenService(new PlatformRepository(ctx.db), () => new Date());
    teamToken = {
      authorization: `Bearer ${(await tokens.create({ label: 'cohort-team', remotes: ['mfe_cohort', 'mfe_preview'] })).token}`,
    };
    for (let i = 0; i < 4; i += 1) {
      const user = await registerUser(app);
      learners.push({ id: user.id, headers: bearer(user.accessToken) });
    }
  });

  describe('cohorts', () => {
    it('gives a 0% canary to the roles and accounts named, only to them, and records the cohort in the audit', async () => {
      const { v1, v2 } = await twoReleases('mfe_cohort', '/cohort');
      const [first, second] = learners;
      const staff = await canary(
        'mfe_cohort',
        { version: v2, percent: 0, roles: ['admin', 'super_admin'], userIds: [first!.id] },
        teamToken,
      );
      expect(staff.statusCode).toBe(200);
      expect(staff.json().canary).toEqual({
        version: v2,
        percent: 0,
        roles: ['admin', 'super_admin'],
        userIds: [first!.id],
      });
      expect(await versionIn('mfe_cohort', admin)).toBe(v2);
      expect(await versionIn('mfe_cohort', superAdmin)).toBe(v2);
      expect(await versionIn('mfe_cohort', first!.headers)).toBe(v2);
      expect(await versionIn('mfe_cohort', second!.headers)).toBe(v1);
      expect(await versionIn('mfe_cohort')).toBe(v1); // signed out
      const event = (await status('mfe_cohort')).events[0];
      expect(event).toMatchObject({
        action: 'canary',
        toVersion: v2,
        percent: 0,
        detail: `roles admin, super_admin; users ${first!.id}`,
        actor: 'token:cohort-team',
      });

      // Percent 0 and no cohort ends it.
      expect((await canary('mfe_cohort', { percent: 0 }, teamToken)).json().canary).toBeNull();
      expect(await versionIn('mfe_cohort', admin)).toBe(v1);
      for (const body of [
        { version: v2, percent: 0, roles: ['owner'] },
        { version: v2, percent: 0, userIds: ['x'] },
        { version: v2, percent: 0, userIds: [3, 3] },
      ]) {
        const bad = await canary('mfe_cohort', body, teamToken);
        expect(bad.statusCode).toBe(400);
        expect(bad.json()).toHaveProperty('error');
      }
    });
  });

  describe('preview links', () => {
    let v1: string;
    let v2: string;
    let link: { url: string; version: string; expiresAt: string };
    let cookie: string;

    beforeAll(async () => {
      ({ v1, v2 } = await twoReleases('mfe_preview', '/preview-area'));
    });

    it("are made by the remote's token or a super_admin for a release it has, and live 24 hours", async () => {
      const made = await app.inject({
        method: 'POST',
        url: '/api/platform/remotes/mfe_preview/previews',
        headers: teamToken,
        payload: { version: v2 },
      });
      expect(made.statusCode).toBe(201);
      link = made.json();
      expect(link).toMatchObject({
        remote: 'mfe_preview',
        version: v2,
        url: expect.stringMatching(/^\/api\/platform\/previews\/fcp_[A-Za-z0-9_-]{32}$/),
      });
      expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(23.9 * 60 * 60 * 1000);
      const otherRemote = await app.inject({
        method: 'POST',
        url: '/api/platform/remotes/mfe_other/previews',
        headers: teamToken,
        payload: { version: v2 },
      });
      expect(otherRemote.statusCode).toBe(403);
      expect(otherRemote.json().error).toBe(
        'The deploy token "cohort-team" may change mfe_cohort, mfe_preview, not mfe_other',
      );
      const noSuch = await app.inject({
        method: 'POST',
        url: '/api/platform/remotes/mfe_preview/previews',
        headers: superAdmin,
        payload: { version: '9.9.9+00000000' },
      });
      expect(noSuch.statusCode).toBe(404);
      const learnerMade = await app.inject({
        method: 'POST',
        url: '/api/platform/remotes/mfe_preview/previews',
        headers: learners[0]!.headers,
        payload: { version: v2 },
      });
      expect(learnerMade.statusCode).toBe(403);
    });

    it('pins the waiting version for the signed-in browser that opened it, and for no one else', async () => {
      const opened = await app.inject({ method: 'GET', url: link.url });
      expect(opened.statusCode).toBe(302);
      expect(opened.headers.location).toBe('/preview-area');
      const setCookie = String(opened.headers['set-cookie']);
      expect(setCookie).toMatch(/^flashcard_preview=fcp_/);
      expect(setCookie).toMatch(/HttpOnly/);
      expect(setCookie).toMatch(/SameSite=Strict/);
      expect(setCookie).toMatch(/Path=\/api\/platform/);
      cookie = setCookie.split(';')[0]!;

      const viewer = learners[1]!;
      const pinned = await manifest({ ...viewer.headers, cookie });
      expect(pinned.remotes.find((r) => r.name === 'mfe_preview')?.version).toBe(v2);
      expect(pinned.previews).toEqual([{ remote: 'mfe_preview', version: v2, expiresAt: link.expiresAt }]);
      // The link names its remote: the others are as usual.
      expect(pinned.remotes.find((r) => r.name === 'mfe_cohort')?.version).toBe(
        await versionIn('mfe_cohort', viewer.headers),
      );
      // Another browser of the same learner, and a signed-out page with the cookie: the active version.
      expect(await versionIn('mfe_preview', viewer.headers)).toBe(v1);
      expect((await manifest({ cookie })).previews).toEqual([]);
      expect(await versionIn('mfe_preview', { cookie })).toBe(v1);
      // The same on another instance.
      const other = await ctx.buildApp();
      expect(await versionIn('mfe_preview', { ...viewer.headers, cookie }, other)).toBe(v2);
    });

    it('leaving clears the cookie; an expired or unknown link pins nothing', async () => {
      const left = await app.inject({ method: 'DELETE', url: '/api/platform/previews', headers: { cookie } });
      expect(left.statusCode).toBe(204);
      expect(String(left.headers['set-cookie'])).toMatch(/^flashcard_preview=;.*Expires=Thu, 01 Jan 1970/);

      await ctx.db
        .updateTable('preview_links')
        .set({ expires_at: '2000-01-01T00:00:00.000Z' })
        .where('version', '=', v2)
        .execute();
      const expired = await app.inject({ method: 'GET', url: link.url });
      expect(expired.statusCode).toBe(410);
      expect(expired.json()).toEqual({ error: 'This preview link expired at 2000-01-01T00:00:00.000Z' });
      expect(await versionIn('mfe_preview', { ...learners[1]!.headers, cookie })).toBe(v1);
      for (const url of ['/api/platform/previews/fcp_nothing', '/api/platform/previews/not-a-token']) {
        const unknown = await app.inject({ method: 'GET', url });
        expect(unknown.statusCode).toBe(404);
        expect(unknown.json()).toEqual({ error: 'No such preview link' });
      }
    });
  });

  describe('health reports and halting', () => {
    let halting: FastifyInstance;
    let v1: string;
    let v2: string;
    const failure = (version: string) => ({
      remote: 'mfe_health',
      version,
      kind: 'render-error',
      message: 'TypeError: boom',
    });

    beforeAll(async () => {
      halting = await ctx.buildApp({ platform: { ...ctx.config.platform, haltPolicy: { minUsers: 3, margin: 0.2 } } });
      ({ v1, v2 } = await twoReleases('mfe_health', '/health-area'));
    });

    it('counts a report only for a version the server served that user, once per user, version and kind an hour', async () => {
      const [first, second] = learners;
      expect((await report(failure(v1), {}, halting)).statusCode).toBe(401);
      expect((await report({ ...failure(v1), kind: 'meltdown' }, first!.headers, halting)).statusCode).toBe(400);
      // Never served v2 (no canary yet): accepted, ignored.
      expect((await report(failure(v2), first!.headers, halting)).statusCode).toBe(204);
      // Served v1: counted once, however often sent.
      await manifest(first!.headers, halting);
      for (let i = 0; i < 3; i += 1) expect((await report(failure(v1), first!.headers, halting)).statusCode).toBe(204);
      await report(
        { remote: 'mfe_health', version: v1, kind: 'vitals', lcp: 1500, inp: 120, cls: 0.05 },
        first!.headers,
        halting,
      );
      // Served over 24 hours ago only: ignored until the manifest serves it again.
      const fourth = learners[3]!;
      await manifest(fourth.headers, halting);
      await ctx.db
        .updateTable('remote_served')
        .set({ hour: '2000-01-01T00' })
        .where('user_id', '=', fourth.id)
        .execute();
      await report(
        { remote: 'mfe_health', version: v1, kind: 'load-failure', message: 'stale' },
        fourth.headers,
        halting,
      );
      // A report older than the window, to see it go when a new one is counted.
      await ctx.db
        .insertInto('remote_health_reports')
        .values({
          remote: 'mfe_health',
          version: v1,
          user_id: fourth.id,
          kind: 'render-error',
          hour: '2000-01-01T00',
          message: 'ancient',
          created_at: '2000-01-01T00:00:00.000Z',
        })
        .execute();
      await manifest(second!.headers, halting);
      await report(
        { remote: 'mfe_health', version: v1, kind: 'vitals', lcp: 2500, inp: 90, cls: 0.01 },
        second!.headers,
        halting,
      );
      expect(
        await ctx.db.selectFrom('remote_health_reports').select('id').where('message', '=', 'ancient').execute(),
      ).toEqual([]);
      const health = (await status('mfe_health', halting)).health;
      expect(health).toEqual([
        expect.objectContaining({
          version: v1,
          servedUsers: 2,
          failedUsers: 1,
          failureRate: 0.5,
          renderErrors: 1,
          loadFailures: 0,
          lcpP75: 2500,
          inpP75: 120,
          clsP75: 0.05,
          lastMessage: 'TypeError: boom',
        }),
      ]);
    });

    it("halts a canary whose failure rate is over the active's by the margin once enough users were served it, with an audit row of the figures", async () => {
      const cohort = learners.map((learner) => learner.id).slice(0, 3);
      // The active version stands at 1 of 2 users failed (50%), from the test above.
      expect(
        (await canary('mfe_health', { version: v2, percent: 0, userIds: cohort }, superAdmin, halting)).statusCode,
      ).toBe(200);
      const [a, b, c] = learners;
      // Two of three served: below the minimum, even though both fail.
      for (const learner of [a!, b!]) {
        expect(await versionIn('mfe_health', learner.headers, halting)).toBe(v2);
        await report(failure(v2), learner.headers, halting);
      }
      expect((await status('mfe_health', halting)).canary).toMatchObject({ version: v2 });
      // Someone never served the canary cannot push it over.
      await report(failure(v2), learners[3]!.headers, halting);
      expect((await status('mfe_health', halting)).canary).toMatchObject({ version: v2 });
      // The third is served (on the other instance) and only sends vitals: no failure, no halt.
      expect(await versionIn('mfe_health', c!.headers, app)).toBe(v2);
      await report({ remote: 'mfe_health', version: v2, kind: 'vitals', lcp: 4000 }, c!.headers, halting);
      expect((await status('mfe_health', halting)).canary).not.toBeNull();
      // Its failure reaches an instance whose policy wants 10 users: counted, no halt there.
      await report(failure(v2), c!.headers, app);
      expect((await status('mfe_health', halting)).canary).not.toBeNull();
      // The next failure it counts (another kind) is weighed under 3 users: 3 of 3 against 1 of 2.
      await report({ ...failure(v2), kind: 'load-failure' }, c!.headers, halting);

      const after = await status('mfe_health', halting);
      expect(after.canary).toBeNull();
      expect(after.halted).toEqual({
        version: v2,
        at: expect.any(String),
        message: `3 of 3 users served ${v2} failed (100%), against 1 of 2 on the active version (50%): over the margin of 20%`,
        // The same figures for the console to word in the admin's language.
        figures: {
          failedUsers: 3,
          servedUsers: 3,
          failurePercent: 100,
          activeFailedUsers: 1,
          activeServedUsers: 2,
          activeFailurePercent: 50,
          marginPercent: 20,
        },
      });
      expect(after.events[0]).toMatchObject({
        action: 'halt',
        fromVersion: v2,
        toVersion: null,
        percent: 0,
        actor: 'registry',
        detail: after.halted.message,
        figures: after.halted.figures,
      });
      expect(await versionIn('mfe_health', a!.headers, halting)).toBe(v1);
      // Seen alike on the other instance; a new canary clears the halt.
      expect((await status('mfe_health', app)).halted).toMatchObject({ version: v2 });
      await canary('mfe_health', { version: v2, percent: 5 }, superAdmin, app);
      expect((await status('mfe_health', halting)).halted).toBeNull();
    });
  });
});
