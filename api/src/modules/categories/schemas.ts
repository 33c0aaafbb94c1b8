// Request and response shapes of /api/categories/*. The name rules (and their messages) are
// in service.ts; other fields the screens send along are ignored.
import { Type } from '@sinclair/typebox';
import { errorResponses } from '../../lib/schemas';

export const Category = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  card_count: Type.Integer(),
  created_at: Type.String(),
});

const CategoryParams = Type.Object({ id: Type.String({ maxLength: 40 }) });
const CategoryBody = Type.Object({ name: Type.Optional(Type.Union([Type.Null(), Type.String()])) });

export const listSchema = { response: { 200: Type.Array(Category), ...errorResponses(401) } };
export const createSchema = {
  body: CategoryBody,
  response: { 201: Category, ...errorResponses(400, 401, 409) },
};
export const updateSchema = {
  params: CategoryParams,
  body: CategoryBody,
  response: { 200: Category, ...errorResponses(400, 401, 404, 409) },
};
export const deleteSchema = {
  params: CategoryParams,
  response: {
    200: Type.Object({ message: Type.String(), cardsUnfiled: Type.Integer() }),
    ...errorResponses(401, 404),
  },
};
