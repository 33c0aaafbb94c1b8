// The progress remote's namespace, in the same three parts as every app's (see shared-ui/src/i18n):
// English bundled, the other languages as lazy chunks typed against it, registered with the
// kernel's one i18next instance.
import { currentLanguage, i18n, registerMessages } from '@flashcard/shared-auth';
import { useTranslation } from 'react-i18next';
import en from './en';

export const PROGRESS_NAMESPACE = 'progress';

registerMessages(PROGRESS_NAMESPACE, {
  en,
  es: () => import('./es'),
  fr: () => import('./fr'),
  de: () => import('./de'),
  it: () => import('./it'),
});

declare module 'i18next' {
  interface ResourceNamespaceMap {
    progress: typeof en;
  }
}

/** `t` of this namespace: `const t = useProgressText(); t('page.title')`. */
export function useProgressText() {
  return useTranslation(PROGRESS_NAMESPACE).t;
}

/**
 * The same `t` for the pure helpers (chart summaries, relative times, labels). It speaks the
 * page's language at call time; the components calling them re-render through `useProgressText`
 * when the language changes.
 */
export const progressText = i18n.getFixedT(null, PROGRESS_NAMESPACE);

/** The page's language, for `Intl` formatting of numbers and dates. */
export const progressLanguage = currentLanguage;
