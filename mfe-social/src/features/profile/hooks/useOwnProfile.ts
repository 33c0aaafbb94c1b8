import { useCallback, useEffect, useState } from 'react';
import { gamificationApi, type Profile } from '@flashcard/api-contract';

export type OwnProfileState = { status: 'loading' } | { status: 'ready'; profile: Profile } | { status: 'failed' };

/** The signed-in learner's own numbers (GET /gamification/profile); `retry` loads them again. */
export function useOwnProfile(): { state: OwnProfileState; retry: () => void } {
  const [state, setState] = useState<OwnProfileState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true; // ignore an answer that arrives after unmount
    gamificationApi
      .profile()
      .then((profile) => active && setState({ status: 'ready', profile }))
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
