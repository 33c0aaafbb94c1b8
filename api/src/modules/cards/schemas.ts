// Request and response shapes of /api/cards/*. Request schemas only catch wrong types and
// absurd sizes; the rules with the messages the screens show are in service.ts (so a missing
// question reads 'Question and answer are required', not a schema error).
import { Type, type TSchema } from '@sinclair/typebox';
import { CARD_STATES } from '../../db/schema';
import { errorResponses } from '../../lib/schemas';
import { IMPORT_FORMATS } from './csv';

// Null first: with Fastify's type coercion, anyOf [integer, null] would turn null into 0.
const Nullable = <T extends TSchema>(schema: T) => Type.Union([Type.Null(), schema]);
const QueryValue = Type.String({ maxLength: 1000 });

export const Card = Type.Object({
  id: Type.Integer(),
  question: Type.String(),
  answer: Type.String(),
  difficulty_level: Type.Integer(),
  tags: Nullable(Type.String()),
  college: Nullable(Type.String()),
  class_name: Nullable(Type.String()),
  category_id: Nullable(Type.Integer()),
  category_name: Nullable(Type.String()),
  category: Nullable(Type.String()),
  known: Type.Boolean(),
  repetitions: Type.Integer(),
  state: Type.Union(CARD_STATES.map((state) => Type.Literal(state))),
  due: Nullable(Type.String()),
  created_at: Type.String(),
  updated_at: Type.String(),
});

export const CardParams = Type.Object({ id: Type.String({ maxLength: 40 }) });

export const CardBody = Type.Object({
  question: Type.Optional(Type.String()),
  answer: Type.Optional(Type.String()),
  // Any JSON: the service accepts 1-5 or "1"-"5" and says 'Difficulty must be between 1 and 5'
  // otherwise (schema coercion would quietly turn true into 1).
  difficulty_level: Type.Optional(Type.Unknown()),
  tags: Type.Optional(Nullable(Type.String())),
  college: Type.Optional(Nullable(Type.String())),
  class_name: Type.Optional(Nullable(Type.String())),
  category_id: Type.Optional(Nullable(Type.Integer())),
});

export const ListQuery = Type.Object({
  category: Type.Optional(QueryValue),
  college: Type.Optional(QueryValue),
  class_name: Type.Optional(QueryValue),
  difficultyMin: Type.Optional(QueryValue),
  difficultyMax: Type.Optional(QueryValue),
  hideKnown: Type.Optional(QueryValue),
  limit: Type.Optional(QueryValue),
  before: Type.Optional(QueryValue),
});

export const SearchQuery = Type.Composite([ListQuery, Type.Object({ q: Type.Optional(QueryValue) })]);
export const DeleteQuery = Type.Object({ confirm: Type.Optional(QueryValue) });
export const ExportQuery = Type.Object({ category: Type.Optional(QueryValue) });

export const MoveBody = Type.Object({
  // The 1-5000 and uniqueness rules are checked in the service, with readable messages.
  cardIds: Type.Array(Type.Integer(), { maxItems: 10_000 }),
  setId: Nullable(Type.Integer()),
});

export const ImportBody = Type.Object({
  text: Type.String(),
  format: Type.Optional(Type.String({ maxLength: 10, description: IMPORT_FORMATS.join(' | ') })),
  categoryId: Type.Optional(Nullable(Type.Integer())),
  dryRun: Type.Optional(Type.Boolean()),
});

export const ImportResponse = Type.Object({
  imported: Type.Integer(),
  total: Type.Integer(),
  rows: Type.Array(
    Type.Object({
      row: Type.Integer(),
      question: Type.String(),
      answer: Type.String(),
      tags: Nullable(Type.String()),
    }),
  ),
  errors: Type.Array(Type.Object({ row: Type.Integer(), error: Type.String() })),
});

const MessageResponse = Type.Object({ message: Type.String() });

export const listSchema = { querystring: ListQuery, response: { 200: Type.Array(Card), ...errorResponses(400, 401) } };
export const searchSchema = {
  querystring: SearchQuery,
  response: { 200: Type.Object({ results: Type.Array(Card) }), ...errorResponses(400, 401) },
};
export const getSchema = { params: CardParams, response: { 200: Card, ...errorResponses(400, 401, 404) } };
export const createSchema = { body: CardBody, response: { 201: Card, ...errorResponses(400, 401, 404) } };
export const updateSchema = {
  params: CardParams,
  body: CardBody,
  response: { 200: Card, ...errorResponses(400, 401, 404) },
};
export const deleteSchema = {
  params: CardParams,
  querystring: DeleteQuery,
  response: { 200: MessageResponse, ...errorResponses(400, 401, 404) },
};
export const knownSchema = { params: CardParams, response: { 200: Card, ...errorResponses(400, 401, 404) } };
export const resetKnownSchema = {
  response: { 200: Type.Object({ updated: Type.Integer() }), ...errorResponses(401) },
};
export const filterOptionsSchema = {
  response: {
    200: Type.Object({ colleges: Type.Array(Type.String()), classes: Type.Array(Type.String()) }),
    ...errorResponses(401),
  },
};
export const moveSchema = {
  body: MoveBody,
  response: { 200: Type.Object({ moved: Type.Integer() }), ...errorResponses(400, 401, 404) },
};
export const importSchema = {
  body: ImportBody,
  response: { 200: ImportResponse, ...errorResponses(400, 401, 404, 413) },
};
// 200 is CSV text: with a text/csv content type Fastify sends a string as is (no JSON encoding).
export const exportSchema = {
  querystring: ExportQuery,
  response: { 200: Type.String(), ...errorResponses(400, 401, 404) },
};
