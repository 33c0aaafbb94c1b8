import { sql } from 'kysely';
import { createDb } from '../../db';
import { describeEachDb } from '../../test/harness';
import { buildApp } from '../../app';

describeEachDb('GET /api/health', (ctx) => {
  it('reports ok after a real database round trip', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
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
