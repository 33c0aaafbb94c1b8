import fs from 'node:fs';
import path from 'node:path';
import { hashDeployToken } from '../modules/platform';
import { cliRunner } from '../test/cli';
import { describeEachDb } from '../test/harness';
import { DeployTokenUsageError, runDeployToken, USAGE } from './deploy-token';

const TOKEN_PATTERN = /^fcd_[A-Za-z0-9_-]{43}$/;

describeEachDb('deploy-token', (ctx) => {
  const publish = (authorization: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/platform/releases',
      headers: { authorization },
      // Not a release: only a valid credential gets as far as the body check.
      payload: { name: 'mfe_nothing' },
    });

  it('stores only the sha256 of a new random token, with its label, remotes and expiry', async () => {
    const before = new Date('2030-01-02T03:04:05.000Z');
    const token = await runDeployToken(
      ['  quiz-team ci  ', '--remote', 'mfe_quiz', '--remote', 'mfe_quiz_admin', '--expires', '90d'],
      ctx.config,
      () => before,
    );
    expect(token).toMatch(TOKEN_PATTERN);

    const rows = await ctx.db.selectFrom('deploy_tokens').selectAll().where('label', '=', 'quiz-team ci').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      token_hash: hashDeployToken(token),
      created_at: before.toISOString(),
      last_used_at: null,
      remotes: '["mfe_quiz","mfe_quiz_admin"]',
      expires_at: '2030-04-02T03:04:05.000Z',
      revoked_at: null,
    });
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(token);

    const other = await runDeployToken(['quiz-team ci', '--remote', 'mfe_quiz'], ctx.config);
    expect(other).not.toBe(token);
  });

  it('lists tokens (never their text or hash) and revokes one', async () => {
    const token = await runDeployToken(['listed job', '--remote', 'mfe_listed'], ctx.config);
    const id = (
      await ctx.db.selectFrom('deploy_tokens').select('id').where('label', '=', 'listed job').executeTakeFirstOrThrow()
    ).id;
    const listing = await runDeployToken(['--list'], ctx.config);
    expect(listing).toMatch(
      new RegExp(`^#${id}  "listed job"  remotes=mfe_listed  created=\\S+  last-used=never  expires=never$`, 'm'),
    );
    expect(listing).not.toContain(token);
    expect(listing).not.toMatch(/[0-9a-f]{64}/);

    expect(await runDeployToken(['--revoke', String(id)], ctx.config)).toBe(`Revoked deploy token #${id}.`);
    expect(await runDeployToken(['--list'], ctx.config)).toMatch(
      new RegExp(`^#${id}  "listed job" .* revoked=\\S+$`, 'm'),
    );
    await expect(runDeployToken(['--revoke', '999999'], ctx.config)).rejects.toThrow('No deploy token #999999.');
    const refused = await publish(`Bearer ${token}`);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ error: 'The deploy token "listed job" was revoked' });
  });

  it('makes a token that authenticates a release (the body is checked next), and only that token', async () => {
    const token = await runDeployToken(['release job', '--remote', 'mfe_nothing'], ctx.config);

    const valid = await publish(`Bearer ${token}`);
    expect(valid.statusCode).toBe(400);
    expect(valid.json()).toHaveProperty('error');
    const row = await ctx.db
      .selectFrom('deploy_tokens')
      .select('last_used_at')
      .where('label', '=', 'release job')
      .executeTakeFirstOrThrow();
    expect(row.last_used_at).not.toBeNull();

    const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const invalid = await publish(`Bearer ${forged}`);
    expect(invalid.statusCode).toBe(401);
    expect(invalid.json()).toEqual({ error: 'Invalid deploy token' });
  });

  it('refuses a missing, empty or too long label and extra arguments, writing nothing', async () => {
    const count = async () =>
      Number(
        (
          await ctx.db
            .selectFrom('deploy_tokens')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    await expect(runDeployToken([], ctx.config)).rejects.toThrow(new DeployTokenUsageError(USAGE));
    await expect(runDeployToken(['   '], ctx.config)).rejects.toThrow(USAGE);
    await expect(runDeployToken(['two', 'words', '--remote', 'mfe_x'], ctx.config)).rejects.toThrow(USAGE);
    await expect(runDeployToken(['x'.repeat(101), '--remote', 'mfe_x'], ctx.config)).rejects.toThrow(
      'The label is 101 characters long; at most 100 are allowed.',
    );
    // No more master keys: a token without remotes is refused.
    await expect(runDeployToken(['master key'], ctx.config)).rejects.toThrow(
      'A deploy token needs at least one --remote.',
    );
    await expect(runDeployToken(['ci', '--remote', 'Not A Name'], ctx.config)).rejects.toThrow(
      '"Not A Name" is not a remote name (like mfe_quiz).',
    );
    for (const expires of ['0d', '90', '3651d', 'soon']) {
      await expect(runDeployToken(['ci', '--remote', 'mfe_x', '--expires', expires], ctx.config)).rejects.toThrow(
        '--expires takes days, 1d to 3650d (e.g. 90d).',
      );
    }
    await expect(runDeployToken(['ci', '--remote', 'mfe_x', '--colour', 'red'], ctx.config)).rejects.toThrow(USAGE);
    expect(await count()).toBe(before);
    await expect(runDeployToken(['y'.repeat(100), '--remote', 'mfe_x'], ctx.config)).resolves.toMatch(TOKEN_PATTERN);
  });
});

describe('deploy-token command line', () => {
  const { run, dataDir } = cliRunner('deploy-token.ts');

  it('prints only the token, after creating the schema', async () => {
    const result = await run('ci', '--remote', 'mfe_quiz');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^fcd_[A-Za-z0-9_-]{43}\n$/);
    expect(result.stderr).toBe('');
    expect(fs.existsSync(path.join(dataDir(), 'flashcards.db'))).toBe(true);
  });

  it('exits 1 with the usage on stderr and nothing on stdout without a label', async () => {
    const result = await run();
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim()).toBe(USAGE);
  });
});
