// The shell's namespace (see createNamespace of shared-ui): `useShellText`, `useShellLocale` for
// `t` and its language (Intl formatting, the sidebar's labels), `shellText` for pure helpers.
import type { TFunction } from 'i18next';
import { createNamespace } from '@flashcard/shared-ui';
import en from './en';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    shell: typeof en;
  }
}

export const {
  namespace: SHELL_NAMESPACE,
  useText: useShellText,
  useLocale: useShellLocale,
  text: shellText,
} = createNamespace('shell', {
  en,
  es: () => import('./es'),
  fr: () => import('./fr'),
  de: () => import('./de'),
  it: () => import('./it'),
});

export type ShellText = TFunction<'shell'>;
