import { apiClient, fetchAhead } from '@flashcard/shared-auth';
import { fakeServer } from '@flashcard/shared-auth/testing';
import { pageSettled, SETTLE_LIMIT_MS } from './settled';

test('the page settles only once no API call is in flight and nothing else is busy', async () => {
  let answer: () => void = () => undefined;
  const server = fakeServer(() => new Promise((resolve) => (answer = () => resolve({ status: 200, data: {} }))));
  try {
    const call = apiClient.get('/slow');
    let busy = true;
    let settled = false;
    void pageSettled(() => busy).then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(settled).toBe(false); // the call is in flight
    answer();
    await call;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(settled).toBe(false); // still busy
    busy = false;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(settled).toBe(true);
  } finally {
    server.restore();
  }
});

test('a page that never settles counts as settled after the limit', async () => {
  let time = 0;
  const settled = pageSettled(
    () => true,
    () => (time += SETTLE_LIMIT_MS / 4),
  );
  await expect(settled).resolves.toBeUndefined();
});

test("counting the calls keeps the client's requests synchronous: a call fetched ahead still serves the screen's", async () => {
  const server = fakeServer(() => ({ status: 200, data: { ok: true } }));
  try {
    fetchAhead(() => apiClient.get('/queue'));
    await apiClient.get('/queue');
    expect(server.calls).toHaveLength(1);
  } finally {
    server.restore();
  }
});
