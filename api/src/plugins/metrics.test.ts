// /metrics: Prometheus text for a scraper on this machine or holding METRICS_TOKEN, nobody else.
import { describeEachDb, registerUser } from '../test/harness';

describeEachDb('GET /metrics', (ctx) => {
  it('reports request rate and latency per route and status, the event loop and the database pool', async () => {
    const app = await ctx.buildApp();
    await app.inject({ method: 'GET', url: '/api/health' });
    await app.inject({ method: 'GET', url: '/api/cards' }); // 401: errors are counted by status
    await registerUser(app);
    const response = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const text = response.body;
    expect(text).toMatch(
      /http_request_duration_seconds_count\{[^}]*route="\/api\/health"[^}]*status_code="200"[^}]*\} 1/,
    );
    expect(text).toMatch(
      /http_request_duration_seconds_count\{[^}]*route="\/api\/cards"[^}]*status_code="401"[^}]*\} 1/,
    );
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0\.005"/);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('process_resident_memory_bytes');
    if (ctx.dialect === 'postgres') expect(text).toMatch(/db_pool_connections\{state="total"\} [1-9]/);
    // The scrape itself is not a route metric.
    expect(text).not.toMatch(/route="\/metrics"/);
  });

  it('answers 404 to other machines, and to a wrong token when one is set', async () => {
    const open = await ctx.buildApp();
    expect((await open.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' })).statusCode).toBe(404);
    const guarded = await ctx.buildApp({ metricsToken: 'scrape-secret' });
    expect((await guarded.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
    const wrong = await guarded.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({ error: 'Not found' });
    const right = await guarded.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { authorization: 'Bearer scrape-secret' },
    });
    expect(right.statusCode).toBe(200);
  });

  it('judges the client by the address the rest of the API uses: behind a trusted proxy, the forwarded one', async () => {
    // A proxy on this machine (TRUST_PROXY=127.0.0.1) forwards every visitor from 127.0.0.1.
    const proxied = await ctx.buildApp({ trustProxy: '127.0.0.1' });
    const visitor = await proxied.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(visitor.statusCode).toBe(404);
    expect(visitor.json()).toEqual({ error: 'Not found' });
    const scraperThroughProxy = await proxied.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(scraperThroughProxy.statusCode).toBe(200);
    // An untrusted sender's X-Forwarded-For is not believed.
    const spoofed = await proxied.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(spoofed.statusCode).toBe(404);
    // Without TRUST_PROXY the header means nothing either way.
    const direct = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(direct.statusCode).toBe(200);
  });
});
