// A learner's name in the page's language: the API sends `display_name` null for a learner who
// chose none, and every screen that shows one (leaderboard, feed, profiles, friend lists, search,
// requests, the bell) words the stand-in here, once.
import { i18n } from '@flashcard/shared-auth';
import type { TFunction } from 'i18next';
import { UI_NAMESPACE, useUiText } from './i18n';

export interface NamedLearner {
  id: number;
  display_name: string | null;
}

/** The chosen name, or the stand-in "Learner <id>" in the page's language. */
export function learnerName(learner: NamedLearner, t: TFunction<'ui'> = i18n.getFixedT(null, UI_NAMESPACE)): string {
  return learner.display_name ?? t('learner', { id: learner.id });
}

/** `learnerName` that re-renders its component when the language changes. */
export function useLearnerName(): (learner: NamedLearner) => string {
  const t = useUiText();
  return (learner) => learnerName(learner, t);
}
