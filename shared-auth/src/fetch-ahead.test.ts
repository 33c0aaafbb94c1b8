import { apiClient } from './client';
import { FETCH_AHEAD_FRESH_MS, fetchAhead, forgetFetchedAhead } from './fetch-ahead';
import { fakeServer, type FakeServer } from './testing';

let server: FakeServer;
let answers: number;
let toasts: string[];

beforeEach(() => {
  answers = 0;
  toasts = [];
  forgetFetchedAhead();
  server = fakeServer((config) =>
    config.url === '/broken' ? { status: 500, data: { error: 'Down' } } : { status: 200, data: { n: (answers += 1) } },
  );
});
afterEach(() => {
  server.restore();
  jest.useRealTimers();
});

const get = (url: string, params?: object) => apiClient.get<{ n: number }>(url, { params }).then((r) => r.data.n);

test("the screen's identical GET takes the answer fetched ahead: the server is asked once", async () => {
  fetchAhead(() => get('/cards', { page: 1 }));
  expect(server.calls).toHaveLength(1); // sent within fetchAhead, not a tick later
  await expect(get('/cards', { page: 1 })).resolves.toBe(1);
  expect(server.calls).toHaveLength(1);
  // Taken once: the next identical GET asks the server.
  await expect(get('/cards', { page: 1 })).resolves.toBe(2);
  expect(server.calls).toHaveLength(2);
});

test('another query, another method, or a stale answer goes to the server', async () => {
  jest.useFakeTimers({ now: 1_000_000, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  fetchAhead(() => get('/cards', { page: 1 }));
  await expect(get('/cards', { page: 2 })).resolves.toBe(2);

  fetchAhead(() => get('/stats'));
  await apiClient.post('/cards', {});
  await expect(get('/stats')).resolves.toBe(5); // the POST (4) forgot what was kept

  fetchAhead(() => get('/forecast'));
  jest.setSystemTime(Date.now() + FETCH_AHEAD_FRESH_MS + 1);
  await expect(get('/forecast')).resolves.toBe(7);
  expect(server.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
    'get /cards',
    'get /cards',
    'get /stats',
    'post /cards',
    'get /stats',
    'get /forecast',
    'get /forecast',
  ]);
});

test('a call fetched twice ahead is sent once', async () => {
  fetchAhead(() => [get('/queue'), get('/queue')]);
  await expect(get('/queue')).resolves.toBe(1);
  expect(server.calls).toHaveLength(1);
});

test('a failure fetched ahead stays quiet, and the screen asks again', async () => {
  const { setErrorNotifier } = await import('./client');
  setErrorNotifier((text) => toasts.push(text));
  fetchAhead(() => get('/broken'));
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(toasts).toEqual([]);
  await expect(get('/broken')).rejects.toThrow();
  expect(server.calls).toHaveLength(2);
  expect(toasts).toEqual(['Down']);
  setErrorNotifier(null);
});

test('a prefetch that throws is only a warning', () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  expect(() =>
    fetchAhead(() => {
      throw new Error('bad prefetch');
    }),
  ).not.toThrow();
  expect(warn).toHaveBeenCalled();
  warn.mockRestore();
});
