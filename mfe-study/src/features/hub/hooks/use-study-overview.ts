import { useEffect, useState } from 'react';
import { DEFAULT_STUDY_SETTINGS, learningApi, type StudyScope } from '@flashcard/api-contract';
import { i18n } from '@flashcard/shared-auth';
import { toastFailure } from '@flashcard/shared-ui';
import '../../../i18n'; // registers the namespace of the toast below

export interface DailyGoal {
  cardsStudied: number;
  dailyGoal: number;
  percent: number;
}

export interface StudyOverview {
  dueCount: number;
  newCount: number;
  goal: DailyGoal;
}

export function goalPercent(cardsStudied: number, dailyGoal: number): number {
  if (dailyGoal <= 0) return 0;
  // Past the goal the bar is simply full.
  return Math.min(100, Math.round((cardsStudied / dailyGoal) * 100));
}

export type StudyOverviewState =
  { status: 'loading' } | { status: 'ready'; overview: StudyOverview } | { status: 'failed' };

/** The hub's counts (of the chosen set or tag) and daily goal, all from the review queue (one call). */
export function useStudyOverview(scope: StudyScope = {}): StudyOverviewState {
  const [state, setState] = useState<StudyOverviewState>({ status: 'loading' });
  const { set, tag } = scope;

  useEffect(() => {
    let active = true; // ignore answers that arrive after unmount (or StrictMode's first mount)
    learningApi
      .reviewQueue(undefined, { set, tag })
      .then((queue) => {
        if (!active) return;
        const cardsStudied = Number(queue?.dailyGoal?.cardsStudied) || 0;
        const dailyGoal = Number(queue?.dailyGoal?.dailyGoal) || DEFAULT_STUDY_SETTINGS.dailyGoal;
        setState({
          status: 'ready',
          overview: {
            dueCount: Number(queue?.dueCount) || 0,
            newCount: Number(queue?.newCount) || 0,
            goal: { cardsStudied, dailyGoal, percent: goalPercent(cardsStudied, dailyGoal) },
          },
        });
      })
      .catch((err: unknown) => {
        if (!active) return;
        toastFailure(i18n.t('study:hub.loadFailed'), err);
        setState({ status: 'failed' });
      });
    return () => {
      active = false;
    };
  }, [set, tag]);

  return state;
}
