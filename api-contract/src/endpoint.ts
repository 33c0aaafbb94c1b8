// An endpoint is the one definition of an API call: method, path (Fastify syntax, relative to
// /api) and TypeBox schemas. The API registers its route from it; the apps call it through
// `callEndpoint`; the contract test checks that every endpoint is served with these schemas.
import type { Static, TObject, TSchema } from '@sinclair/typebox';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface EndpointSchemas {
  params?: TObject;
  querystring?: TObject;
  body?: TSchema;
  headers?: TObject;
  /** Every status the route answers with; the success status is the lowest 2xx key. */
  response: Record<number, TSchema>;
}

export interface Endpoint<
  S extends EndpointSchemas = EndpointSchemas,
  P extends string = string,
  M extends HttpMethod = HttpMethod,
> {
  method: M;
  /** Relative to /api, with `:name` parameters (Fastify's syntax). */
  path: P;
  schema: S;
}

/**
 * Method and path keep their literal types, so code that may not import the contract at run time
 * (the kernel's own session calls) can still be checked against them (`typeof ep.path`).
 */
export function endpoint<const M extends HttpMethod, const P extends string, const S extends EndpointSchemas>(
  method: M,
  path: P,
  schema: S,
): Endpoint<S, P, M> {
  return { method, path, schema };
}

type SchemaOf<E> = E extends Endpoint<infer S> ? S : never;
type SuccessSchema<R> = R extends { 200: infer T }
  ? T
  : R extends { 201: infer T }
    ? T
    : R extends { 202: infer T }
      ? T
      : R extends { 204: infer T }
        ? T
        : never;

/** What a successful call returns. */
export type ResponseOf<E extends Endpoint> =
  SuccessSchema<SchemaOf<E>['response']> extends infer S extends TSchema ? Static<S> : never;

/** The fields of an object schema that carry a `default` (common.ts `Defaulted`). */
type DefaultedKeys<T> =
  T extends TObject<infer P> ? { [K in keyof P]: P[K] extends { default: unknown } ? K : never }[keyof P] : never;

/** A part as a caller sends it: a field with a default may be left out (the API fills it in). */
type Sent<T extends TSchema> = [DefaultedKeys<T>] extends [never]
  ? Static<T>
  : Omit<Static<T>, DefaultedKeys<T>> & Partial<Pick<Static<T>, Extract<DefaultedKeys<T>, keyof Static<T>>>>;

/** One part of a request: absent if the endpoint has none, optional if none of its fields is required. */
type PartOf<S, K extends 'params' | 'querystring' | 'body' | 'headers'> = S extends {
  [P in K]: infer T extends TSchema;
}
  ? Partial<Sent<T>> extends Sent<T>
    ? { [P in K]?: Sent<T> }
    : { [P in K]: Sent<T> }
  : unknown;

/** What a call takes: only the parts its endpoint declares. */
export type RequestOf<E extends Endpoint> = PartOf<SchemaOf<E>, 'params'> &
  PartOf<SchemaOf<E>, 'querystring'> &
  PartOf<SchemaOf<E>, 'body'> &
  PartOf<SchemaOf<E>, 'headers'>;

/** `/platform/remotes/:name/promote` + { name: 'mfe_quiz' } -> `/platform/remotes/mfe_quiz/promote`. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_match, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`missing path parameter "${key}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
