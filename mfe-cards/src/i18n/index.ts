// The cards remote's namespace, in the same three parts as every app's (see shared-ui/src/i18n):
// English bundled, the other languages as lazy chunks typed against it, registered with the
// kernel's one i18next instance.
import { registerMessages } from '@flashcard/shared-auth';
import { useTranslation } from 'react-i18next';
import en from './en';

export const CARDS_NAMESPACE = 'cards';

registerMessages(CARDS_NAMESPACE, {
  en,
  es: () => import('./es'),
  fr: () => import('./fr'),
  de: () => import('./de'),
  it: () => import('./it'),
});

declare module 'i18next' {
  interface ResourceNamespaceMap {
    cards: typeof en;
  }
}

/** `t` of this namespace: `const t = useCardsText(); t('page.title')`. */
export function useCardsText() {
  return useTranslation(CARDS_NAMESPACE).t;
}

/** `t` and the language it speaks (for Intl formatting of numbers). */
export function useCardsLocale() {
  const { t, i18n } = useTranslation(CARDS_NAMESPACE);
  return { t, language: i18n.language };
}
