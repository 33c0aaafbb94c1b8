import type * as ClientModule from './client';
import { LEGACY_STORAGE_KEYS } from './session';

test('on start-up nothing is read from storage: a kernel 1.x token there is never put to use as a bearer', () => {
  localStorage.setItem(LEGACY_STORAGE_KEYS.accessToken, 'stored-token');
  jest.isolateModules(() => {
    const { apiClient } = require('./client') as typeof ClientModule;
    expect(apiClient.defaults.headers.common.Authorization).toBeUndefined();
  });
  localStorage.clear();
});
