import { useEffect, useState } from 'react';
import { toast } from 'react-hot-toast';
import { dashboardApi } from '@flashcard/shared-auth';

export const STUDY_LOAD_ERROR = 'Failed to load study data';
/** Spec: the daily goal defaults to 0 studied of 15. */
export const DEFAULT_DAILY_GOAL = 15;

export interface DailyGoal {
  cardsStudied: number;
  dailyGoal: number;
  percent: number;
}

export function goalPercent(cardsStudied: number, dailyGoal: number): number {
  if (dailyGoal <= 0) return 0;
  // Past the goal the bar is simply full.
  return Math.min(100, Math.round((cardsStudied / dailyGoal) * 100));
}

type DailyGoalState = { status: 'loading' } | { status: 'ready'; goal: DailyGoal } | { status: 'failed' };

export function useDailyGoal(): DailyGoalState {
  const [state, setState] = useState<DailyGoalState>({ status: 'loading' });

  useEffect(() => {
    let active = true; // ignore answers that arrive after unmount (or StrictMode's first mount)
    dashboardApi
      .getDashboard()
      .then((data) => {
        if (!active) return;
        const cardsStudied = Number(data?.dailyGoal?.cardsStudied) || 0;
        const dailyGoal = Number(data?.dailyGoal?.dailyGoal) || DEFAULT_DAILY_GOAL;
        setState({ status: 'ready', goal: { cardsStudied, dailyGoal, percent: goalPercent(cardsStudied, dailyGoal) } });
      })
      .catch(() => {
        if (!active) return;
        toast.error(STUDY_LOAD_ERROR);
        setState({ status: 'failed' });
      });
    return () => {
      active = false;
    };
  }, []);

  return state;
}
