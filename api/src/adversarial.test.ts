// Every endpoint of the contract, called by a careless client or an attacker: wrong types in
// every body field, text the databases cannot store, absurd path parameters and query values,
// bodies of the wrong shape. Whatever the route, the answer is never a 5xx, and every error
// body is exactly `{ "error": "<message>" }`, on SQLite and PostgreSQL.
import { ENDPOINTS, type Endpoint } from '@flashcard/api-contract/schemas';
import type { TSchema } from '@sinclair/typebox';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { bearer, describeEachDb, registerUser } from './test/harness';
import { userWithRole } from './test/platform-fixtures';

const endpoints: Array<{ name: string; endpoint: Endpoint }> = Object.entries(ENDPOINTS).flatMap(([area, list]) =>
  Object.entries(list).map(([name, endpoint]: [string, Endpoint]) => ({ name: `${area}.${name}`, endpoint })),
);

const NUL = 'x\u0000y';
const LONE = 'x\uD800';
/** Values of every JSON kind, and text no database keeps. */
const BAD_VALUES: unknown[] = [
  null,
  true,
  -1,
  1e300,
  Number.MAX_SAFE_INTEGER + 2,
  'abc',
  '',
  NUL,
  LONE,
  [],
  {},
  ['a'],
  { a: 1 },
  'x'.repeat(20_000),
];
const BAD_PATH_VALUES = ['0', '-1', '99999999999999999999', 'abc', '%00', '1.5', '%E2%80%AE', 'a'.repeat(300)];
const BAD_QUERY_VALUES = ['-1', 'abc', '%00', '99999999999999999999', 'true', '', '%ED%A0%80', 'a'.repeat(2000)];

function propertiesOf(schema: TSchema | undefined): string[] {
  const properties = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return properties ? Object.keys(properties) : [];
}

function pathWith(endpoint: Endpoint, value: string): string {
  return `/api${endpoint.path.replace(/:([A-Za-z_]+)/g, () => value)}`;
}

/** A 4xx with only `error`, or a 2xx/3xx: never a 5xx, never Fastify's own error shape. */
function expectHandled(label: string, response: LightMyRequestResponse) {
  const summary = { label, status: response.statusCode, body: response.body.slice(0, 300) };
  expect({ ...summary, serverError: response.statusCode >= 500 }).toEqual({ ...summary, serverError: false });
  if (response.statusCode >= 400 && response.headers['content-type']?.toString().includes('json')) {
    const body = response.json();
    expect({ label, keys: Object.keys(body), type: typeof body.error }).toEqual({
      label,
      keys: ['error'],
      type: 'string',
    });
  }
}

describeEachDb('adversarial input on every endpoint', (ctx) => {
  let app: FastifyInstance;
  let headers: Record<string, string>;

  beforeAll(async () => {
    app = ctx.app;
    // A super_admin reaches every route's own checks (admin and platform ones included).
    const root = await userWithRole(app, ctx.db, 'super_admin');
    headers = root.headers;
    // Something to point at: a card and a set of the caller's, and another learner.
    await app.inject({ method: 'POST', url: '/api/cards', headers, payload: { question: 'q', answer: 'a' } });
    await app.inject({ method: 'POST', url: '/api/categories', headers, payload: { name: 'Set' } });
    await registerUser(app);
  });

  it.each(endpoints.filter(({ endpoint }) => endpoint.path.includes(':')).map((e) => [e.name, e.endpoint] as const))(
    '%s: absurd path parameters',
    async (name, endpoint) => {
      for (const value of BAD_PATH_VALUES) {
        const response = await app.inject({
          method: endpoint.method,
          url: pathWith(endpoint, value),
          headers,
          payload: endpoint.method === 'GET' || endpoint.method === 'DELETE' ? undefined : {},
        });
        expectHandled(`${name} ${value}`, response);
      }
    },
  );

  it.each(endpoints.filter(({ endpoint }) => endpoint.schema.querystring).map((e) => [e.name, e.endpoint] as const))(
    '%s: bad query values',
    async (name, endpoint) => {
      for (const key of propertiesOf(endpoint.schema.querystring)) {
        for (const value of BAD_QUERY_VALUES) {
          const response = await app.inject({
            method: endpoint.method,
            url: `${pathWith(endpoint, '1')}?${key}=${value}`,
            headers,
          });
          expectHandled(`${name} ?${key}=${value.slice(0, 20)}`, response);
        }
      }
    },
  );

  it.each(endpoints.filter(({ endpoint }) => endpoint.method !== 'GET').map((e) => [e.name, e.endpoint] as const))(
    '%s: bodies of the wrong shape and wrong values in every field',
    async (name, endpoint) => {
      const url = pathWith(endpoint, '1');
      for (const body of ['"text"', '[]', 'null', '42', '{"a":', '{}']) {
        const response = await app.inject({
          method: endpoint.method,
          url,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: body,
        });
        expectHandled(`${name} body ${body}`, response);
      }
      for (const field of propertiesOf(endpoint.schema.body)) {
        for (const value of BAD_VALUES) {
          const response = await app.inject({
            method: endpoint.method,
            url,
            headers,
            payload: { [field]: value } as object,
          });
          expectHandled(`${name} ${field}=${JSON.stringify(value)?.slice(0, 30)}`, response);
        }
      }
    },
  );

  it('answers unknown paths and methods with { error }', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['DELETE', '/api/cards'],
      ['PATCH', '/api/cards/1'],
      ['GET', '/api/%'],
    ] as const) {
      expectHandled(`${method} ${url}`, await app.inject({ method, url, headers }));
    }
  });

  it('answers a token that is not one with 401 { error } everywhere', async () => {
    for (const { name, endpoint } of endpoints) {
      const response = await app.inject({
        method: endpoint.method,
        url: pathWith(endpoint, '1'),
        headers: bearer('not.a.token'),
      });
      expectHandled(name, response);
    }
  });
});
