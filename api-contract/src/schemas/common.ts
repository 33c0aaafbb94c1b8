// TypeBox pieces every area's schemas share.
import { Type, type Static, type TBoolean, type TInteger, type TOptional, type TSchema } from '@sinclair/typebox';

/** The body of every error response: `{ "error": "<message for the user>" }`. */
export const ErrorResponse = Type.Object({ error: Type.String() });

/** Response schemas for the error statuses a route can answer with. */
export function errorResponses<const Codes extends readonly number[]>(...codes: Codes) {
  return Object.fromEntries(codes.map((code) => [code, ErrorResponse])) as Record<Codes[number], typeof ErrorResponse>;
}

export const Role = Type.Union([Type.Literal('user'), Type.Literal('admin'), Type.Literal('super_admin')]);
export type Role = Static<typeof Role>;

/**
 * The value or null. Null comes first: Fastify coerces request values towards a schema's type,
 * and in an anyOf [integer, null] a null would become 0 before the null branch is tried.
 */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([Type.Null(), schema]);

/**
 * Another learner's display name as any view shows it: null when they chose none, and the screens
 * word the stand-in ("Learner <id>") in the reader's language (shared-ui learnerName).
 */
export const DisplayName = Nullable(Type.String());

/** `{ "message": "..." }`: what a call that changes something without returning it answers. */
/**
 * The values of a text the server makes (a notification, an insight, a recommended action): the
 * screens word it from its key and these, in the learner's language; its English text is for
 * older clients.
 */
export const TextParams = Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Null()]));

export const MessageResponse = Type.Object({ message: Type.String() });

/** A percent with one decimal; null when there is nothing to measure. */
export const Percent = Nullable(Type.Number());

/**
 * The device's IANA time zone (e.g. Europe/Paris), which the kernel's client sends with every
 * call. Only an account without a zone takes it (once); days count in the account's zone.
 */
export const TimeZoneHeaders = Type.Object({ 'x-time-zone': Type.Optional(Type.String()) });

/** Ids are 32-bit integer columns: a larger number names no row (and would overflow in SQL). */
export const MAX_ID = 2_147_483_647;

/** A whole number's bounds, both included. */
export interface Bounds {
  readonly min: number;
  readonly max: number;
}

/** Bounds as a schema's `minimum` and `maximum`. */
export const within = ({ min, max }: Bounds) => ({ minimum: min, maximum: max });

/** What a row id may be. */
export const ID_BOUNDS = { min: 1, max: MAX_ID } as const;

/** Where a page of a long list starts (`offset`): 0, the first row, unless given. */
export const PAGE_OFFSET = { min: 0, max: 9_999_999, default: 0 } as const;

/**
 * A field Fastify fills in with its `default` when a request leaves it out (or, for a query
 * number or flag, leaves it blank): required in the schema, so the API's handlers always receive
 * it, and optional for a caller (`RequestOf`).
 */
export type Defaulted<T extends TSchema> = T & { default: Static<T> };

/**
 * A whole-number query value within `bounds`: Fastify turns the text into the number and answers
 * anything else (not a whole number, out of bounds) with 400 `message`, the schema's
 * `errorMessage`, which the API's error handler answers for every fault of the field. With a
 * `default` the field is `Defaulted`; without one it is optional (absent or blank: not given).
 */
export function QueryInteger(bounds: Bounds & { readonly default: number }, message: string): Defaulted<TInteger>;
export function QueryInteger(bounds: Bounds, message: string): TOptional<TInteger>;
export function QueryInteger(bounds: Bounds & { readonly default?: number }, message: string): TSchema {
  const range = { ...within(bounds), errorMessage: message };
  return bounds.default === undefined
    ? Type.Optional(Type.Integer(range))
    : Type.Integer({ ...range, default: bounds.default });
}

/** A query flag, `true` or `false` (absent or blank: false); anything else is 400 `message`. */
export function QueryFlag(message: string): Defaulted<TBoolean> {
  return Type.Boolean({ default: false, errorMessage: message }) as Defaulted<TBoolean>;
}

/** A row id in a path (`/cards/:id`): text; an id that cannot name a row is answered 404 by the service. */
export const PathId = Type.String({ maxLength: 40 });

/** What each JSON type listed in `Checked` is in TypeScript. */
interface JsonTypes {
  string: string;
  number: number;
  integer: number;
  boolean: boolean;
  null: null;
  array: unknown[];
  object: { [key: string]: unknown };
}

/**
 * A body field its service checks itself, so that a wrong value is answered with the service's
 * own message ("Result must be 0 (Again), ...") instead of a schema error: a value of any of the
 * listed JSON types passes unchanged. One `type` keyword with a list, not a union: Fastify
 * coerces values towards a schema's type ("2" -> 2, true -> 1), in an anyOf even in a branch
 * that fails, but it never coerces a value whose type is in the list. A scalar of an unlisted
 * type becomes the first listed type it converts to, so lists start with 'string'.
 */
export function Checked<const T extends readonly (keyof JsonTypes)[]>(...types: T) {
  return Type.Unsafe<JsonTypes[T[number]]>({ type: [...types] });
}

/** A row id in a body: a number, or its digits as text; the service answers 404 when it names no row of the user's. */
export const BodyId = Checked('string', 'integer');
