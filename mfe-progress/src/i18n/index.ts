// The progress remote's namespace (see createNamespace of shared-ui): `useProgressText` in
// components (`useProgressLocale` with its language), `progressText` in the pure helpers.
import { currentLanguage } from '@flashcard/shared-auth';
import { createNamespace } from '@flashcard/shared-ui';
import en from './en';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    progress: typeof en;
  }
}

export const {
  useText: useProgressText,
  useLocale: useProgressLocale,
  text: progressText,
} = createNamespace('progress', {
  en,
  es: () => import('./es'),
  fr: () => import('./fr'),
  de: () => import('./de'),
  it: () => import('./it'),
});

/** The page's language, for `Intl` formatting of numbers and dates. */
export const progressLanguage = currentLanguage;
