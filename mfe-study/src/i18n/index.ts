// The study remote's namespace, in the same three parts as every app's (see shared-ui/src/i18n):
// English bundled, the other languages as lazy chunks typed against it, registered with the
// kernel's one i18next instance.
import { currentLanguage, registerMessages } from '@flashcard/shared-auth';
import { useTranslation } from 'react-i18next';
import en from './en';

export const STUDY_NAMESPACE = 'study';

registerMessages(STUDY_NAMESPACE, {
  en,
  es: () => import('./es'),
  fr: () => import('./fr'),
  de: () => import('./de'),
  it: () => import('./it'),
});

declare module 'i18next' {
  interface ResourceNamespaceMap {
    study: typeof en;
  }
}

/** `t` of this namespace: `const t = useStudyText(); t('hub.title')`. */
export function useStudyText() {
  return useTranslation(STUDY_NAMESPACE).t;
}

/** The page's language, for `Intl` formatting of numbers and lists. */
export const studyLanguage = currentLanguage;
