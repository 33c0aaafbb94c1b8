import { useEffect, useState } from 'react';
import { DEFAULT_STUDY_SETTINGS, learningApi, type ReviewQueue, type StudyScope } from '@flashcard/api-contract';
import { i18n, useAuthStore } from '@flashcard/shared-auth';
import { failureKind, toastFailure } from '@flashcard/shared-ui';
import '../../../i18n'; // registers the namespace of the toast below
import { offlineQueue, savedQueue } from '../../offline/offline-queue';
import { saveForOffline, studyingOffline } from '../../offline/offline-study';
import { queuedReviews } from '../../offline/review-outbox';

export interface DailyGoal {
  cardsStudied: number;
  dailyGoal: number;
  percent: number;
}

export interface StudyOverview {
  dueCount: number;
  /** New cards to learn today: those waiting, at most what today's allowance leaves. */
  newCount: number;
  /** New cards waiting (one per note) and the allowance a day, as the second line under it. */
  newWaiting: number;
  newCardsPerDay: number;
  goal: DailyGoal;
}

export function goalPercent(cardsStudied: number, dailyGoal: number): number {
  if (dailyGoal <= 0) return 0;
  // Past the goal the bar is simply full.
  return Math.min(100, Math.round((cardsStudied / dailyGoal) * 100));
}

export type StudyOverviewState =
  { status: 'loading' } | { status: 'ready'; overview: StudyOverview } | { status: 'failed' };

/**
 * The hub's counts (of the chosen set or tag) and daily goal, all from the review queue (one
 * call). The queue is saved for studying offline; offline, the saved one (with the ratings
 * waiting applied) gives the counts.
 */
export function useStudyOverview(scope: StudyScope = {}): StudyOverviewState {
  const [state, setState] = useState<StudyOverviewState>({ status: 'loading' });
  const { set, tag } = scope;

  useEffect(() => {
    let active = true; // ignore answers that arrive after unmount (or StrictMode's first mount)
    const userId = useAuthStore.getState().user?.id ?? null;
    const scope = { set, tag };
    /** No network: the queue saved for this scope, or the failure. */
    const offline = async (err: unknown): Promise<ReviewQueue> => {
      const saved = userId !== null && failureKind(err) === 'network' ? await savedQueue(userId, scope) : undefined;
      if (!saved || userId === null) throw err;
      studyingOffline(saved.savedAt);
      return offlineQueue(saved.queue, await queuedReviews(userId), new Date());
    };
    learningApi
      .reviewQueue(undefined, scope)
      .then((queue) => {
        saveForOffline(scope, queue);
        return queue;
      }, offline)
      .then((queue) => {
        if (!active) return;
        const cardsStudied = Number(queue?.dailyGoal?.cardsStudied) || 0;
        const dailyGoal = Number(queue?.dailyGoal?.dailyGoal) || DEFAULT_STUDY_SETTINGS.dailyGoal;
        setState({
          status: 'ready',
          overview: {
            dueCount: Number(queue?.dueCount) || 0,
            newCount: Number(queue?.newCount) || 0,
            newWaiting: Number(queue?.newWaiting) || Number(queue?.newCount) || 0,
            newCardsPerDay: Number(queue?.newCardsPerDay) || DEFAULT_STUDY_SETTINGS.newCardsPerDay,
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
