import { describeEachDb } from '../test/harness';

describeEachDb('security headers', (ctx) => {
  it('sends helmet headers and a strict Content-Security-Policy on API responses', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');

    const directives = new Map(
      String(response.headers['content-security-policy'])
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values.join(' ')]),
    );
    expect(directives.get('default-src')).toBe("'self'");
    expect(directives.get('script-src')).toBe("'self'");
    expect(directives.get('connect-src')).toBe("'self'");
    expect(directives.get('style-src')).toBe("'self' 'unsafe-inline'");
    expect(directives.get('img-src')).toBe("'self' data: blob: https:");
    expect(directives.get('media-src')).toBe("'self' blob:");
    expect(directives.get('object-src')).toBe("'none'");
    // Plain-http classroom servers must not have their assets upgraded to https.
    expect(directives.has('upgrade-insecure-requests')).toBe(false);
  });

  it('sends no CORS headers for other origins unless configured', async () => {
    const closed = await ctx.buildApp({ corsOrigins: false });
    const denied = await closed.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(denied.headers['access-control-allow-origin']).toBeUndefined();

    const open = await ctx.buildApp({ corsOrigins: ['http://localhost:3001'] });
    const allowed = await open.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'http://localhost:3001' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:3001');
    // A cards screen on another origin must be able to read the list's paging headers.
    expect(allowed.headers['access-control-expose-headers']).toBe('x-total-count, x-next-cursor');
    const other = await open.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});
