// The API serves exactly the contract (@flashcard/api-contract): every endpoint in ENDPOINTS is
// a route with that method, path and schema object, so a call the apps make cannot lack its
// route; and every /api route is an endpoint of the contract, so no route lacks its shapes.
import { ENDPOINTS, type Endpoint } from '@flashcard/api-contract/schemas';
import type { RouteOptions } from 'fastify';
import { describeEachDb } from './test/harness';

/** /api routes deliberately outside the contract: [method, url, reason]. */
const NOT_IN_CONTRACT: ReadonlyArray<readonly [method: string, url: string, reason: string]> = [
  ['PATCH', '/api/services/:name/*', "the gateway passes a service's PATCH through; endpoint() has no PATCH"],
];

interface Served {
  method: string;
  url: string;
  schema: RouteOptions['schema'];
}

const key = (method: string, url: string) => `${method} ${url}`;

const contract: Array<{ name: string; endpoint: Endpoint }> = Object.entries(ENDPOINTS).flatMap(([area, endpoints]) =>
  Object.entries(endpoints).map(([name, endpoint]: [string, Endpoint]) => ({ name: `${area}.${name}`, endpoint })),
);

describeEachDb('the API contract', (ctx) => {
  const served = new Map<string, Served>();

  beforeAll(async () => {
    await ctx.buildApp({}, {}, (app) =>
      app.addHook('onRoute', (route) => {
        for (const method of [route.method].flat()) {
          // Fastify adds a HEAD route beside every GET: not a route of its own.
          if (method === 'HEAD') continue;
          served.set(key(method, route.url), { method, url: route.url, schema: route.schema });
        }
      }),
    );
  });

  it('lists every endpoint once', () => {
    const keys = contract.map(({ endpoint }) => key(endpoint.method, endpoint.path));
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it.each(contract.map(({ name, endpoint }) => [name, endpoint] as const))(
    'serves %s with the contract schema',
    (_name, endpoint) => {
      const route = served.get(key(endpoint.method, `/api${endpoint.path}`));
      expect(route).toBeDefined();
      expect(route!.schema).toBe(endpoint.schema);
    },
  );

  it('serves no /api route outside the contract', () => {
    const inContract = new Set(contract.map(({ endpoint }) => key(endpoint.method, `/api${endpoint.path}`)));
    const excepted = new Set(NOT_IN_CONTRACT.map(([method, url]) => key(method, url)));
    const stray = [...served.values()]
      .filter(({ url }) => url === '/api' || url.startsWith('/api/'))
      .map(({ method, url }) => key(method, url))
      .filter((k) => !inContract.has(k) && !excepted.has(k));
    expect(stray).toEqual([]);
    // An exception that is no longer served is stale: remove it from the list.
    expect([...excepted].filter((k) => !served.has(k))).toEqual([]);
  });
});
