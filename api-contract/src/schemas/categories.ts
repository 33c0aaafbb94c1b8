// /api/categories/*: the learner's sets of cards. The name rules (and their messages) are in
// the API's categories service; other fields the screens send along are ignored.
import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../endpoint';
import { errorResponses, Nullable, PathId } from './common';

export const Category = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  card_count: Type.Integer(),
  /** BCP 47 tag ('fr-FR') the set's cards are read aloud in; null: the page's language. */
  language: Nullable(Type.String()),
  created_at: Type.String(),
});

export const CategoryParams = Type.Object({ id: PathId });
/** A missing or blank name gets the service's message; language: a BCP 47 tag or null (absent: unchanged). */
export const CategoryBody = Type.Object({
  name: Type.Optional(Nullable(Type.String())),
  language: Type.Optional(Nullable(Type.String({ maxLength: 35 }))),
});
/** Deleting a set keeps its cards: they become unfiled, and the answer says how many. */
export const CategoryDeleteResult = Type.Object({ message: Type.String(), cardsUnfiled: Type.Integer() });

export const categoriesEndpoints = {
  list: endpoint('GET', '/categories', { response: { 200: Type.Array(Category), ...errorResponses(401) } }),
  create: endpoint('POST', '/categories', {
    body: CategoryBody,
    response: { 201: Category, ...errorResponses(400, 401, 409) },
  }),
  update: endpoint('PUT', '/categories/:id', {
    params: CategoryParams,
    body: CategoryBody,
    response: { 200: Category, ...errorResponses(400, 401, 404, 409) },
  }),
  remove: endpoint('DELETE', '/categories/:id', {
    params: CategoryParams,
    response: { 200: CategoryDeleteResult, ...errorResponses(401, 404) },
  }),
};

export type Category = Static<typeof Category>;
export type CategoryInput = Static<typeof CategoryBody>;
export type CategoryDeleteResult = Static<typeof CategoryDeleteResult>;
