import { setAuthHeader, STORAGE_KEYS } from '@flashcard/shared-auth';
import { authHeader, fakeServer } from '@flashcard/shared-auth/testing';
import { dashboardApi } from './dashboard';
import { learningApi, spacedRepetitionApi } from './study';

function header(config: { headers?: unknown }, name: string): string | undefined {
  const headers = config.headers as { get?: (n: string) => unknown } & Record<string, unknown>;
  const value = headers?.get?.(name) ?? headers?.[name];
  return value == null ? undefined : String(value);
}

test('the review queue sends newLimit only when given', async () => {
  const queue = { dueCount: 0, newCount: 0, due: [], new: [], dailyGoal: { cardsStudied: 0, dailyGoal: 15 } };
  const server = fakeServer(() => ({ status: 200, data: queue }));
  await expect(learningApi.reviewQueue(10)).resolves.toEqual(queue);
  await learningApi.reviewQueue();
  expect(server.calls.map((c) => [c.method, c.url, c.params])).toEqual([
    ['get', '/learning/review-queue', { newLimit: 10 }],
    ['get', '/learning/review-queue', {}],
  ]);
  server.restore();
});

test('a review carries its Idempotency-Key header and the body as given', async () => {
  const reply = { card: { id: 3 }, reviewId: 41, xpEarned: 5 };
  const server = fakeServer(() => ({ status: 200, data: reply }));
  const input = { cardId: 3, result: 2 as const, timeSpent: 4200, sessionId: 9 };
  await expect(spacedRepetitionApi.review(input, 'key-1')).resolves.toEqual(reply);
  expect(server.calls[0].url).toBe('/spaced-repetition/review');
  expect(JSON.parse(server.calls[0].data)).toEqual(input);
  expect(header(server.calls[0], 'Idempotency-Key')).toBe('key-1');
  server.restore();
});

test('a review retried after a token refresh keeps its Idempotency-Key and body', async () => {
  setAuthHeader('old-access');
  localStorage.setItem(STORAGE_KEYS.sessionHint, '1');
  const server = fakeServer((config) => {
    if (config.url === '/auth/refresh') {
      return { status: 200, data: { tokens: { accessToken: 'new-access' } } };
    }
    return authHeader(config) === 'Bearer new-access'
      ? { status: 200, data: { card: { id: 3 }, reviewId: 41, xpEarned: 5 } }
      : { status: 401, data: { error: 'Token expired' } };
  });
  const input = { cardId: 3, result: 1 as const, timeSpent: 800, sessionId: 9 };

  await expect(spacedRepetitionApi.review(input, 'key-2')).resolves.toMatchObject({ reviewId: 41 });

  const reviews = server.calls.filter((c) => c.url === '/spaced-repetition/review');
  expect(reviews).toHaveLength(2);
  for (const call of reviews) {
    expect(header(call, 'Idempotency-Key')).toBe('key-2');
    expect(JSON.parse(call.data)).toEqual(input);
  }
  server.restore();
  localStorage.clear();
  setAuthHeader(null);
});

test('a failed review rejects, so the screen can keep the card', async () => {
  const server = fakeServer(() => ({ status: 409, data: { error: 'busy' } }));
  await expect(spacedRepetitionApi.review({ cardId: 3, result: 2, timeSpent: 1 }, 'key-3')).rejects.toMatchObject({
    response: { status: 409 },
  });
  server.restore();
});

test('undo posts the review id', async () => {
  const server = fakeServer(() => ({ status: 200, data: { card: { id: 3 } } }));
  await expect(spacedRepetitionApi.undo(41)).resolves.toEqual({ card: { id: 3 } });
  expect([server.calls[0].method, server.calls[0].url, JSON.parse(server.calls[0].data)]).toEqual([
    'post',
    '/spaced-repetition/undo',
    { reviewId: 41 },
  ]);
  server.restore();
});

test('a session starts with its type and ends with the counts next to its id', async () => {
  const server = fakeServer((config) =>
    config.url === '/dashboard/session/start'
      ? { status: 200, data: { sessionId: 9, session: { id: 9 } } }
      : { status: 200, data: { session: { id: 9, accuracy: 50 } } },
  );
  await expect(dashboardApi.startSession({ session_type: 'review' })).resolves.toEqual({
    sessionId: 9,
    session: { id: 9 },
  });
  await dashboardApi.endSession(9, { cards_studied: 4, correct_count: 2 });
  expect(server.calls.map((c) => JSON.parse(c.data))).toEqual([
    { session_type: 'review' },
    { sessionId: 9, cards_studied: 4, correct_count: 2 },
  ]);
  server.restore();
});
