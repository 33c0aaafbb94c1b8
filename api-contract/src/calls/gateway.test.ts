import { Type } from '@sinclair/typebox';
import { getErrorMessage, setAuthHeader, setErrorNotifier, STORAGE_KEYS } from '@flashcard/shared-auth';
import { authHeader, fakeServer } from '@flashcard/shared-auth/testing';
import { ErrorResponse } from '../schemas/common';
import { serviceEndpoint } from '../schemas/gateway';
import { callEndpoint } from './call';
import { serviceApi } from './gateway';

// A team's service as its own package would declare it.
const Question = Type.Object({ id: Type.Integer(), text: Type.String() });
const quizEndpoints = {
  question: serviceEndpoint('quiz', 'GET', '/questions/:id', {
    params: Type.Object({ id: Type.Integer() }),
    querystring: Type.Object({ lang: Type.Optional(Type.String()) }),
    response: { 200: Question, 401: ErrorResponse },
  }),
  answer: serviceEndpoint('quiz', 'POST', '/questions/:id/answers', {
    params: Type.Object({ id: Type.Integer() }),
    body: Type.Object({ choice: Type.String() }),
    response: { 201: Type.Object({ correct: Type.Boolean() }) },
  }),
};
const quiz = serviceApi(quizEndpoints);

const question = { id: 3, text: 'Capital of Peru?' };

afterEach(() => {
  setAuthHeader(null);
  setErrorNotifier(null);
  localStorage.clear();
});

test("a service endpoint's path is the gateway's, and the service's own path is kept beside it", () => {
  expect(quizEndpoints.question).toMatchObject({
    method: 'GET',
    path: '/services/quiz/questions/:id',
    service: 'quiz',
    servicePath: '/questions/:id',
  });
  expect(quizEndpoints.question.schema.response[200]).toBe(Question);
});

test.each([
  ['Quiz', '/questions'],
  ['q', '/questions'],
  ['quiz-', '/questions'],
  ['quiz', 'questions'],
  ['quiz', '/a/../b'],
  ['quiz', '/./b'],
  ['quiz', '/b?x=1'],
])('refuses the service %j with the path %j, as the registry and the gateway would', (name, path) => {
  expect(() => serviceEndpoint(name, 'GET', path as `/${string}`, { response: { 200: Question } })).toThrow(
    /cannot name a service|is not a service path/,
  );
});

test("a call reaches /services/<name><path> through the kernel's client: params, query and the kernel's Bearer header", async () => {
  setAuthHeader('learner-access');
  const server = fakeServer(() => ({ status: 200, data: question }));
  await expect(quiz.question({ params: { id: 3 }, querystring: { lang: 'es' } })).resolves.toEqual(question);
  const [call] = server.calls;
  expect([call.method, call.baseURL, call.url, call.params]).toEqual([
    'get',
    '/api',
    '/services/quiz/questions/3',
    { lang: 'es' },
  ]);
  expect(authHeader(call)).toBe('Bearer learner-access');
  server.restore();
});

test('a body is sent as JSON and the success status is the 201', async () => {
  const server = fakeServer(() => ({ status: 201, data: { correct: true } }));
  await expect(quiz.answer({ params: { id: 3 }, body: { choice: 'Lima' } })).resolves.toEqual({ correct: true });
  expect([server.calls[0].method, server.calls[0].url, JSON.parse(server.calls[0].data)]).toEqual([
    'post',
    '/services/quiz/questions/3/answers',
    { choice: 'Lima' },
  ]);
  server.restore();
});

test('callEndpoint takes a service endpoint unchanged, with axios options', async () => {
  const server = fakeServer(() => ({ status: 200, data: question }));
  await callEndpoint(quizEndpoints.question, { params: { id: 7 } }, { headers: { 'X-Trace': 'a' } });
  expect(server.calls[0].url).toBe('/services/quiz/questions/7');
  expect(server.calls[0].headers.get('X-Trace')).toBe('a');
  server.restore();
});

test("the gateway's 503 is a failed call whose text is the gateway's {error}, toasted like any call's", async () => {
  const toasts: string[] = [];
  setErrorNotifier((message) => toasts.push(message));
  const error = 'The quiz service is failing; calls to it are paused for a moment';
  const server = fakeServer(() => ({ status: 503, data: { error }, headers: { 'retry-after': '30' } }));
  const failure = await quiz.question({ params: { id: 3 } }).catch((err: unknown) => err);
  expect(failure).toMatchObject({ response: { status: 503 } });
  expect(getErrorMessage(failure)).toBe(error);
  expect(toasts).toEqual([error]);
  server.restore();
});

test('skipErrorToast leaves the failure to the screen', async () => {
  const toasts: string[] = [];
  setErrorNotifier((message) => toasts.push(message));
  const server = fakeServer(() => ({
    status: 502,
    data: { error: 'The quiz service could not be reached (refused)' },
  }));
  await expect(quiz.question({ params: { id: 3 } }, { skipErrorToast: true })).rejects.toMatchObject({
    response: { status: 502 },
  });
  expect(toasts).toEqual([]);
  server.restore();
});

test("an expired access token is refreshed through the cookie and the service's call sent again once", async () => {
  setAuthHeader('old-access');
  localStorage.setItem(STORAGE_KEYS.sessionHint, '1');
  // As each request left (axios retries with the same config object, its header then changed).
  const sent: Array<[string | undefined, string | undefined]> = [];
  const server = fakeServer((config) => {
    sent.push([config.url, authHeader(config)]);
    if (config.url === '/auth/refresh') return { status: 200, data: { tokens: { accessToken: 'new-access' } } };
    return authHeader(config) === 'Bearer new-access'
      ? { status: 200, data: question }
      : { status: 401, data: { error: 'Token expired' } };
  });
  await expect(quiz.question({ params: { id: 3 } })).resolves.toEqual(question);
  expect(sent.map(([url]) => url)).toEqual([
    '/services/quiz/questions/3',
    '/auth/refresh',
    '/services/quiz/questions/3',
  ]);
  expect(sent.filter(([url]) => url !== '/auth/refresh').map(([, header]) => header)).toEqual([
    'Bearer old-access',
    'Bearer new-access',
  ]);
  server.restore();
});

// Compile-time only: the types come from the team's schemas.
export async function typed(): Promise<void> {
  const found: { id: number; text: string } = await quiz.question({ params: { id: 1 } });
  // @ts-expect-error the path parameter is required
  await quiz.question({});
  // @ts-expect-error the body's field is a string
  await quiz.answer({ params: { id: 1 }, body: { choice: 2 } });
  void found;
}
