import { fakeServer } from '@flashcard/shared-auth/testing';
import { cardQueryParams, cardsApi } from './cards';

function header(config: { headers?: unknown }, name: string): string | undefined {
  const headers = config.headers as { get?: (n: string) => unknown } & Record<string, unknown>;
  const value = headers?.get?.(name) ?? headers?.[name];
  return value == null ? undefined : String(value);
}

test('only set filters are sent, hideKnown as true', () => {
  expect(cardQueryParams({ category: 3, college: '', difficultyMin: 2, hideKnown: false })).toEqual({
    category: '3',
    difficultyMin: '2',
  });
  expect(cardQueryParams({ class_name: 'Bio 101', difficultyMax: 4, hideKnown: true })).toEqual({
    class_name: 'Bio 101',
    difficultyMax: '4',
    hideKnown: 'true',
  });
});

test('list asks for a page and reads the total and the next cursor from the headers', async () => {
  const card = { id: 9, question: 'q', answer: 'a' };
  const server = fakeServer((config) => ({
    status: 200,
    data: [card],
    headers: config.params.before
      ? { 'x-total-count': '51' }
      : ({ 'x-total-count': '51', 'x-next-cursor': '9' } as Record<string, string>),
  }));
  await expect(cardsApi.list({ college: 'Arts', hideKnown: true })).resolves.toEqual({
    cards: [card],
    total: 51,
    nextCursor: 9,
  });
  await expect(cardsApi.list({}, 9)).resolves.toEqual({ cards: [card], total: 51, nextCursor: null });
  expect(server.calls.map((call) => call.params)).toEqual([
    { college: 'Arts', hideKnown: 'true', limit: '50' },
    { limit: '50', before: '9' },
  ]);
  server.restore();
});

test('search reads the results field and the paging headers, and sends the filters too', async () => {
  const card = { id: 1, question: 'q', answer: 'a' };
  const server = fakeServer(() => ({
    status: 200,
    data: { results: [card] },
    headers: { 'x-total-count': '51', 'x-next-cursor': '1' },
  }));
  await expect(cardsApi.search('q', { category: 2 })).resolves.toEqual({ cards: [card], total: 51, nextCursor: 1 });
  expect(server.calls[0].params).toEqual({ q: 'q', category: '2', limit: '50' });
  server.restore();
});

test('a create carries its Idempotency-Key only when given', async () => {
  const server = fakeServer(() => ({ status: 201, data: { id: 4 } }));
  await cardsApi.create({ question: 'q', answer: 'a' }, 'create-1');
  await cardsApi.create({ question: 'q2', answer: 'a2' });
  expect(server.calls.map((call) => [call.method, call.url, JSON.parse(call.data)])).toEqual([
    ['post', '/cards', { question: 'q', answer: 'a' }],
    ['post', '/cards', { question: 'q2', answer: 'a2' }],
  ]);
  expect(server.calls.map((call) => header(call, 'Idempotency-Key'))).toEqual(['create-1', undefined]);
  server.restore();
});

test('an edit sends its time in the body and answers whose version was kept', async () => {
  const server = fakeServer(() => ({ status: 200, data: { id: 4, question: 'theirs', kept: 'server' } }));
  const editedAt = '2026-11-27T08:00:00.000Z';
  await expect(cardsApi.update(4, { question: 'mine', editedAt })).resolves.toEqual({
    id: 4,
    question: 'theirs',
    kept: 'server',
  });
  expect([server.calls[0].method, server.calls[0].url, JSON.parse(server.calls[0].data)]).toEqual([
    'put',
    '/cards/4',
    { question: 'mine', editedAt },
  ]);
  server.restore();
});

test('delete sends confirm=true', async () => {
  const server = fakeServer(() => ({ status: 200, data: { message: 'deleted' } }));
  await cardsApi.remove(5);
  expect(server.calls[0].url).toBe('/cards/5');
  expect(server.calls[0].params).toEqual({ confirm: 'true' });
  server.restore();
});

test('import posts the input as given and returns the report', async () => {
  const report = {
    imported: 0,
    total: 2,
    rows: [{ row: 1, question: 'q', answer: 'a', tags: null }],
    errors: [{ row: 2, error: 'Answer is required' }],
  };
  const server = fakeServer(() => ({ status: 200, data: report }));
  await expect(cardsApi.importCards({ text: 'q,a\nq2,', categoryId: 4, dryRun: true })).resolves.toEqual(report);
  expect(server.calls[0].method).toBe('post');
  expect(server.calls[0].url).toBe('/cards/import');
  expect(JSON.parse(server.calls[0].data)).toEqual({ text: 'q,a\nq2,', categoryId: 4, dryRun: true });
  server.restore();
});

test('export asks for text and sends the set only when one is given', async () => {
  const csv = 'question,answer,tags\nq,a,\n';
  const server = fakeServer((config) => ({ status: 200, data: config.params.category ? '{"a":1}' : csv }));
  await expect(cardsApi.exportCsv()).resolves.toBe(csv);
  // The body stays the raw text even when it happens to look like JSON.
  await expect(cardsApi.exportCsv(7)).resolves.toBe('{"a":1}');
  expect(server.calls.map((c) => [c.url, c.params, c.responseType])).toEqual([
    ['/cards/export', {}, 'text'],
    ['/cards/export', { category: '7' }, 'text'],
  ]);
  server.restore();
});
