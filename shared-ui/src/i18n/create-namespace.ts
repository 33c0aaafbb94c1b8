// An app's translations in one call. Every app (the shell, each remote, these shared components)
// has the same three parts: en.ts (bundled: tests and the first paint need no network),
// es/fr/de/it.ts (lazy chunks typed `MessagesOf<typeof en>`, so a missing key fails typecheck),
// and an index.ts that declares the namespace's keys to i18next and calls this:
//
//   declare module 'i18next' {
//     interface ResourceNamespaceMap {
//       quiz: typeof en;
//     }
//   }
//   export const { useText: useQuizText, text: quizText } = createNamespace('quiz', {
//     en,
//     es: () => import('./es'),
//     ...
//   });
//
// The loaders stay in the app's own file: each `import('./es')` is what makes its chunk.
import { i18n, registerMessages, type Catalogue } from '@flashcard/shared-auth';
import type { FlatNamespace, TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

export interface Namespace<N extends FlatNamespace> {
  namespace: N;
  /** `t` of this namespace in a component: `const t = useText(); t('page.title')`. */
  useText(): TFunction<N>;
  /** `t` and the language it speaks (for Intl formatting of numbers, dates and times). */
  useLocale(): { t: TFunction<N>; language: string };
  /**
   * `t` outside React (pure helpers), in the page's language at call time. The components that
   * call such helpers use `useText`, so a language change re-renders them.
   */
  text: TFunction<N>;
}

/**
 * Registers `namespace` with the kernel's one i18next instance (English now, the page's
 * language as soon as its chunk arrives) and returns its `t` in the three forms apps use.
 */
export function createNamespace<N extends FlatNamespace>(namespace: N, catalogue: Catalogue): Namespace<N> {
  registerMessages(namespace, catalogue);
  function useLocale() {
    const { t, i18n: instance } = useTranslation(namespace);
    // react-i18next types `t` as FallbackNs<N>, which is N for the one namespace given here.
    return { t: t as TFunction<N>, language: instance.language };
  }
  function useText() {
    return useLocale().t;
  }
  return { namespace, useText, useLocale, text: i18n.getFixedT(null, namespace) };
}
