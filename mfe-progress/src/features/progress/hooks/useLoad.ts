import { useCallback, useEffect, useRef, useState } from 'react';

export type LoadState<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed' };

/**
 * One call behind one panel: loading, then ready or failed, with a reload for the panel's Retry.
 * A failure stays inside its panel (the shared client has already shown the generic error toast).
 */
export function useLoad<T>(load: () => Promise<T>): { state: LoadState<T>; reload: () => void } {
  const [state, setState] = useState<LoadState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);

  useEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
    let active = true; // ignore answers that arrive after unmount (or StrictMode's first mount)
    loadRef.current().then(
      (data) => active && setState({ status: 'ready', data }),
      () => active && setState({ status: 'failed' }),
    );
    return () => {
      active = false;
    };
  }, [attempt]);

  const reload = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  return { state, reload };
}
