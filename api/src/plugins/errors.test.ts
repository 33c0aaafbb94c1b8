import { Checked } from '@flashcard/api-contract/schemas';
import { Type } from '@sinclair/typebox';
import { HttpError } from '../lib/http-error';
import { describeEachDb } from '../test/harness';

describeEachDb('error handler', (ctx) => {
  const buildWithRoutes = () =>
    ctx.buildApp({}, {}, (app) => {
      app.register(async (scoped) => {
        scoped.get('/api/test/bug', async () => {
          throw new Error('secret detail: connection string postgres://admin:hunter2@db');
        });
        scoped.get('/api/test/teapot', async () => {
          throw new HttpError(418, 'I am a teapot');
        });
        scoped.get('/api/test/outage', async () => {
          throw new HttpError(503, 'upstream exploded at 10.1.2.3');
        });
      });
    });

  it('masks unexpected errors as a 500 with a generic message', async () => {
    const app = await buildWithRoutes();
    const response = await app.inject({ method: 'GET', url: '/api/test/bug' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'Internal server error' });
    expect(response.body).not.toContain('hunter2');
  });

  it('passes 4xx messages through and masks 5xx ones, keeping the status', async () => {
    const app = await buildWithRoutes();
    const teapot = await app.inject({ method: 'GET', url: '/api/test/teapot' });
    expect(teapot.statusCode).toBe(418);
    expect(teapot.json()).toEqual({ error: 'I am a teapot' });

    const outage = await app.inject({ method: 'GET', url: '/api/test/outage' });
    expect(outage.statusCode).toBe(503);
    expect(outage.json()).toEqual({ error: 'Internal server error' });
  });

  it("passes a checked field's listed types unchanged and names them when another comes", async () => {
    const app = await ctx.buildApp({}, {}, (built) => {
      built.post(
        '/api/test/checked',
        { schema: { body: Type.Object({ value: Checked('string', 'number', 'null') }) } },
        async (request) => request.body,
      );
    });
    const echo = async (value: unknown) => app.inject({ method: 'POST', url: '/api/test/checked', payload: { value } });
    for (const value of ['2', 2, 1.5, null]) expect((await echo(value)).json()).toEqual({ value });
    // An unlisted scalar becomes text (the first listed type), never a number: true is not 1.
    expect((await echo(true)).json()).toEqual({ value: 'true' });
    const object = await echo({ a: 1 });
    expect(object.statusCode).toBe(400);
    expect(object.json()).toEqual({ error: 'Value must be string or number or null' });
  });

  it('answers framework errors in the same shape', async () => {
    const unsupported = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(unsupported.statusCode).toBe(415);
    expect(Object.keys(unsupported.json())).toEqual(['error']);

    const tooLarge = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@example.com', password: 'x'.repeat(200 * 1024) },
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(Object.keys(tooLarge.json())).toEqual(['error']);

    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ error: 'Request body is not valid JSON' });
  });

  it("answers the router's own refusals in the same shape", async () => {
    const tooLong = await ctx.app.inject({ method: 'GET', url: `/api/cards/${'9'.repeat(300)}` });
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toEqual({ error: 'The address is too long' });

    const malformed = await ctx.app.inject({ method: 'GET', url: '/api/cards/%E0%A4%A' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: 'The address is malformed' });
  });
});
