// A signed-in learner's calls through app.inject, for the endpoint suites.
import type { Card, Category } from '@flashcard/api-contract/schemas';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { bearer, registerUser, type RegisteredUser } from './harness';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Response = Promise<LightMyRequestResponse>;

export interface ApiClient {
  user: RegisteredUser;
  call(method: Method, url: string, payload?: unknown): Response;
  get(url: string): Response;
  post(url: string, payload?: unknown): Response;
  put(url: string, payload?: unknown): Response;
  del(url: string): Response;
  /** POST /api/cards, expecting 201; returns the card. */
  createCard(fields?: Record<string, unknown>): Promise<CardJson>;
  /** POST /api/categories, expecting 201; returns the set. */
  createSet(name: string): Promise<Category>;
}

/** A card as the API answers it (the contract's shape). */
export type CardJson = Card;

let cardCounter = 0;

export async function signedInClient(app: FastifyInstance): Promise<ApiClient> {
  const user = await registerUser(app);
  const call = (method: Method, url: string, payload?: unknown): Response =>
    app.inject({ method, url, headers: bearer(user.accessToken), payload: payload as InjectOptions['payload'] });
  const expectCreated = async (url: string, payload: unknown) => {
    const response = await call('POST', url, payload);
    if (response.statusCode !== 201) throw new Error(`POST ${url}: ${response.statusCode} ${response.body}`);
    return response.json();
  };
  return {
    user,
    call,
    get: (url) => call('GET', url),
    post: (url, payload) => call('POST', url, payload),
    put: (url, payload) => call('PUT', url, payload),
    del: (url) => call('DELETE', url),
    createCard: (fields = {}) => {
      cardCounter += 1;
      return expectCreated('/api/cards', {
        question: `Question ${cardCounter}`,
        answer: `Answer ${cardCounter}`,
        ...fields,
      });
    },
    createSet: (name) => expectCreated('/api/categories', { name }),
  };
}
