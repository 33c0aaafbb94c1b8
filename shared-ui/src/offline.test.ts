import { failureKind, newIdempotencyKey } from './offline';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => jest.restoreAllMocks());

test('uses crypto.randomUUID when the page has it', () => {
  jest.spyOn(crypto, 'randomUUID').mockReturnValue('11111111-2222-4333-8444-555555555555');
  expect(newIdempotencyKey()).toBe('11111111-2222-4333-8444-555555555555');
});

test('builds a v4 UUID from getRandomValues where randomUUID is missing (plain http)', () => {
  const original = crypto.randomUUID;
  Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
  try {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(UUID_V4);
  } finally {
    Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
  }
});

test('tells the network from the server, and keeps what is neither', () => {
  const answered = (status: number) => ({ isAxiosError: true, response: { status } });
  expect(failureKind({ isAxiosError: true, response: undefined })).toBe('network');
  for (const status of [500, 503, 429, 409, 408, 401]) expect(failureKind(answered(status))).toBe('later');
  for (const status of [400, 404, 422]) expect(failureKind(answered(status))).toBe('refused');
  expect(failureKind(new Error('a bug, not the network'))).toBe('later');
});
