// Query numbers and flags as people and forms write them, before the route's schema checks the
// values (the contract's ranges and messages). A blank value (`?limit=`, or `?category=` from a
// form's empty field) is one not given: dropped, so the schema's default applies (Fastify would
// read blank text as no number, and spaces as 0). A whole number is written in digits: Fastify
// would also read `1e2`, `0x10` or `+5` as one, so any other text gets the field's message here.
// Text values are left as sent: a blank one may mean something to its route.
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/http-error';

const NOT_TEXT = new Set(['integer', 'number', 'boolean']);

type QuerySchema = { properties?: Record<string, { type?: unknown; errorMessage?: unknown }> } | undefined;

function checkQueryValues(request: FastifyRequest): void {
  const properties = (request.routeOptions.schema?.querystring as QuerySchema)?.properties;
  const query = request.query as Record<string, unknown> | undefined;
  if (!properties || !query) return;
  for (const [name, value] of Object.entries(query)) {
    const schema = properties[name];
    if (typeof value !== 'string' || !schema || !NOT_TEXT.has(String(schema.type))) continue;
    if (value.trim() === '') delete query[name];
    else if (schema.type === 'integer' && !/^\s*[0-9]+\s*$/.test(value) && typeof schema.errorMessage === 'string') {
      throw badRequest(schema.errorMessage);
    }
  }
}

export default fp(
  async (app) => {
    app.addHook('preValidation', async (request) => checkQueryValues(request));
  },
  { name: 'query-values' },
);
