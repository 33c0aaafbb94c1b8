// The registry of teams' servers: only a super_admin registers or removes one, admins read them,
// a team's deploy token reads only the health of a service tied to one of its remotes; names and
// addresses are checked with clear messages; every change is audited. The CLI drives the same.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import platformCli from '@flashcard/platform-tools/platform-cli';
import type { FastifyInstance } from 'fastify';
import { bearer, describeEachDb, registerUser } from '../../test/harness';
import { userWithRole } from '../../test/platform-fixtures';
import { DeployTokenService, PlatformRepository } from '../platform';

type Headers = Record<string, string>;

describeEachDb('registered services', (ctx) => {
  let app: FastifyInstance;
  let superAdmin: Headers;
  let superAdminEmail: string;
  let admin: Headers;
  let learner: Headers;
  let quizToken: Headers;
  let otherToken: Headers;
  let upstream: http.Server;
  let upstreamUrl: string;

  const register = (payload: object, headers: Headers) =>
    app.inject({ method: 'POST', url: '/api/platform/services', headers, payload });
  const list = (headers: Headers) => app.inject({ method: 'GET', url: '/api/platform/services', headers });
  const status = (name: string, headers: Headers) =>
    app.inject({ method: 'GET', url: `/api/platform/services/${name}`, headers });
  const remove = (name: string, headers: Headers) =>
    app.inject({ method: 'DELETE', url: `/api/platform/services/${name}`, headers });

  beforeAll(async () => {
    app = ctx.app;
    const root = await userWithRole(app, ctx.db, 'super_admin');
    superAdmin = root.headers;
    superAdminEmail = root.email;
    admin = (await userWithRole(app, ctx.db, 'admin')).headers;
    learner = bearer((await registerUser(app)).accessToken);
    const tokens = new DeployTokenService(new PlatformRepository(ctx.db), () => new Date());
    const headersOf = (token: string) => ({ authorization: `Bearer ${token}` });
    quizToken = headersOf((await tokens.create({ label: 'quiz-team ci', remotes: ['mfe_quiz'] })).token);
    otherToken = headersOf((await tokens.create({ label: 'other-team ci', remotes: ['mfe_other'] })).token);
    upstream = http.createServer((_request, response) => response.writeHead(204).end());
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => upstream.close(() => resolve())));

  it('lets a super_admin register, list, read and remove a service, each change audited', async () => {
    const created = await register({ name: 'quiz', url: `${upstreamUrl}/v1/`, remotes: ['mfe_quiz'] }, superAdmin);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      name: 'quiz',
      url: `${upstreamUrl}/v1`,
      remotes: ['mfe_quiz'],
      createdBy: `user:${superAdminEmail}`,
      createdAt: expect.any(String),
    });

    const listed = await list(admin);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().services).toEqual([created.json()]);
    expect(listed.json().events[0]).toMatchObject({
      service: 'quiz',
      action: 'register',
      url: `${upstreamUrl}/v1`,
      remotes: ['mfe_quiz'],
      actor: `user:${superAdminEmail}`,
    });

    const read = await status('quiz', admin);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      name: 'quiz',
      health: { probe: { reachable: true, ok: true, status: 204, error: null } },
      events: [{ action: 'register' }],
    });

    expect((await remove('quiz', superAdmin)).statusCode).toBe(204);
    expect((await status('quiz', admin)).json()).toEqual({ error: 'No service named quiz' });
    expect((await remove('quiz', superAdmin)).statusCode).toBe(404);
    expect((await list(superAdmin)).json().events.slice(0, 2)).toMatchObject([
      { service: 'quiz', action: 'remove', actor: `user:${superAdminEmail}` },
      { service: 'quiz', action: 'register' },
    ]);
  });

  it('refuses a taken name with 409', async () => {
    expect((await register({ name: 'taken', url: upstreamUrl }, superAdmin)).statusCode).toBe(201);
    const again = await register({ name: 'taken', url: 'http://elsewhere:1' }, superAdmin);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/already registered/);
  });

  it.each([
    [{ name: 'Quiz', url: 'http://q:1' }, /name must be 2-40 lowercase letters/],
    [{ name: 'quiz-', url: 'http://q:1' }, /name must be/],
    [{ name: 'q', url: 'http://q:1' }, /name must be/],
    [{ name: 'has space', url: 'http://q:1' }, /name must be/],
    [{ name: 'quiz', url: 'not a url' }, /url must be an http\(s\) address/],
    [{ name: 'quiz', url: 'ftp://q/files' }, /url must start with http:\/\/ or https:\/\//],
    [{ name: 'quiz', url: 'javascript:alert(1)' }, /url must start with http/],
    [{ name: 'quiz', url: 'http://user:secret@q:1' }, /must not carry credentials/],
    [{ name: 'quiz', url: 'http://q:1/?key=1' }, /must not carry a query or a fragment/],
    [{ name: 'quiz', url: 'http://q:1/#x' }, /must not carry a query or a fragment/],
    [{ name: 'quiz', url: '' }, /url must be an http\(s\) address/],
    [{ name: 'quiz' }, /Url is required/],
    [{ name: 'quiz', url: 'http://q:1', remotes: ['Not A Remote'] }, /Remotes/],
  ])('refuses %j with 400', async (body, message) => {
    const response = await register(body, superAdmin);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(message);
  });

  it('lets only a super_admin write: an admin, a learner and any deploy token get 403, nobody signed in 401', async () => {
    const body = { name: 'nope', url: 'http://nope:1', remotes: ['mfe_quiz'] };
    for (const headers of [admin, learner]) expect((await register(body, headers)).statusCode).toBe(403);
    const team = await register(body, quizToken);
    expect(team.statusCode).toBe(403);
    expect(team.json().error).toMatch(/deploy token "quiz-team ci" may not register or remove services/);
    // A token is refused before its body is looked at.
    expect((await register({ name: 'BAD' }, quizToken)).statusCode).toBe(403);
    expect((await register(body, {})).statusCode).toBe(401);
    expect((await register(body, { authorization: 'Bearer fcd_unknown' })).statusCode).toBe(401);
    expect((await list(superAdmin)).json().services.map((s: { name: string }) => s.name)).not.toContain('nope');

    expect((await register({ name: 'keep', url: 'http://keep:1' }, superAdmin)).statusCode).toBe(201);
    for (const headers of [admin, learner, quizToken]) expect((await remove('keep', headers)).statusCode).toBe(403);
    expect((await status('keep', admin)).statusCode).toBe(200);
  });

  it("lets a team's token read its own tied service's health, not another's, and never the list", async () => {
    const down = 'http://127.0.0.1:9';
    expect((await register({ name: 'quiz-api', url: down, remotes: ['mfe_quiz'] }, superAdmin)).statusCode).toBe(201);
    expect((await register({ name: 'other-api', url: down, remotes: ['mfe_other'] }, superAdmin)).statusCode).toBe(201);

    const own = await status('quiz-api', quizToken);
    expect(own.statusCode).toBe(200);
    expect(own.json().health.probe).toMatchObject({ reachable: false, ok: false, status: null });

    const foreign = await status('other-api', quizToken);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error).toMatch(/quiz-team ci.*other-api belongs to mfe_other/);
    expect((await status('other-api', otherToken)).statusCode).toBe(200);
    expect((await list(quizToken)).statusCode).toBe(403);
    expect((await list(learner)).statusCode).toBe(403);
    expect((await status('quiz-api', learner)).statusCode).toBe(403);
    expect((await status('missing', quizToken)).statusCode).toBe(404);
  });

  it('answers a bad name in the path with 400', async () => {
    for (const name of ['UPPER', '-x', 'a'.repeat(60), '%00']) {
      const response = await status(name, admin);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json())).toEqual(['error']);
    }
  });

  describe('the platform CLI', () => {
    const cli = async (argv: string[], headers: Headers) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await platformCli.main(argv, {
        env: { PLATFORM_URL: 'http://platform.test', PLATFORM_TOKEN: headers.authorization!.slice('Bearer '.length) },
        stdout: (line: string) => out.push(line),
        stderr: (line: string) => err.push(line),
        fetchImpl: async (url, init) => {
          const response = await app.inject({
            method: init.method as 'GET',
            url: new URL(url).pathname,
            headers: init.headers,
            ...(init.body ? { payload: init.body } : {}),
          });
          return { status: response.statusCode, text: async () => response.body };
        },
      });
      return { code, out: out.join('\n'), err: err.join('\n') };
    };

    it('adds, lists, shows and removes a service with a super_admin token', async () => {
      expect(await cli(['service', 'add', 'cli-quiz', upstreamUrl, '--remote', 'mfe_quiz'], superAdmin)).toEqual({
        code: 0,
        out: `cli-quiz: /api/services/cli-quiz/* goes to ${upstreamUrl}`,
        err: '',
      });
      const listed = await cli(['service', 'list'], superAdmin);
      expect(listed.out).toMatch(new RegExp(`^cli-quiz  ${upstreamUrl}  remotes: mfe_quiz  \\(by user:`, 'm'));
      const json = JSON.parse((await cli(['service', 'list', '--json'], superAdmin)).out);
      expect(json.services.map((s: { name: string }) => s.name)).toContain('cli-quiz');

      const shown = await cli(['service', 'status', 'cli-quiz'], quizToken);
      expect(shown.code).toBe(0);
      expect(shown.out).toContain(`cli-quiz  ${upstreamUrl}\n  remotes  mfe_quiz\n  probe    answered 204 in`);

      expect(await cli(['service', 'remove', 'cli-quiz'], superAdmin)).toEqual({
        code: 0,
        out: 'cli-quiz: removed',
        err: '',
      });
      expect(await cli(['service', 'remove', 'cli-quiz'], superAdmin)).toEqual({
        code: 1,
        out: '',
        err: 'service remove cli-quiz refused (404): No service named cli-quiz',
      });
    });

    it("says why a team's token may not add a service", async () => {
      expect(await cli(['service', 'add', 'team-svc', upstreamUrl], quizToken)).toEqual({
        code: 1,
        out: '',
        err: 'service add team-svc refused (403): The deploy token "quiz-team ci" may not register or remove services: an operator (super_admin) does',
      });
    });
  });
});
