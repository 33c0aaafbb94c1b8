// The shared components' namespace, 'ui' (create-namespace.ts describes the three parts).
import { createNamespace } from './create-namespace';
import en from './en';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    ui: typeof en;
  }
}

export const {
  namespace: UI_NAMESPACE,
  useText: useUiText,
  useLocale: useUiLocale,
  text: uiText,
} = createNamespace('ui', {
  en,
  es: () => import('./es'),
  fr: () => import('./fr'),
  de: () => import('./de'),
  it: () => import('./it'),
});
