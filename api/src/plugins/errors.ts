// The one error handler. Every error leaves the server as `{ "error": "<human message>" }`:
// 4xx messages are meant for the user and pass through; anything else is a bug or an outage,
// so it is logged in full and the client only learns "Internal server error".
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export const NOT_FOUND = { error: 'Not found' } as const;

/** Shared by the not-found handler (plugins/static.ts owns it, since the SPA fallback lives there). */
export function replyNotFound(reply: FastifyReply) {
  return reply.code(404).send(NOT_FOUND);
}

export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error.validation) {
        return reply.code(400).send({ error: schemaMessage(request, error) ?? describeValidationError(error) });
      }
      if (isMalformedJson(error)) {
        return reply.code(400).send({ error: 'Request body is not valid JSON' });
      }
      const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply.code(status).send({ error: 'Internal server error' });
      }
      return reply.code(status).send({ error: error.message });
    });
  },
  { name: 'errors' },
);

function isMalformedJson(error: FastifyError): boolean {
  return (
    error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
    (error.statusCode === 400 && error instanceof SyntaxError)
  );
}

// Field names as a person reads them; the rest are derived ("display_name" -> "Display name").
const FIELD_LABELS: Record<string, string> = {
  oldPassword: 'Current password',
};

function labelFor(field: string): string {
  if (FIELD_LABELS[field]) return FIELD_LABELS[field];
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The message the contract gives for any wrong value of a field (its schema's `errorMessage`,
 * e.g. 'limit must be between 1 and 100'): the innermost one on the path from the route's
 * schema to the first failing keyword, so a wrong type and a value out of range read alike.
 */
function schemaMessage(request: FastifyRequest, error: FastifyError): string | undefined {
  const [first] = error.validation ?? [];
  const schemas = request.routeOptions.schema as Record<string, unknown> | undefined;
  let node = error.validationContext ? schemas?.[error.validationContext] : undefined;
  let message: string | undefined;
  // "#/properties/limit/maximum": JSON Pointer segments (~1 is "/", ~0 is "~").
  for (const segment of (first?.schemaPath ?? '').replace(/^#\/?/, '').split('/')) {
    if (!node || typeof node !== 'object') break;
    const own = (node as { errorMessage?: unknown }).errorMessage;
    if (typeof own === 'string') message = own;
    node = (node as Record<string, unknown>)[segment.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return message;
}

/** Turns the first schema violation into a sentence: "Email is required", "Password must be string". */
function describeValidationError(error: FastifyError): string {
  const [first] = error.validation ?? [];
  if (!first) return 'Invalid request';
  const params = first.params as Record<string, unknown>;
  if (first.keyword === 'required' && typeof params.missingProperty === 'string') {
    return `${labelFor(params.missingProperty)} is required`;
  }
  // "/cardIds/3" names an array item: the array's name reads better than "3".
  const field = first.instancePath
    .split('/')
    .filter((segment) => segment && !/^[0-9]+$/.test(segment))
    .pop();
  if (!field) {
    // The whole body / query string is wrong (e.g. a JSON array instead of an object).
    return `Request ${error.validationContext ?? 'data'} ${first.message ?? 'is invalid'}`;
  }
  return `${labelFor(field)} ${typeAlternatives(error, first.instancePath) ?? typeList(first.params) ?? first.message ?? 'is invalid'}`;
}

/** A `type` keyword listing several types ("string,integer"): "must be string or integer". */
function typeList(params: Record<string, unknown>): string | undefined {
  if (!Array.isArray(params.type)) return undefined;
  const types = params.type.map(String).sort((a, b) => Number(a === 'null') - Number(b === 'null'));
  return `must be ${types.join(' or ')}`;
}

/**
 * A nullable field ("integer or null") fails once per alternative; the first failure alone
 * ("must be null") would mislead, so name them all, null last.
 */
function typeAlternatives(error: FastifyError, instancePath: string): string | undefined {
  const types = (error.validation ?? [])
    .filter((item) => item.instancePath === instancePath && item.keyword === 'type')
    .map((item) => String((item.params as { type?: unknown }).type));
  if (types.length < 2) return undefined;
  types.sort((a, b) => Number(a === 'null') - Number(b === 'null'));
  return `must be ${types.join(' or ')}`;
}
