// A manifest as the registry answers it for the five built-in remotes (their package.json
// navigation, translated labels included), for the shell's tests.
import type { Manifest } from '@flashcard/api-contract';

const remote = (
  name: string,
  routes: Manifest['remotes'][number]['routes'],
  navigation: Manifest['remotes'][number]['navigation'],
) => ({
  name,
  version: '0.1.0+0000000a',
  entry: `/remotes/${name}/0.1.0+0000000a/mf-manifest.json`,
  routes,
  navigation,
});

export const TEST_MANIFEST: Manifest = {
  kernelVersion: '1.0.0',
  devOverrides: false,
  previews: [],
  remotes: [
    remote(
      'mfe_admin',
      [{ path: '/admin/*', module: './App', roles: ['admin', 'super_admin'] }],
      [
        {
          label: 'Admin',
          labels: { es: 'Administración', fr: 'Administration', de: 'Verwaltung', it: 'Amministrazione' },
          path: '/admin',
          icon: '\u2699',
          order: 90,
          roles: ['admin', 'super_admin'],
        },
      ],
    ),
    remote(
      'mfe_cards',
      [{ path: '/cards/*', module: './App' }],
      [
        {
          label: 'My Cards',
          labels: { es: 'Mis tarjetas', fr: 'Mes cartes', de: 'Meine Karten', it: 'Le mie schede' },
          path: '/cards',
          icon: '\u2750',
          order: 30,
        },
      ],
    ),
    remote(
      'mfe_progress',
      [{ path: '/progress/*', module: './App' }],
      [
        {
          label: 'Progress',
          labels: { es: 'Progreso', fr: 'Progrès', de: 'Fortschritt', it: 'Progressi' },
          path: '/progress',
          icon: '\u2197',
          order: 40,
        },
      ],
    ),
    remote(
      'mfe_social',
      [
        { path: '/social/*', module: './Social' },
        { path: '/achievements', module: './Achievements' },
        { path: '/profile', module: './Profile' },
      ],
      [
        {
          label: 'Social',
          labels: { es: 'Social', fr: 'Social', de: 'Soziales', it: 'Social' },
          path: '/social',
          icon: '\u263A',
          order: 50,
          module: './Social',
        },
        {
          label: 'Achievements',
          labels: { es: 'Logros', fr: 'Succès', de: 'Erfolge', it: 'Traguardi' },
          path: '/achievements',
          icon: '\u2605',
          order: 60,
          module: './Achievements',
        },
      ],
    ),
    remote(
      'mfe_study',
      [{ path: '/study/*', module: './App' }],
      [
        {
          label: 'Study',
          labels: { es: 'Estudiar', fr: 'Étudier', de: 'Lernen', it: 'Studio' },
          path: '/study',
          icon: '\u270E',
          order: 20,
        },
      ],
    ),
  ],
};
