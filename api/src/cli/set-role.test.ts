import fs from 'node:fs';
import path from 'node:path';
import { RoleChangeError, setUserRole } from '../modules/auth';
import { cliRunner } from '../test/cli';
import { bearer, describeEachDb, registerUser } from '../test/harness';
import { runSetRole, USAGE } from './set-role';

describeEachDb('roles', (ctx) => {
  it('new accounts are plain users', async () => {
    const user = await registerUser(ctx.app);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(user.accessToken) });
    expect(me.json().user.role).toBe('user');
  });

  it('setUserRole changes the role of the account with that e-mail, in any case', async () => {
    const user = await registerUser(ctx.app);
    const updated = await setUserRole(ctx.db, `  ${user.email.toUpperCase()} `, 'admin');
    expect(updated).toMatchObject({ id: user.id, role: 'admin' });
    const row = await ctx.db.selectFrom('users').select('role').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.role).toBe('admin');
  });

  it('setUserRole refuses unknown roles and unknown e-mails', async () => {
    const user = await registerUser(ctx.app);
    await expect(setUserRole(ctx.db, user.email, 'root')).rejects.toThrow(
      new RoleChangeError('Unknown role "root". Use one of: user, admin, super_admin.'),
    );
    await expect(setUserRole(ctx.db, 'ghost@example.com', 'admin')).rejects.toThrow(
      new RoleChangeError('No account with the email "ghost@example.com".'),
    );
  });

  it('runSetRole uses the configured database and reports what it did', async () => {
    const user = await registerUser(ctx.app);
    const message = await runSetRole([user.email, 'super_admin'], ctx.config);
    expect(message).toBe(`Role of ${user.email} (id ${user.id}) is now super_admin.`);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(login.json().user.role).toBe('super_admin');
    await expect(runSetRole([user.email], ctx.config)).rejects.toThrow(USAGE);
  });

  it('requireRole lets only the listed roles through, using the role in the access token', async () => {
    const app = await ctx.buildApp({}, {}, (instance) => {
      instance.register(async (scoped) => {
        scoped.get(
          '/api/test/admin-only',
          { preHandler: [scoped.authenticate, scoped.requireRole('admin', 'super_admin')] },
          async () => ({ ok: true }),
        );
      });
    });
    const user = await registerUser(app);
    const asUser = await app.inject({ method: 'GET', url: '/api/test/admin-only', headers: bearer(user.accessToken) });
    expect(asUser.statusCode).toBe(403);
    expect(asUser.json()).toEqual({ error: 'You do not have permission to do this' });

    await setUserRole(ctx.db, user.email, 'admin');
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    const asAdmin = await app.inject({
      method: 'GET',
      url: '/api/test/admin-only',
      headers: bearer(login.json().tokens.accessToken),
    });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json()).toEqual({ ok: true });

    const anonymous = await app.inject({ method: 'GET', url: '/api/test/admin-only' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('set-role command line', () => {
  const { run, dataDir } = cliRunner('set-role.ts');

  it('exits 1 with a clear message for an unknown e-mail, after creating the schema', async () => {
    const result = await run('nobody@example.com', 'admin');
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe('No account with the email "nobody@example.com".');
    expect(fs.existsSync(path.join(dataDir(), 'flashcards.db'))).toBe(true);
  });

  it('exits 1 with a clear message for an unknown role', async () => {
    const result = await run('nobody@example.com', 'overlord');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Unknown role "overlord"');
  });
});
