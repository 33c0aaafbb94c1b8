// TypeBox pieces every module's schemas share.
import { Type } from '@sinclair/typebox';

/** The body of every error response (see plugins/errors.ts). */
export const ErrorResponse = Type.Object({ error: Type.String() });

/** Response schemas for the error statuses a route can answer with. */
export function errorResponses<const Codes extends readonly number[]>(...codes: Codes) {
  return Object.fromEntries(codes.map((code) => [code, ErrorResponse])) as Record<Codes[number], typeof ErrorResponse>;
}
