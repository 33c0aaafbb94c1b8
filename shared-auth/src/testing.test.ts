// The mock kernel a team's tests run against: the real store and client, a table for the API.
import { apiClient, useAuthStore } from './index';
import { getAccessToken } from './session';
import { mockKernel, MOCK_USER, type MockKernel } from './testing';

let kernel: MockKernel | undefined;
afterEach(() => kernel?.restore());

describe('mockKernel', () => {
  it('signs a learner in as the shell would: store and in-memory token, nothing in storage', async () => {
    kernel = mockKernel({ user: { role: 'admin', email: 'ada@example.com' } });
    expect(useAuthStore.getState()).toMatchObject({
      isAuthenticated: true,
      isLoading: false,
      user: { ...MOCK_USER, role: 'admin', email: 'ada@example.com' },
    });
    expect(getAccessToken()).toBe('mock-access-token');
    expect(localStorage.length + sessionStorage.length).toBe(0);
    kernel.on('GET /decks', { status: 200, data: { decks: ['French'] } });
    await apiClient.get('/decks');
    expect(kernel.calls[0].headers.Authorization).toBe('Bearer mock-access-token');
  });

  it('answers from its table by method and path, query left out, and records the requests', async () => {
    kernel = mockKernel({
      api: {
        'GET /cards': { status: 200, data: { cards: [{ id: 7 }] } },
        'POST /cards': (config) => ({ status: 201, data: { card: { id: 8, ...JSON.parse(config.data as string) } } }),
      },
    });
    await expect(apiClient.get('/cards?page=2').then((r) => r.data)).resolves.toEqual({ cards: [{ id: 7 }] });
    await expect(apiClient.post('/cards', { front: 'a' }).then((r) => r.data)).resolves.toEqual({
      card: { id: 8, front: 'a' },
    });
    expect(kernel.requests()).toEqual(['GET /cards', 'POST /cards']);
  });

  it('fails a request it has no answer for with a 404 naming it', async () => {
    kernel = mockKernel();
    const failure = await apiClient
      .get('/nowhere', { skipErrorToast: true })
      .catch((error: { response: { status: number; data: unknown } }) => error.response);
    expect(failure).toEqual(
      expect.objectContaining({ status: 404, data: { error: 'mockKernel has no answer for GET /nowhere' } }),
    );
  });

  it('can run signed out, and restore() signs out and gives the client its transport back', async () => {
    const original = apiClient.defaults.adapter;
    kernel = mockKernel({ user: null });
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: false, user: null });
    expect(apiClient.defaults.headers.common.Authorization).toBeUndefined();
    kernel.restore();
    kernel = mockKernel();
    kernel.restore();
    kernel = undefined;
    expect(apiClient.defaults.adapter).toBe(original);
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(getAccessToken()).toBeNull();
  });
});
