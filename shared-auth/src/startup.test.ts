import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
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

test('loading the kernel in Node opens nothing that keeps the process running (a team script on the mock kernel exits)', () => {
  // Node has BroadcastChannel too: an open one would hold the process forever.
  const output = execFileSync(
    process.execPath,
    ['--import', 'tsx', '-e', "require('./src/testing'); console.log('loaded')"],
    {
      cwd: join(__dirname, '..'),
      timeout: 20_000,
      encoding: 'utf8',
    },
  );
  expect(output.trim()).toBe('loaded');
});
