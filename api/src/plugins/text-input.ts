// Text the API stores must be text both databases keep: PostgreSQL refuses a NUL character
// (and answered 500), SQLite cut the text at it; an unpaired UTF-16 surrogate is no character
// at all. Every JSON body, query string and path parameter is checked once here, before any
// route sees it, so each route answers 400 instead of failing in its SQL.
import fp from 'fastify-plugin';
import { badRequest } from '../lib/http-error';

export const INVALID_TEXT_MESSAGE = 'Text must not contain NUL characters or invalid Unicode';

// A NUL, a high surrogate not followed by a low one, or a low one not preceded by a high one.
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const INVALID = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether any string in `value` (walked through arrays and plain objects, keys too) is invalid. */
export function hasInvalidText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return INVALID.test(value);
  // Raw bodies (files) are bytes, not text; very deep JSON is refused by its schema anyway.
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value) || depth > 32) return false;
  if (Array.isArray(value)) return value.some((item) => hasInvalidText(item, depth + 1));
  return Object.entries(value).some(([key, item]) => INVALID.test(key) || hasInvalidText(item, depth + 1));
}

export default fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      if (hasInvalidText(request.params) || hasInvalidText(request.query) || hasInvalidText(request.body)) {
        throw badRequest(INVALID_TEXT_MESSAGE);
      }
    });
  },
  { name: 'text-input' },
);
