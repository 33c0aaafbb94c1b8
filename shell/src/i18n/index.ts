// The shell's namespace, in the same three parts as every app's (see shared-ui/src/i18n).
import { i18n, registerMessages } from '@flashcard/shared-auth';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import en from './en';

export const SHELL_NAMESPACE = 'shell';

registerMessages(SHELL_NAMESPACE, {
  en,
  es: () => import('./es'),
  fr: () => import('./fr'),
  de: () => import('./de'),
  it: () => import('./it'),
});

declare module 'i18next' {
  interface ResourceNamespaceMap {
    shell: typeof en;
  }
}

export type ShellText = TFunction<'shell'>;

/** `t` of the shell's namespace. */
export function useShellText(): ShellText {
  return useTranslation(SHELL_NAMESPACE).t;
}

/** `t` and the language it speaks (for Intl formatting and the sidebar's translated labels). */
export function useShellLocale(): { t: ShellText; language: string } {
  const { t, i18n: instance } = useTranslation(SHELL_NAMESPACE);
  return { t, language: instance.language };
}

/**
 * `t` of the shell's namespace outside React (pure helpers), in the page's current language.
 * Components call them during a render their hook triggers, so a language change re-renders them.
 */
export const shellText: ShellText = i18n.getFixedT(null, SHELL_NAMESPACE);
