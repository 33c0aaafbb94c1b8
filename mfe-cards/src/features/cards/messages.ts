// User-visible texts for code outside components (hooks, helpers): they read the page's current
// language at call time from the kernel's one i18next instance. The texts themselves live in
// src/i18n (namespace 'cards'); the spec's quoted toasts stay exact in English there.
import { i18n } from '@flashcard/shared-auth';
import '../../i18n'; // registers the namespace even when only this module is loaded
import type en from '../../i18n/en';

/** A fixed toast or confirmation text (`messages.*`, no plural forms). */
export type MessageKey = {
  [K in keyof (typeof en)['messages']]: K extends `${string}_${'one' | 'other'}` ? never : K;
}[keyof (typeof en)['messages']];

/** The text of `messages.<key>` in the current language: 'Failed to load cards'. */
export function message(key: MessageKey): string {
  return i18n.t(`cards:messages.${key}`);
}

/** Why a search term cannot be evaluated over the cards kept offline ('prop:r'). */
export function offlineOnly(term: string): string {
  return i18n.t('cards:browser.onlineOnly', { term });
}

/** Deleting a set keeps its cards: the user is told so before confirming. */
export function confirmDeleteSet(name: string, cardCount: number | undefined): string {
  if (cardCount === undefined) return i18n.t('cards:sets.confirmDeleteUncounted', { name });
  if (cardCount === 0) return i18n.t('cards:sets.confirmDeleteEmpty', { name });
  return i18n.t('cards:sets.confirmDelete', { name, count: cardCount });
}
