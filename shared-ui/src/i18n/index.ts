// The shared components' namespace. Every app has the same three parts: en.ts (bundled),
// es/fr/de/it.ts (lazy chunks, typed against English), and this file, which registers them with
// the kernel's one i18next instance and types `t` keys for this namespace.
import { registerMessages } from '@flashcard/shared-auth';
import { useTranslation } from 'react-i18next';
import en from './en';

export const UI_NAMESPACE = 'ui';

registerMessages(UI_NAMESPACE, {
  en,
  es: () => import('./es'),
  fr: () => import('./fr'),
  de: () => import('./de'),
  it: () => import('./it'),
});

declare module 'i18next' {
  interface ResourceNamespaceMap {
    ui: typeof en;
  }
}

/** `t` of this namespace: `const t = useUiText(); t('accessDenied.title')`. */
export function useUiText() {
  return useTranslation(UI_NAMESPACE).t;
}
