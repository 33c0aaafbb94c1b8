// The admin remote's namespace (see createNamespace of shared-ui): `useAdminText` in components,
// `adminText` in pure helpers.
import type { TFunction } from 'i18next';
import { createNamespace } from '@flashcard/shared-ui';
import en from './en';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    admin: typeof en;
  }
}

export const { useText: useAdminText, text: adminText } = createNamespace('admin', {
  en,
  es: () => import('./es'),
  fr: () => import('./fr'),
  de: () => import('./de'),
  it: () => import('./it'),
});

export type AdminText = TFunction<'admin'>;
