// The study remote's namespace (see createNamespace of shared-ui): `useStudyText`.
import { currentLanguage } from '@flashcard/shared-auth';
import { createNamespace } from '@flashcard/shared-ui';
import en from './en';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    study: typeof en;
  }
}

export const { useText: useStudyText, useLocale: useStudyLocale } = createNamespace('study', {
  en,
  es: () => import('./es'),
  fr: () => import('./fr'),
  de: () => import('./de'),
  it: () => import('./it'),
});

/** The page's language, for `Intl` formatting of numbers and lists. */
export const studyLanguage = currentLanguage;
