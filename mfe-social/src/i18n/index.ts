// The social remote's namespace (see createNamespace of shared-ui): `useSocialText`, and
// `useSocialLocale` for `t` and its language (Intl formatting of numbers, dates and times).
import { createNamespace } from '@flashcard/shared-ui';
import en from './en';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    social: typeof en;
  }
}

export const { useText: useSocialText, useLocale: useSocialLocale } = createNamespace('social', {
  en,
  es: () => import('./es'),
  fr: () => import('./fr'),
  de: () => import('./de'),
  it: () => import('./it'),
});
