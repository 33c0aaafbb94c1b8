import { useCallback, useEffect, useState } from 'react';
import { toast } from 'react-hot-toast';
import { cardsApi, type Card } from '@flashcard/shared-auth';

export const CARDS_LOAD_ERROR = 'Failed to load cards';

type CardsState = { status: 'loading' } | { status: 'ready'; cards: Card[] } | { status: 'failed' };

/** The learner's cards; `reload` lets the screen offer a retry after a failure. */
export function useCards() {
  const [state, setState] = useState<CardsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true; // drop answers that arrive after unmount or a newer reload
    setState({ status: 'loading' });
    cardsApi
      .list()
      .then((cards) => {
        if (active) setState({ status: 'ready', cards: Array.isArray(cards) ? cards : [] });
      })
      .catch(() => {
        if (!active) return;
        toast.error(CARDS_LOAD_ERROR);
        setState({ status: 'failed' });
      });
    return () => {
      active = false;
    };
  }, [attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, reload };
}
