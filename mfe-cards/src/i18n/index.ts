// The cards remote's namespace (see createNamespace of shared-ui): `useCardsText`, and
// `useCardsLocale` for `t` and its language (Intl formatting of numbers).
import { createNamespace } from '@flashcard/shared-ui';
import en from './en';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    cards: typeof en;
  }
}

export const { useText: useCardsText, useLocale: useCardsLocale } = createNamespace('cards', {
  en,
  es: () => import('./es'),
  fr: () => import('./fr'),
  de: () => import('./de'),
  it: () => import('./it'),
});
