// A manifest as the registry answers it for the five built-in remotes, for the shell's tests.
import type { Manifest } from '@flashcard/api-contract';

const remote = (name: string, routes: Manifest['remotes'][number]['routes'], navigation: Manifest['remotes'][number]['navigation']) => ({
  name,
  version: '0.1.0+0000000a',
  entry: `/remotes/${name}/0.1.0+0000000a/mf-manifest.json`,
  routes,
  navigation,
});

export const TEST_MANIFEST: Manifest = {
  kernelVersion: '1.0.0',
  devOverrides: false,
  remotes: [
    remote('mfe_admin', [{ path: '/admin/*', module: './App', roles: ['admin', 'super_admin'] }], [
      { label: 'Admin', path: '/admin', icon: '\u2699', order: 90, roles: ['admin', 'super_admin'] },
    ]),
    remote('mfe_cards', [{ path: '/cards/*', module: './App' }], [{ label: 'My Cards', path: '/cards', icon: '\u2750', order: 30 }]),
    remote('mfe_progress', [{ path: '/progress/*', module: './App' }], [{ label: 'Progress', path: '/progress', icon: '\u2197', order: 40 }]),
    remote(
      'mfe_social',
      [
        { path: '/social/*', module: './Social' },
        { path: '/achievements', module: './Achievements' },
        { path: '/profile', module: './Profile' },
      ],
      [
        { label: 'Social', path: '/social', icon: '\u263A', order: 50, module: './Social' },
        { label: 'Achievements', path: '/achievements', icon: '\u2605', order: 60, module: './Achievements' },
      ],
    ),
    remote('mfe_study', [{ path: '/study/*', module: './App' }], [{ label: 'Study', path: '/study', icon: '\u270E', order: 20 }]),
  ],
};
