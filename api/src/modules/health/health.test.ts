import { sql } from 'kysely';
import { createDb } from '../../db';
import { describeEachDb } from '../../test/harness';
import { buildApp } from '../../app';

describeEachDb('GET /api/health', (ctx) => {
  it('reports ok after a real database round trip, and where attempt limits count', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok', rateLimitStore: 'memory' });
  });

  it('names every request with an id unique across instances, in the answer and in its log lines', async () => {
    const other = buildApp(ctx.config);
    const logged: unknown[] = [];
    other.addHook('onResponse', async (request) => {
      logged.push((request.log as unknown as { bindings(): Record<string, unknown> }).bindings().reqId);
    });
    try {
      const ids = [];
      for (const app of [ctx.app, other, ctx.app, other]) {
        const response = await app.inject({ method: 'GET', url: '/api/health/live' });
        ids.push(response.headers['x-request-id']);
      }
      for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(new Set(ids).size).toBe(4);
      expect(logged).toEqual([ids[1], ids[3]]);

      // A balancer's id goes through; one that could garble a log line is replaced.
      const given = await other.inject({
        method: 'GET',
        url: '/api/health/live',
        headers: { 'x-request-id': 'lb-7f3a:42' },
      });
      expect(given.headers['x-request-id']).toBe('lb-7f3a:42');
      const odd = await other.inject({ method: 'GET', url: '/api/nope', headers: { 'x-request-id': 'a b\u001b[31m' } });
      expect(odd.statusCode).toBe(404);
      expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await other.close();
    }
  });

  it('answers 503 when the database cannot be reached', async () => {
    // A handle that worked once and has since lost its connection (closed pool / file).
    const deadDb = createDb(ctx.config.database);
    await sql`select 1`.execute(deadDb);
    await deadDb.destroy();
    const app = buildApp(ctx.config, { db: deadDb });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ error: 'Database unavailable' });
      // Alive all the same: a balancer keeps the process and only stops routing to it.
      const live = await app.inject({ method: 'GET', url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'ok' });
    } finally {
      await app.close();
    }
  });
});
