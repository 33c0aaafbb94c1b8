import type * as ClientModule from './client';
import { STORAGE_KEYS } from './session';

test('on start-up the stored token is restored into the Authorization header', () => {
  localStorage.setItem(STORAGE_KEYS.accessToken, 'stored-token');
  jest.isolateModules(() => {
    const { apiClient } = require('./client') as typeof ClientModule;
    expect(apiClient.defaults.headers.common.Authorization).toBe('Bearer stored-token');
  });
  localStorage.clear();
  jest.isolateModules(() => {
    const { apiClient } = require('./client') as typeof ClientModule;
    expect(apiClient.defaults.headers.common.Authorization).toBeUndefined();
  });
});
