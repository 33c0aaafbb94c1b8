// The admin remote's namespace, in the same three parts as every app's (see shared-ui/src/i18n):
// en.ts (bundled), es/fr/de/it.ts (lazy chunks, typed against English), and this file.
import { i18n, registerMessages } from '@flashcard/shared-auth';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import en from './en';

export const ADMIN_NAMESPACE = 'admin';

registerMessages(ADMIN_NAMESPACE, {
  en,
  es: () => import('./es'),
  fr: () => import('./fr'),
  de: () => import('./de'),
  it: () => import('./it'),
});

declare module 'i18next' {
  interface ResourceNamespaceMap {
    admin: typeof en;
  }
}

export type AdminText = TFunction<'admin'>;

/** `t` of the admin namespace: `const t = useAdminText(); t('dashboard.title')`. */
export function useAdminText(): AdminText {
  return useTranslation(ADMIN_NAMESPACE).t;
}

/**
 * `t` of the admin namespace outside React (pure helpers), in the page's current language.
 * Components pass their hook's `t` instead, so a language change re-renders them.
 */
export const adminText: AdminText = i18n.getFixedT(null, ADMIN_NAMESPACE);
