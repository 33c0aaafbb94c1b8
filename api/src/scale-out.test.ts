// Two real API processes on one PostgreSQL database and one Redis, as docs/DEPLOY.md runs them:
// limits hold across both, a sign-out on one ends the token on the other, a registry change on
// one is served by the other, and a kill -9 of one in the middle of a load of reviews loses no
// acknowledged review and stores none twice. Needs TEST_DATABASE_URL and TEST_REDIS_URL (CI sets
// both); it starts the servers from source with tsx, each in its own process.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Pool } from 'pg';
import { makeTempDir } from './test/harness';
import { releaseBody } from './test/platform-fixtures';
import { freePort } from './test/net';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const TSX = path.resolve(__dirname, '../../node_modules/.bin/tsx');
const SERVER = path.resolve(__dirname, 'server.ts');

jest.setTimeout(120_000);

interface Instance {
  url: string;
  process: ChildProcess;
}

const describeTwoInstances = databaseUrl && redisUrl ? describe : describe.skip;

describeTwoInstances('two API instances on PostgreSQL and Redis', () => {
  const database = `fc_scale_${randomBytes(4).toString('hex')}`;
  const admin = new Pool({ connectionString: databaseUrl });
  let url = '';
  const instances: Instance[] = [];
  const env = () => ({
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: url,
    REDIS_URL: redisUrl,
    JWT_SECRET: 'scale-out-test-secret-'.repeat(3),
    DATA_DIR: makeTempDir('flashcards-scale-'),
    WEB_ROOT: makeTempDir('flashcards-web-'),
    HOST: '127.0.0.1',
  });

  async function start(): Promise<Instance> {
    const port = await freePort();
    const child = spawn(TSX, [SERVER], { env: { ...env(), PORT: String(port) }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (chunk) => (stderr += chunk));
    const instance = { url: `http://127.0.0.1:${port}`, process: child };
    for (let attempt = 0; attempt < 200; attempt++) {
      if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
      const ok = await fetch(`${instance.url}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return instance;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`server did not start: ${stderr}`);
  }

  const call = async (
    instance: Instance,
    method: string,
    route: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const response = await fetch(`${instance.url}/api${route}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const register = async (instance: Instance) => {
    const email = `scale-${randomBytes(4).toString('hex')}@example.com`;
    const response = await call(instance, 'POST', '/auth/register', { email, password: 'scale out 1' });
    expect(response.status).toBe(201);
    return {
      email,
      id: response.body.user.id as number,
      token: response.body.tokens.accessToken as string,
      refresh: response.body.tokens.refreshToken as string,
    };
  };

  beforeAll(async () => {
    await admin.query(`create database ${database}`);
    const base = new URL(databaseUrl!);
    base.pathname = `/${database}`;
    url = base.toString();
    // Both migrate the fresh database at once: the migrator's lock lets one do it.
    instances.push(...(await Promise.all([start(), start()])));
  });

  afterAll(async () => {
    for (const instance of instances) instance.process.kill('SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 300));
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  });

  it('holds one sign-in limit across both instances', async () => {
    const [a, b] = instances as [Instance, Instance];
    const user = await register(a);
    // 10 attempts per (account, address) in 15 minutes, counted in Redis: five on each.
    for (let i = 0; i < 10; i++) {
      const response = await call(i % 2 ? b : a, 'POST', '/auth/login', { email: user.email, password: 'wrong guess' });
      expect(response.status).toBe(401);
    }
    const blocked = await call(b, 'POST', '/auth/login', { email: user.email, password: 'scale out 1' });
    expect(blocked.status).toBe(429);
    expect((await call(a, 'POST', '/auth/login', { email: user.email, password: 'scale out 1' })).status).toBe(429);
  });

  it('ends a signed-out token on the other instance within a second', async () => {
    const [a, b] = instances as [Instance, Instance];
    const user = await register(a);
    expect((await call(b, 'GET', '/cards', undefined, bearer(user.token))).status).toBe(200);
    expect((await call(a, 'POST', '/auth/logout', { refreshToken: user.refresh }, bearer(user.token))).status).toBe(
      200,
    );
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const refused = await call(b, 'GET', '/cards', undefined, bearer(user.token));
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ error: 'This session has ended. Please sign in again.' });
  });

  it('serves a release published on one instance from the other', async () => {
    const [a, b] = instances as [Instance, Instance];
    const user = await register(a);
    const pool = new Pool({ connectionString: url });
    await pool.query(`update users set role = 'super_admin' where id = $1`, [user.id]);
    await pool.end();
    // The role change ended the old token: sign in again for one that says super_admin.
    const login = await call(a, 'POST', '/auth/login', { email: user.email, password: 'scale out 1' });
    const published = await call(
      a,
      'POST',
      '/platform/releases',
      releaseBody({ name: 'mfe_scale', route: '/scale' }),
      bearer(login.body.tokens.accessToken),
    );
    expect(published.status).toBe(201);
    const manifest = await call(b, 'GET', '/platform/manifest');
    expect(manifest.body.remotes.map((remote: { name: string }) => remote.name)).toContain('mfe_scale');
    const entry = manifest.body.remotes.find((remote: { name: string }) => remote.name === 'mfe_scale').entry as string;
    const file = await fetch(`${b.url}${entry.replace('mf-manifest.json', 'remoteEntry.js')}`);
    expect(file.status).toBe(200);
  });

  it('loses no acknowledged review and stores none twice when one instance is killed mid-load', async () => {
    const [a, b] = instances as [Instance, Instance];
    const user = await register(b);
    const cards: number[] = [];
    for (let i = 0; i < 40; i++) {
      const created = await call(b, 'POST', '/cards', { question: `Q${i}`, answer: `A${i}` }, bearer(user.token));
      cards.push(created.body.id);
    }
    const acknowledged = new Set<string>();
    let stop = false;
    // Eight learners' tabs, each reviewing its cards in turn on either instance; a failed
    // request is retried with the same key on the instance still alive, as the study screen does.
    const worker = async (lane: number) => {
      for (let round = 0; !stop && round < 200; round++) {
        const cardId = cards[(lane * 5 + round) % cards.length]!;
        const key = `lane${lane}-round${round}`;
        for (const target of round % 2 ? [a, b] : [b, a]) {
          try {
            const response = await call(
              target,
              'POST',
              '/spaced-repetition/review',
              { cardId, result: 2, timeSpent: 1000 },
              { ...bearer(user.token), 'idempotency-key': key },
            );
            if (response.status === 200) {
              acknowledged.add(key);
              break;
            }
            if (response.status !== 409) break;
          } catch {
            // The instance died under this request: retry the same key on the other one.
          }
        }
      }
    };
    const load = Promise.all(Array.from({ length: 8 }, (_, lane) => worker(lane)));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    a.process.kill('SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    stop = true;
    await load;

    expect(acknowledged.size).toBeGreaterThan(20);
    const pool = new Pool({ connectionString: url });
    const { rows } = await pool.query<{ idempotency_key: string; n: string }>(
      'select idempotency_key, count(*) as n from review_logs where user_id = $1 group by idempotency_key',
      [user.id],
    );
    await pool.end();
    const stored = new Map(rows.map((row) => [row.idempotency_key, Number(row.n)]));
    for (const key of acknowledged) expect([key, stored.get(key)]).toEqual([key, 1]);
    for (const [key, count] of stored) expect([key, count]).toEqual([key, 1]);
  });
});
