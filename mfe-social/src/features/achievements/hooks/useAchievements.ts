import { useCallback, useEffect, useState } from 'react';
import { gamificationApi, type Achievement } from '@flashcard/api-contract';

export type AchievementsState =
  | { status: 'loading' }
  | { status: 'ready'; achievements: Achievement[] }
  | { status: 'failed' };

/** The catalogue with the learner's progress (GET /gamification/achievements); `retry` loads it again. */
export function useAchievements(): { state: AchievementsState; retry: () => void } {
  const [state, setState] = useState<AchievementsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true; // ignore an answer that arrives after unmount
    gamificationApi
      .achievements()
      .then((answer) => active && setState({ status: 'ready', achievements: answer.achievements }))
      .catch(() => active && setState({ status: 'failed' }));
    return () => {
      active = false;
    };
  }, [attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { state, retry };
}
